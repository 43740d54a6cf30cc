import type { AuditStep, CategoryId, ItemStatus, PageType } from '../../lib/audit.ts';
import type { AuditContext } from './context.ts';
import type { Message } from './types.ts';

// What a check of the audit is: a function from the page (and what else it reads) to a verdict, under
// an id, in a category, with a weight in that category's score. The check families under checks/
// write the functions; the registry (registry.ts) declares every check in one table, in report
// order, and categories, scores, the number of checks the site's copy states and the resources an
// audit fetches all come from it.
// Keys are written out in full at the call site ('items.sitemap.evidence.declared'), never
// assembled: tests read them from the sources and check that both languages have each one.

/** What a check's function returns: its status, what was found, and what to do when it is not a pass. */
export interface Verdict {
  status: ItemStatus;
  evidence: Message[];
  recommendation?: Message;
  /** The page cannot be used by AI assistants at all because of this (only checks with `gate`). */
  blocks?: true;
  /** The most the check's category may score (decision 063: each engine the page is out of). */
  cap?: number;
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
  /**
   * The page types the check applies to (issue 36); every type when absent. On a page of another
   * type the check is not run: it is reported as not applicable and left out of the score.
   */
  appliesTo?: readonly PageType[];
  run(ctx: AuditContext): Verdict;
}

/** How a check differs from the common case: weight 1, nothing read but the page, no gate. */
export type CheckOptions = Partial<Pick<CheckDefinition, 'weight' | 'needs' | 'gate' | 'appliesTo'>>;

const PAGE_ONLY: readonly Resource[] = [];

/** One row of the registry (registry.ts): a check's id, its category, its function and how it differs. */
export function check(
  id: string,
  category: CategoryId,
  run: CheckDefinition['run'],
  { weight = 1, needs = PAGE_ONLY, gate, appliesTo }: CheckOptions = {},
): CheckDefinition {
  return { id, category, weight, needs, ...(gate ? { gate } : {}), ...(appliesTo ? { appliesTo } : {}), run };
}

/**
 * The check's verdict on this page, or "not applicable" when the page is of a type it does not judge.
 * A check that weighs nothing informs (issue 38): whatever it found, it is never a pass.
 */
export function judge(definition: CheckDefinition, ctx: AuditContext): Verdict {
  const type = ctx.pageType.type;
  if (definition.appliesTo && !definition.appliesTo.includes(type)) {
    return { status: 'notApplicable', evidence: [msg(`pageType.notApplicable.${type}`)] };
  }
  const found = definition.run(ctx);
  return { ...found, status: settledStatus(found.status, definition.weight) };
}

/**
 * A check's status given its weight: a check of weight 0 never changes the score, so it is reported
 * for information (unless it does not apply), also when a report saved before issue 38 says "pass".
 */
export function settledStatus(status: ItemStatus, weight: number): ItemStatus {
  return weight === 0 && status !== 'notApplicable' ? 'info' : status;
}

export type Values = Record<string, string | number>;

export function msg(key: string, values?: Values): Message {
  return values ? { key, values } : { key };
}

/** A verdict; the recommendation is kept only when the status asks for one. */
export function verdict(status: ItemStatus, evidence: Message[], recommendation?: Message): Verdict {
  if (status === 'pass' || status === 'info' || !recommendation) return { status, evidence };
  return { status, evidence, recommendation };
}

const RANK: Record<ItemStatus, number> = { notApplicable: -1, info: -1, pass: 0, warning: 1, fail: 2 };

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
