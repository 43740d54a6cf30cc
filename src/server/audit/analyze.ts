import { buildContext } from './checks/context.ts';
import { citability } from './checks/citability.ts';
import { crawlerAccess } from './checks/crawler-access.ts';
import { structuredData } from './checks/structured-data.ts';
import { technical } from './checks/technical.ts';
import type { AuditInput, CategoryFindings } from './types.ts';

/**
 * Every check of the audit, as language-neutral findings, categories in report order. Pure: it reads
 * only `input` (the clock too: `input.now`), parses the page, robots.txt and the sitemap once.
 */
export function analyze(input: AuditInput): CategoryFindings[] {
  const ctx = buildContext(input);
  return [
    crawlerAccess(input, ctx),
    structuredData(input, ctx),
    citability(input, ctx),
    technical(input, ctx),
  ];
}
