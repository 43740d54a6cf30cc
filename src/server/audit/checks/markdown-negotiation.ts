import { kilobytes, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';

// Markdown for agents: an agent that prefers Markdown asks for the page itself with
// `Accept: text/markdown` (Cloudflare's "Markdown for Agents" answers so, and agent-readiness
// scanners check it). The answer should be `Content-Type: text/markdown`, and since one address
// then has two representations, `Vary: Accept` (RFC 9110 §12.5.5) so that a shared cache never gives
// the Markdown to a browser or the HTML to the agent. No engine documents using it yet: light weight.

/** Whether a Vary header lists Accept (or `*`, which varies on everything). */
function variesOnAccept(vary: string | undefined): boolean {
  return (vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .some((v) => v === 'accept' || v === '*');
}

export function markdownNegotiation(ctx: AuditContext): Verdict {
  const answer = ctx.input.negotiated;
  if (!answer.ok) {
    const evidence = [msg('items.markdownNegotiation.evidence.failed', { detail: clip(answer.detail, 100) })];
    return verdict('warning', evidence, msg('items.markdownNegotiation.recommendation.serve'));
  }
  const type = (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (answer.status >= 300 || type !== 'text/markdown') {
    const values = { status: answer.status, type: clip(type || '—', 40) };
    return verdict(
      'warning',
      [msg('items.markdownNegotiation.evidence.other', values)],
      msg('items.markdownNegotiation.recommendation.serve'),
    );
  }
  const evidence = [msg('items.markdownNegotiation.evidence.markdown', { kb: kilobytes(answer.bytes) })];
  if (!variesOnAccept(answer.headers.vary)) {
    evidence.push(msg('items.markdownNegotiation.evidence.noVary'));
    return verdict('warning', evidence, msg('items.markdownNegotiation.recommendation.vary'));
  }
  return verdict('pass', evidence);
}
