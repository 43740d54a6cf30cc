import { judge, type CheckDefinition } from './check.ts';
import { buildContext, type AuditContext } from './context.ts';
import { CATEGORIES } from './registry.ts';
import type { AuditInput, CategoryFindings } from './types.ts';

/**
 * Every check of the registry (or those `runs` keeps), as language-neutral findings, categories in report order. Pure: it
 * reads only `input` (the clock too: `input.now`), parses the page, robots.txt and the sitemap once.
 */
export function analyze(
  input: AuditInput,
  ctx: AuditContext = buildContext(input),
  runs: (check: CheckDefinition) => boolean = () => true,
): CategoryFindings[] {
  return CATEGORIES.map(({ id, checks }) => ({
    id,
    findings: checks
      .filter(runs)
      .map((check) => ({ id: check.id, weight: check.weight, ...judge(check, ctx) })),
  }));
}
