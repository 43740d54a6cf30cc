import type { FormType } from '../../lib/form-limits.ts';
import type { ContactInput, NewsletterInput, ParsedForm, WaitlistInput } from '../forms.ts';
import {
  NAME_NOT_PROVIDED,
  UTM,
  type Delivery,
  type DeliveryChannel,
  type DeliveryKind,
  type DeliveryPayload,
  type DeliveryStatus,
  type LeadContext,
  type LeadStore,
  type RecheckLead,
  type ReportEmailLead,
  type SaveOutcome,
} from './types.ts';

// The records both stores write, built in one place so that the embedded file and Supabase hold the
// same lead (decision 006): Supabase's `leads` columns as they are, and the embedded store's
// extra columns (form, website, service, message) read off the same record. Deliveries read back
// from either store become one `Delivery`.

/**
 * What a visitor submitted: a validated form, the report form with what its saved report says
 * (its audited address and permanent link, looked up by src/server/leads.ts).
 */
export type Submission =
  | Exclude<ParsedForm, { form: 'report' | 'recheck' }>
  | { form: 'report'; data: ReportEmailLead }
  | { form: 'recheck'; data: RecheckLead };

/** `lead_data`: what the form carried beyond the contact columns. Key order is the stored JSON's. */
export type LeadData =
  | { form_type: 'waitlist'; website: string; message: string; submitted_at: string }
  | { message: string; service: string; website: string; form_type: 'contact'; submitted_at: string }
  | { form_type: 'newsletter'; submitted_at: string }
  | {
      form_type: 'report';
      website: string;
      report_id: string;
      report_url: string;
      submitted_at: string;
    }
  | {
      form_type: 'recheck';
      website: string;
      report_id: string;
      report_url: string;
      recheck_id: string;
      submitted_at: string;
    };

/** The lead as stored: the columns of Supabase's `leads` table (the embedded store has them too). */
export interface LeadRecord {
  name: string | null;
  email: string;
  phone: null;
  company: null;
  source: string;
  language: string;
  lead_data: LeadData;
  utm_data: (typeof UTM)[FormType];
  status: 'new';
}

function leadData(submission: Submission, submitted_at: string): LeadData {
  switch (submission.form) {
    case 'waitlist': {
      const { website, message } = submission.data;
      return { form_type: 'waitlist', website, message, submitted_at };
    }
    case 'contact': {
      const { message, service, website } = submission.data;
      return { message, service, website, form_type: 'contact', submitted_at };
    }
    case 'newsletter':
      return { form_type: 'newsletter', submitted_at };
    case 'report': {
      const { website, report, reportUrl } = submission.data;
      return { form_type: 'report', website, report_id: report, report_url: reportUrl, submitted_at };
    }
    case 'recheck': {
      const { website, report, reportUrl, recheckId } = submission.data;
      return {
        form_type: 'recheck',
        website,
        report_id: report,
        report_url: reportUrl,
        recheck_id: recheckId,
        submitted_at,
      };
    }
  }
}

/**
 * What besides the form and the email makes two submissions the same lead within the duplicate
 * window: the report asked for or re-checked from (decisions 030, 032), nothing for the other
 * forms. Both stores compare it with `lead_data.report_id` (empty when absent).
 */
export function duplicateDetail(submission: Submission): string {
  return submission.form === 'report' || submission.form === 'recheck' ? submission.data.report : '';
}

/** The lead record of a submission, as both stores write it. */
export function leadRecord(submission: Submission, ctx: LeadContext): LeadRecord {
  const { data } = submission;
  return {
    name:
      submission.form === 'waitlist'
        ? submission.data.name || NAME_NOT_PROVIDED
        : submission.form === 'contact'
          ? submission.data.name
          : null,
    email: data.email,
    phone: null,
    company: null,
    source: ctx.source,
    language: data.lang,
    lead_data: leadData(submission, ctx.submittedAt.toISOString()),
    utm_data: UTM[submission.form],
    status: 'new',
  };
}

/** The embedded store's own columns, read off the record (empty texts are stored as NULL). */
export function leadColumns(record: LeadRecord): {
  form_type: FormType;
  website: string | null;
  service: string | null;
  message: string | null;
} {
  const data: { website?: string; service?: string; message?: string; form_type: FormType } =
    record.lead_data;
  return {
    form_type: record.lead_data.form_type,
    website: data.website || null,
    service: data.service || null,
    message: data.message || null,
  };
}

/**
 * The forms' save methods of a store, each handing its submission to the store's one `save`: both
 * stores extend this, so a lead is written by one path whatever its form.
 */
export abstract class SubmissionStore implements Pick<
  LeadStore,
  'saveWaitlist' | 'saveContact' | 'saveNewsletter' | 'saveReportEmail' | 'saveRecheck'
> {
  protected abstract save(submission: Submission, ctx: LeadContext): Promise<SaveOutcome>;

  saveWaitlist(data: WaitlistInput, ctx: LeadContext): Promise<SaveOutcome> {
    return this.save({ form: 'waitlist', data }, ctx);
  }

  saveContact(data: ContactInput, ctx: LeadContext): Promise<SaveOutcome> {
    return this.save({ form: 'contact', data }, ctx);
  }

  saveNewsletter(data: NewsletterInput, ctx: LeadContext): Promise<SaveOutcome> {
    return this.save({ form: 'newsletter', data }, ctx);
  }

  saveReportEmail(data: ReportEmailLead, ctx: LeadContext): Promise<SaveOutcome> {
    return this.save({ form: 'report', data }, ctx);
  }

  saveRecheck(data: RecheckLead, ctx: LeadContext): Promise<SaveOutcome> {
    return this.save({ form: 'recheck', data }, ctx);
  }
}

/** Saves a submission through the store's method for its form. */
export function saveSubmission(
  store: LeadStore,
  submission: Submission,
  ctx: LeadContext,
): Promise<SaveOutcome> {
  switch (submission.form) {
    case 'waitlist':
      return store.saveWaitlist(submission.data, ctx);
    case 'contact':
      return store.saveContact(submission.data, ctx);
    case 'newsletter':
      return store.saveNewsletter(submission.data, ctx);
    case 'report':
      return store.saveReportEmail(submission.data, ctx);
    case 'recheck':
      return store.saveRecheck(submission.data, ctx);
  }
}

/**
 * A `lead_deliveries` row as either store returns it: PostgREST's JSON (payload an object), or a
 * SQLite row (payload JSON text, the lead id a number).
 */
export interface DeliveryRecord {
  id: string;
  lead_id: string | number;
  channel: string;
  kind: string;
  recipient: string | null;
  payload: DeliveryPayload | string;
  status: string;
  attempts: number;
  /** Absent from rows written before the column existed. */
  expired_leases?: number | null;
  next_attempt_at: string;
  lease_until: string | null;
  leased_by: string | null;
  last_error: string | null;
  created_at: string;
  retried_at: string | null;
  delivered_at: string | null;
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

export function toDelivery(row: DeliveryRecord): Delivery {
  return {
    id: String(row.id),
    leadId: String(row.lead_id),
    channel: row.channel as DeliveryChannel,
    kind: row.kind as DeliveryKind,
    recipient: row.recipient ?? null,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as DeliveryPayload) : row.payload,
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    expiredLeases: Number(row.expired_leases ?? 0),
    nextAttemptAt: new Date(row.next_attempt_at),
    leaseUntil: date(row.lease_until),
    leasedBy: row.leased_by ?? null,
    lastError: row.last_error ?? null,
    createdAt: new Date(row.created_at),
    retriedAt: date(row.retried_at),
    deliveredAt: date(row.delivered_at),
  };
}
