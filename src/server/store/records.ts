import { FORM_TYPES, type FormType } from '../../lib/form-limits.ts';
import {
  NAME_NOT_PROVIDED,
  UTM,
  type Delivery,
  type DeliveryChannel,
  type DeliveryKind,
  type DeliveryLead,
  type DeliveryPayload,
  type DeliveryStatus,
  type LeadContext,
  type Submission,
  type VisitorMailRecord,
} from './types.ts';

// The records both stores write, built in one place so that the embedded file and Supabase hold the
// same lead (decision 006): Supabase's `leads` columns as they are, and the embedded store's
// extra columns (form, website, service, message) read off the same record. A delivery's payload is
// built here too, from a lead row of either store (decision 039), and deliveries read back from
// either store become one `Delivery`.

/** `lead_data`: what the form carried beyond the contact columns. Key order is the stored JSON's. */
export type LeadData =
  | { form_type: 'waitlist'; website: string; message: string; submitted_at: string; welcome_audit?: 'link' }
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
      const { website, message, welcomeAudit } = submission.data;
      // Present only when the welcome audit is not to run (decision 049).
      return {
        form_type: 'waitlist',
        website,
        message,
        submitted_at,
        ...(welcomeAudit ? { welcome_audit: welcomeAudit } : {}),
      };
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
 * window: the report asked for (decision 030), the subscription a re-check request created or found
 * (decision 032: a new subscription after an unsubscribe is a new request, decision 050), nothing for
 * the other forms. Both stores compare it with `lead_data.recheck_id`, else `lead_data.report_id`
 * (empty when neither).
 */
export function duplicateDetail(submission: Submission): string {
  if (submission.form === 'recheck') return submission.data.recheckId;
  return submission.form === 'report' ? submission.data.report : '';
}

/**
 * `lead_data` keys that are a visitor's secret: a re-check's id is the key of its confirm and
 * unsubscribe links. They stay in the store and reach the visitor's own emails, never the team
 * email, the webhook or any other channel (decision 050).
 */
export const SECRET_LEAD_DATA: readonly string[] = ['recheck_id'];

/** A payload as it may leave the server for others than the visitor: without the visitor's secrets. */
export function sharedPayload(payload: DeliveryPayload): DeliveryPayload {
  const leadData = Object.fromEntries(
    Object.entries(payload.lead.lead_data).filter(([key]) => !SECRET_LEAD_DATA.includes(key)),
  );
  return { ...payload, lead: { ...payload.lead, lead_data: leadData } };
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON column as an object: SQLite rows hold it as text, PostgREST's and payloads as objects. */
function objectColumn(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return isObject(value) ? value : {};
  try {
    return objectColumn(JSON.parse(value));
  } catch {
    return {};
  }
}

/** A text value, or null when it is missing, empty or not text. */
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * A delivery's payload from a lead row of either store, or from a payload's lead (given back
 * unchanged): Supabase's `leads` row (the lead record's columns as `leadRecord` builds them, the form,
 * website, service and message inside `lead_data`), or the embedded store's (the same, with those four
 * also in columns of their own and the JSON columns as text). Any other column is kept as it is. The
 * embedded store's writes, the re-check job's email and every delivery read back go through here, so
 * the channels read one shape.
 */
export function deliveryPayload(row: Record<string, unknown>): DeliveryPayload {
  const data = objectColumn(row.lead_data);
  const stated = data.form_type ?? row.form_type;
  const form = (FORM_TYPES as readonly unknown[]).includes(stated) ? (stated as FormType) : 'unknown';
  /** A field of the form: the embedded row's column when it has one, else `lead_data`'s. */
  const field = (name: 'website' | 'service' | 'message') =>
    name in row ? textOrNull(row[name]) : textOrNull(data[name]);
  const language = typeof row.language === 'string' ? row.language : '';
  const lead: DeliveryLead = {
    ...row,
    id: typeof row.id === 'string' || typeof row.id === 'number' ? row.id : null,
    form_type: form,
    name: textOrNull(row.name),
    email: typeof row.email === 'string' ? row.email : '',
    phone: textOrNull(row.phone),
    company: textOrNull(row.company),
    website: field('website'),
    service: field('service'),
    message: field('message'),
    language,
    source: textOrNull(row.source),
    status: textOrNull(row.status),
    utm_data: objectColumn(row.utm_data),
    lead_data: data,
    created_at: textOrNull(row.created_at),
  };
  return { form, language, lead };
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
  /** `{ form, language, lead }`: JSON text in SQLite, an object from PostgREST. */
  payload: unknown;
  status: string;
  attempts: number;
  /** Absent from rows written before the column existed. */
  expired_leases?: number | null;
  next_attempt_at: string;
  /** Null only in rows read from a store not yet migrated (decision 067). */
  not_before?: string | null;
  lease_until: string | null;
  leased_by: string | null;
  last_error: string | null;
  created_at: string;
  retried_at: string | null;
  delivered_at: string | null;
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

/** The lead of a stored payload (JSON text in SQLite, an object from PostgREST). */
function storedLead(payload: unknown): Record<string, unknown> {
  const parsed: unknown = typeof payload === 'string' ? JSON.parse(payload) : payload;
  return isObject(parsed) && isObject(parsed.lead) ? parsed.lead : {};
}

export function toDelivery(row: DeliveryRecord): Delivery {
  return {
    id: String(row.id),
    leadId: String(row.lead_id),
    channel: row.channel as DeliveryChannel,
    kind: row.kind as DeliveryKind,
    recipient: row.recipient ?? null,
    payload: deliveryPayload(storedLead(row.payload)),
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    expiredLeases: Number(row.expired_leases ?? 0),
    nextAttemptAt: new Date(row.next_attempt_at),
    notBefore: new Date(row.not_before ?? row.created_at),
    leaseUntil: date(row.lease_until),
    leasedBy: row.leased_by ?? null,
    lastError: row.last_error ?? null,
    createdAt: new Date(row.created_at),
    retriedAt: date(row.retried_at),
    deliveredAt: date(row.delivered_at),
  };
}

/** A visitor email's row as both stores read it for the form's answer (decision 067). */
export function visitorMailRecord(
  submission: Submission,
  row: { kind: string; status: string; not_before: string; delivered_at: string | null; waiting: unknown },
): VisitorMailRecord {
  return {
    status: row.status as DeliveryStatus,
    waiting: row.status === 'pending' && (row.waiting === true || Number(row.waiting) === 1),
    notBefore: new Date(row.not_before),
    deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null,
    included: submission.form === 'recheck' && row.kind === 'report-summary',
  };
}
