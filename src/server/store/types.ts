import type { FormType } from '../../lib/form-limits.ts';
import type { ContactInput, NewsletterInput, WaitlistInput } from '../forms.ts';

/** What a store reports after a save: stored, or recognised as a repeat within the window. */
export type SaveOutcome = 'stored' | 'duplicate';

/** Same form and same email within this window is stored once (design §6). */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export interface LeadContext {
  /** PROJECT_SOURCE: the lead's `source` and the RPC's `p_project_source`. */
  source: string;
  submittedAt: Date;
}

/** A stored lead as operators export it. */
export interface LeadRow {
  id: number;
  form_type: FormType;
  name: string | null;
  email: string;
  phone: null;
  company: null;
  website: string | null;
  service: string | null;
  message: string | null;
  language: string;
  source: string;
  status: string;
  utm_data: string;
  lead_data: string;
  created_at: string;
}

export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** The backend answered but declined the submission, with a text meant for the visitor (spec §8). */
export class StoreRefusedError extends StoreUnavailableError {
  override name = 'StoreRefusedError';
  constructor(readonly publicMessage: string) {
    super(`refused: ${publicMessage}`);
  }
}

export interface LeadStore {
  readonly kind: 'embedded' | 'supabase';
  saveWaitlist(input: WaitlistInput, ctx: LeadContext): Promise<SaveOutcome>;
  saveContact(input: ContactInput, ctx: LeadContext): Promise<SaveOutcome>;
  saveNewsletter(input: NewsletterInput, ctx: LeadContext): Promise<SaveOutcome>;
  /** Throws StoreUnavailableError when the store cannot take writes. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// The spec's fixed UTM payloads per form.
export const UTM = {
  waitlist: { utm_source: 'website', utm_medium: 'waitlist', utm_campaign: 'geo_waitlist_2025' },
  contact: { utm_source: 'website', utm_medium: 'contact_form', utm_campaign: 'geo_contact_form' },
  newsletter: { utm_source: 'website', utm_medium: 'newsletter', utm_campaign: 'geo_newsletter' },
} as const;

/** The name the store receives for the waitlist when the visitor left it empty (spec §5). */
export const NAME_NOT_PROVIDED = 'Not provided';
