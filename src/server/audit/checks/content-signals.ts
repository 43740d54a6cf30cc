import { list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import type { ContentSignal } from '../read/robots.ts';
import type { Message } from '../types.ts';

// Content signals (contentsignals.org): `Content-Signal: search=yes, ai-input=yes, ai-train=no` in a
// robots.txt group states how the site's content may be used once fetched: `search` (an index and
// links), `ai-input` (grounding AI answers) and `ai-train` (training models); a signal left out
// neither grants nor restricts. The audit reports the choices stated for every crawler (the `*`
// group, or lines outside any group). Refusing training is the site's right and is never held
// against it; refusing `search` or `ai-input` asks assistants not to use the page in answers, which
// the audit notes as it notes `nosnippet`. No engine documents reading the line yet: a light weight.
// With no line for every crawler (no robots.txt, or none stated in it) there is nothing to judge: the
// check does not apply (issue 38), rather than passing for a file or a line the site never wrote.

const SIGNALS = ['search', 'ai-input', 'ai-train'] as const;

/** The lines that speak to every crawler: in the `*` group, or before any group. */
function forEveryone(signals: readonly ContentSignal[]): ContentSignal[] {
  return signals.filter((s) => s.agents.length === 0 || s.agents.includes('*'));
}

export function contentSignals(ctx: AuditContext): Verdict {
  const { robots } = ctx;
  if (robots.kind !== 'parsed')
    return verdict('notApplicable', [msg('items.contentSignals.evidence.noFile')]);
  const stated = forEveryone(robots.signals);
  if (stated.length === 0) {
    const others = robots.signals.length;
    return verdict('notApplicable', [
      others > 0
        ? msg('items.contentSignals.evidence.onlyAgents', { count: others })
        : msg('items.contentSignals.evidence.none'),
    ]);
  }
  // The last line wins for a signal stated twice, as a later line would for a reader.
  const values: Record<string, string> = Object.assign({}, ...stated.map((s) => s.values));
  const choices = SIGNALS.filter((name) => values[name] !== undefined).map(
    (name) => `${name}=${clip(values[name]!, 10)}`,
  );
  const unknown = Object.keys(values).filter((name) => !(SIGNALS as readonly string[]).includes(name));
  const evidence: Message[] = [
    msg('items.contentSignals.evidence.stated', {
      line: stated[0]!.line,
      choices: choices.length > 0 ? list(choices) : '—',
    }),
  ];
  if (unknown.length > 0) {
    evidence.push(
      msg('items.contentSignals.evidence.unknown', { names: list(unknown.map((n) => clip(n, 20))) }),
    );
  }
  const refused = (['search', 'ai-input'] as const).filter((name) => values[name] === 'no');
  if (refused.length > 0) {
    return verdict(
      'warning',
      evidence,
      msg('items.contentSignals.recommendation.answers', { signals: list(refused) }),
    );
  }
  return verdict('pass', evidence);
}
