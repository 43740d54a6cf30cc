import { list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import { CRAWLERS } from '../../../lib/visitor.ts';
import type { AuditContext } from '../context.ts';
import {
  agentVerdict,
  type AgentVerdict,
  type OtherRecord,
  type OtherRecordKind,
  type RobotsProblem,
} from '../read/robots.ts';
import type { Message } from '../types.ts';
import { SEARCH_AGENTS, TRAINING_AGENTS, USER_FETCHERS } from '../agents.ts';

// robots.txt: the file itself, then what it says to AI search agents (blocking one fails) and to
// training crawlers (reported, never penalised).

/** Lines of the file as a reader counts them: a final line break does not start another line. */
function lineCount(lines: string[]): number {
  return lines.length - (lines.at(-1) === '' ? 1 : 0);
}

/** The product tokens crawlers' operators document (the site's crawler catalogue), lower-cased. */
const DOCUMENTED_TOKENS = new Set(CRAWLERS.map((c) => c.token.toLowerCase()));

/** A User-agent value outside the grammar that is exactly the name an operator documents. */
function isDocumentedName(problem: RobotsProblem): boolean {
  const token =
    problem.kind === 'tokenCut' || problem.kind === 'tokenNone' || problem.kind === 'tokenVersion';
  return token && DOCUMENTED_TOKENS.has(problem.field.trim().toLowerCase());
}

export function robotsTxt(ctx: AuditContext): Verdict {
  const { robots } = ctx;
  if (robots.kind === 'unavailable') {
    return verdict('pass', [msg('items.robotsTxt.evidence.unavailable', { status: robots.status })]);
  }
  if (robots.kind === 'unreachable') {
    const evidence =
      robots.status === undefined
        ? msg('items.robotsTxt.evidence.unreachable', { detail: clip(robots.detail, 100) })
        : msg('items.robotsTxt.evidence.serverError', { status: robots.status });
    return verdict('fail', [evidence], msg('items.robotsTxt.recommendation.unreachable'));
  }
  const evidence: Message[] = [
    msg('items.robotsTxt.evidence.found', { status: robots.status, count: lineCount(robots.lines) }),
  ];
  if (robots.sitemaps.length > 0) {
    evidence.push(msg('items.robotsTxt.evidence.sitemaps', { count: robots.sitemaps.length }));
  }
  if (robots.looksHtml) {
    evidence.push(msg('items.robotsTxt.evidence.html'));
    return verdict('warning', evidence, msg('items.robotsTxt.recommendation.html'));
  }
  if (robots.cut) {
    evidence.push(msg('items.robotsTxt.evidence.cut'));
    return verdict('warning', evidence, msg('items.robotsTxt.recommendation.cut'));
  }
  // Records outside the protocol are allowed (RFC 9309 §2.2.4): said, with what engines do, never a fault.
  const records = recordEvidence(robots.records);
  // A crawler whose documented name is outside RFC 9309's grammar ("AI2Bot", "ChatGPT Agent") can
  // only be written as its operator names it: said, as parsers differ on it, but no fault of the site.
  const faults = robots.problems.filter((p) => !isDocumentedName(p));
  if (faults.length > 0) {
    evidence.push(...syntaxEvidence(robots.problems), ...records);
    return verdict('warning', evidence, msg('items.robotsTxt.recommendation.syntax'));
  }
  return verdict('pass', [...evidence, ...syntaxEvidence(robots.problems), ...records]);
}

/** Problems quoted at most, each with its line number; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 5;

/**
 * One message per problem found by the syntax review: its line, the field or User-agent value as
 * written, and for names what each parser reads (decision 065).
 */
function syntaxEvidence(problems: readonly RobotsProblem[]): Message[] {
  const keys: Record<RobotsProblem['kind'], string> = {
    noColon: 'items.robotsTxt.evidence.noColon',
    misspelled: 'items.robotsTxt.evidence.misspelled',
    typo: 'items.robotsTxt.evidence.typo',
    ruleOutsideGroup: 'items.robotsTxt.evidence.ruleOutsideGroup',
    noLeadingSlash: 'items.robotsTxt.evidence.noLeadingSlash',
    dollarInside: 'items.robotsTxt.evidence.dollarInside',
    relativeSitemap: 'items.robotsTxt.evidence.relativeSitemap',
    tokenEmpty: 'items.robotsTxt.evidence.tokenEmpty',
    tokenVersion: 'items.robotsTxt.evidence.tokenVersion',
    tokenCut: 'items.robotsTxt.evidence.tokenCut',
    tokenNone: 'items.robotsTxt.evidence.tokenNone',
    lineTooLong: 'items.robotsTxt.evidence.lineTooLong',
  };
  const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) =>
    msg(keys[p.kind], {
      line: p.line,
      field: clip(p.field, 40),
      ...(p.read === undefined ? {} : { read: clip(p.read, 40) }),
    }),
  );
  const more = problems.length - shown.length;
  return more > 0 ? [...shown, msg('items.robotsTxt.evidence.moreProblems', { count: more })] : shown;
}

/** Line numbers listed at most per kind of record. */
const MAX_RECORD_LINES = 5;

/** One message per kind of record outside the protocol, in order of first appearance, with its lines. */
function recordEvidence(records: readonly OtherRecord[]): Message[] {
  const keys: Record<OtherRecordKind, string> = {
    crawlDelay: 'items.robotsTxt.evidence.record.crawlDelay',
    host: 'items.robotsTxt.evidence.record.host',
    cleanParam: 'items.robotsTxt.evidence.record.cleanParam',
    noindex: 'items.robotsTxt.evidence.record.noindex',
    contentSignal: 'items.robotsTxt.evidence.record.contentSignal',
    contentUsage: 'items.robotsTxt.evidence.record.contentUsage',
    unknown: 'items.robotsTxt.evidence.record.unknown',
  };
  const byKind = new Map<OtherRecordKind, OtherRecord[]>();
  for (const record of records) byKind.set(record.kind, [...(byKind.get(record.kind) ?? []), record]);
  return [...byKind].map(([kind, found]) => {
    const lines = found.slice(0, MAX_RECORD_LINES).map((r) => r.line);
    return msg(keys[kind], {
      count: found.length,
      lines: found.length > MAX_RECORD_LINES ? `${list(lines.map(String))}…` : list(lines.map(String)),
      field: clip(found[0]!.field, 40),
    });
  });
}

function verdicts(ctx: AuditContext, agents: readonly string[]): AgentVerdict[] {
  return agents.map((agent) => agentVerdict(ctx.robots, ctx.input.page.finalUrl, agent));
}

/** Allowed agents, grouped by what allowed them: their own group, the `*` group, or nothing. */
function allowedEvidence(allowed: AgentVerdict[]): Message[] {
  const by = (group: AgentVerdict['group']) => allowed.filter((v) => v.group === group).map((v) => v.agent);
  const evidence: Message[] = [];
  const named = by('named');
  const star = by('star');
  const none = by('none');
  if (named.length > 0)
    evidence.push(msg('items.aiSearchAgents.evidence.allowedNamed', { agents: list(named) }));
  if (star.length > 0)
    evidence.push(msg('items.aiSearchAgents.evidence.allowedStar', { agents: list(star) }));
  if (none.length > 0)
    evidence.push(msg('items.aiSearchAgents.evidence.allowedNone', { agents: list(none) }));
  return evidence;
}

/**
 * Blocked agents, one message per deciding line: a `*` group blocking all nine reads as one sentence,
 * and each message says whether the agents' own group or the `*` group decided.
 */
function blockedEvidence(blocked: AgentVerdict[]): Message[] {
  const byRule = new Map<string, AgentVerdict[]>();
  for (const verdict of blocked) {
    const key = `${verdict.group} ${verdict.line ?? 0}`;
    byRule.set(key, [...(byRule.get(key) ?? []), verdict]);
  }
  return [...byRule.values()].map((verdicts) => {
    const first = verdicts[0]!;
    const values = {
      agents: list(verdicts.map((v) => v.agent)),
      count: verdicts.length,
      line: first.line ?? 0,
      rule: first.rule ?? '',
    };
    return first.group === 'named'
      ? msg('items.aiSearchAgents.evidence.blockedNamed', values)
      : msg('items.aiSearchAgents.evidence.blockedStar', values);
  });
}

/**
 * The AI search agents and search engines robots.txt lets in. A page every engine is out of is the
 * answerEngines check's gate (answer-engines.ts); here each crawler is judged. The fetchers that act
 * on a person's request are listed apart: their operators say robots.txt may not bind them, so a
 * rule against one is information, not a fault (issue 37).
 */
export function aiSearchAgents(ctx: AuditContext): Verdict {
  const crawlers = SEARCH_AGENTS.filter((a) => !USER_FETCHERS.includes(a));
  if (ctx.robots.kind === 'unreachable') {
    // RFC 9309 §2.3.1.4: crawlers must then assume the whole site is disallowed.
    return verdict(
      'fail',
      [msg('items.aiSearchAgents.evidence.unreadable', { count: crawlers.length })],
      msg('items.aiSearchAgents.recommendation.robots'),
    );
  }
  const all = verdicts(ctx, crawlers);
  const blocked = all.filter((v) => !v.allowed);
  const evidence = [...blockedEvidence(blocked), ...allowedEvidence(all.filter((v) => v.allowed))];
  const fetchers = verdicts(ctx, USER_FETCHERS).filter((v) => !v.allowed);
  if (fetchers.length > 0)
    evidence.push(
      msg('items.aiSearchAgents.evidence.userFetchers', { agents: list(fetchers.map((v) => v.agent)) }),
    );
  if (blocked.length === 0) return verdict('pass', evidence);
  const agents = list(blocked.map((v) => v.agent));
  return verdict('fail', evidence, msg('items.aiSearchAgents.recommendation.unblock', { agents }));
}

export function trainingAgents(ctx: AuditContext): Verdict {
  const note = msg('items.trainingAgents.evidence.choice');
  if (ctx.robots.kind === 'unreachable') {
    return verdict('info', [msg('items.trainingAgents.evidence.unreadable'), note]);
  }
  const all = verdicts(ctx, TRAINING_AGENTS);
  const blocked = all.filter((v) => !v.allowed).map((v) => v.agent);
  const allowed = all.filter((v) => v.allowed).map((v) => v.agent);
  const evidence: Message[] = [];
  if (blocked.length > 0)
    evidence.push(msg('items.trainingAgents.evidence.blocked', { agents: list(blocked) }));
  if (allowed.length > 0)
    evidence.push(msg('items.trainingAgents.evidence.allowed', { agents: list(allowed) }));
  // Weight 0: a stated choice about training says nothing about whether answers can cite the page,
  // so it informs and is never counted as a pass (issue 38).
  return verdict('info', [...evidence, note]);
}
