import type { AuditStep, CategoryId, ItemStatus } from '../../lib/audit.ts';
import type { AuditContext } from './context.ts';
import type { Message } from './types.ts';

// How a check of the audit is declared: once, with everything the rest of the audit derives from it
// (the category it belongs to, its weight in that category's score, the resources it reads, and its
// function). The registry (registry.ts) lists the declarations in report order; categories, scores,
// the number of checks the site's copy states and the resources an audit fetches all come from it.
// Keys are written out in full at the call site ('items.sitemap.evidence.declared'), never
// assembled: tests read them from the sources and check that both languages have each one.

/** What a check's function returns: its status, what was found, and what to do when it is not a pass. */
export interface Verdict {
  status: ItemStatus;
  evidence: Message[];
  recommendation?: Message;
  /** The page cannot be used by AI assistants at all because of this (only checks with `gate`). */
  blocks?: true;
}

/** A resource the audit fetches: the steps of an audit before its analysis. */
export type Resource = Exclude<AuditStep, 'analysis'>;

export interface CheckDefinition {
  /** Stable id, also the translation key of the check's title (`items.{id}.title`). */
  id: string;
  category: CategoryId;
  /** Relative weight in the category's score (1 normal, 0.5 minor, 2 major, 0 informative). */
  weight: number;
  /** What the check reads besides the page's own markup. */
  needs: readonly Resource[];
  /**
   * When the check fails, the page cannot be used by AI assistants at all (blocked, noindex, an
   * error status): the overall score is capped and the check leads the report (decision 023).
   */
  gate?: boolean;
  run(ctx: AuditContext): Verdict;
}

/** A check as declared: most weigh 1 and read nothing but the page, so those two may be left out. */
export type CheckDeclaration = Omit<CheckDefinition, 'weight' | 'needs'> &
  Partial<Pick<CheckDefinition, 'weight' | 'needs'>>;

const PAGE_ONLY: readonly Resource[] = [];

/** Declares a check, with weight 1 and no resource besides the page unless it says otherwise. */
export function defineCheck({ weight = 1, needs = PAGE_ONLY, ...check }: CheckDeclaration): CheckDefinition {
  return { ...check, weight, needs };
}

export type Values = Record<string, string | number>;

export function msg(key: string, values?: Values): Message {
  return values ? { key, values } : { key };
}

/** A verdict; the recommendation is kept only when the status asks for one. */
export function verdict(status: ItemStatus, evidence: Message[], recommendation?: Message): Verdict {
  if (status === 'pass' || !recommendation) return { status, evidence };
  return { status, evidence, recommendation };
}

const RANK: Record<ItemStatus, number> = { pass: 0, warning: 1, fail: 2 };

/** The worst of several statuses (pass when there is none). */
export function worst(statuses: ItemStatus[]): ItemStatus {
  return statuses.reduce<ItemStatus>((a, b) => (RANK[b] > RANK[a] ? b : a), 'pass');
}

/** A list of names for a message value: "A, B, C". Names in the lists are the checks' own constants. */
export function list(names: readonly string[]): string {
  return names.join(', ');
}

/** Kibibytes with one decimal below 10 KB, whole above: "3.4", "612". */
export function kilobytes(bytes: number): number {
  const kb = bytes / 1024;
  return kb < 10 ? Math.round(kb * 10) / 10 : Math.round(kb);
}
