import { createContext, useContext } from 'react';
import type { CompanyIdentity } from './lib/company.ts';
import type { FormOutcome } from './lib/form-limits.ts';
import type { VisitorProfile } from './lib/visitor.ts';

export interface Assets {
  /** Stylesheets linked from the head. */
  styles: string[];
  /** Fonts preloaded from the head. */
  fonts: string[];
}

/** Per-request facts the whole tree reads; the server fills them and the client gets the same copy. */
export interface SiteContextValue {
  siteUrl: string;
  /** The one contact address shown anywhere (CONTACT_EMAIL). */
  contactEmail: string;
  /** The publisher and host the legal notice and the privacy policy name (COMPANY_*). */
  company: CompanyIdentity;
  visitor: VisitorProfile;
  /** The year of the render: the footer's copyright (dates of content come from content/pages). */
  year: number;
  assets: Assets;
  /** AI-training policy published in robots.txt, ai.txt and page metadata. */
  aiTrainingPolicy: string;
  /** How many checks the free audit runs (its registry): copy that states it gets it as {{checks}}. */
  auditChecks: number;
  /** How many AI crawlers the copy says the site recognises (AI_CRAWLERS_CLAIM): it gets it as {{crawlers}}. */
  aiCrawlers: number;
  /** How many days a saved audit report keeps its link (AUDIT_REPORT_DAYS): the copy's {{reportDays}}. */
  reportDays: number;
  /**
   * Whether a hosted database (Supabase) stores form submissions and reports: the privacy pages then
   * name it as a processor. (A flag, so the client code names no server component.)
   */
  hostedDatabase: boolean;
  /** The outcome of a form posted without JavaScript, shown once on the page it returned to. */
  formOutcome?: FormOutcome;
}

/** The embedded SQLite store on the site's own server, or Supabase (SUPABASE_URL). */
export type LeadStoreKind = 'embedded' | 'supabase';

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('SiteContext is missing');
  return value;
}
