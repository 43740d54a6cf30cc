import { msg, verdict, type Verdict } from '../check.ts';
import type { AuditContext } from '../context.ts';
import { engineOf } from '../engines.ts';
import type { Message } from '../types.ts';

// Whether the answer engines can use the page, as one check of crawler access (issue 37, decision
// 063). The verdicts themselves (engines.ts) lead the report; this check gives them their weight:
// each engine the page is out of lowers the category's ceiling, and a page every engine is out of
// cannot be used by any assistant (a gate: the overall score is capped).

/** Crawler access scores at most this when every engine is out of the page. */
const FLOOR = 20;
/** What each engine the page is out of takes from the ceiling (half for one only partly in). */
const STEP = 20;

/**
 * The most the crawler-access category may score: 100 with every engine in, 20 less with each engine
 * out (10 for one that may use the page only in part or cannot be told), never under FLOOR. Steps
 * that large make the ceiling bite where the checks alone would not: a site out of Copilot and
 * Perplexity scores below one out of Perplexity only (both fail the same robots.txt checks).
 */
export function accessCeiling(out: number, partly: number): number {
  return Math.max(FLOOR, Math.round(100 - STEP * (out + partly / 2)));
}

export function answerEngines(ctx: AuditContext): Verdict {
  const verdicts = ctx.engines;
  const out = verdicts.filter((v) => v.status === 'no');
  const partly = verdicts.filter((v) => v.status === 'limited' || v.status === 'unknown');
  const evidence: Message[] = verdicts.map((v) =>
    msg(`engines.line.${v.status}`, { engine: engineOf(v.id)?.name ?? v.id }),
  );
  // The first reason of each engine that cannot fully use the page, after the lines.
  for (const v of [...out, ...partly]) if (v.reasons[0]) evidence.push(v.reasons[0]);
  if (out.length === 0 && partly.length === 0) return verdict('pass', evidence);
  const cap = accessCeiling(out.length, partly.length);
  const found = verdict(
    out.length > 0 ? 'fail' : 'warning',
    evidence,
    msg(
      out.length > 0
        ? 'items.answerEngines.recommendation.open'
        : 'items.answerEngines.recommendation.limits',
    ),
  );
  return { ...found, cap, ...(out.length === verdicts.length ? { blocks: true as const } : {}) };
}
