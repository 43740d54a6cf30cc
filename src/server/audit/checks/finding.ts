import type { Finding, ItemStatus, Message } from '../types.ts';

// Small builders shared by the checks. Keys are always written out in full at the call site
// ('items.sitemap.evidence.declared'), never assembled: tests/unit/audit-checks.test.ts reads them from
// the sources and checks that both languages have each one.

export type Values = Record<string, string | number>;

export function msg(key: string, values?: Values): Message {
  return values ? { key, values } : { key };
}

/** A finding; the recommendation is kept only when the status asks for one. */
export function finding(
  id: string,
  status: ItemStatus,
  weight: number,
  evidence: Message[],
  recommendation?: Message,
): Finding {
  if (status === 'pass' || !recommendation) return { id, status, weight, evidence };
  return { id, status, weight, evidence, recommendation };
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
