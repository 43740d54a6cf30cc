import {
  AUDIT_ERROR_REASONS,
  type AuditErrorReason,
  type AuditOutcome,
  type AuditStep,
  type AuditStreamLine,
} from '../../lib/audit.ts';
import { errorCode, readApiError, type ApiError } from '../../lib/api-error.ts';
import type { Lang } from '../../site.ts';

// The browser's side of GET /api/audit with `Accept: application/x-ndjson`: one JSON line per step
// as the server completes it, then the report or the reason there is none. Progress on the page is
// these lines, never a timer.

export type StepHandler = (step: AuditStep, done: number, total: number) => void;
/** A further page of a site audit done: how many of how many. */
export type PageHandler = (done: number, total: number) => void;

/** The reasons by their code in the API's errors (`not_html` for `notHtml`). */
const REASON_OF_CODE: ReadonlyMap<string, AuditErrorReason> = new Map(
  AUDIT_ERROR_REASONS.map((reason) => [errorCode(reason), reason]),
);

function failure(url: string, reason: AuditErrorReason, message = ''): AuditOutcome {
  return { ok: false, url, reason, message };
}

/** The outcome an API error stands for: its reason when the code names one, else a network failure. */
function failureOf(url: string, error: ApiError | undefined): AuditOutcome {
  return failure(url, REASON_OF_CODE.get(error?.code ?? '') ?? 'network', error?.message);
}

/** Runs the audit of `url` on the server, reporting steps; resolves with the outcome, never rejects but on abort. */
export async function streamAudit(
  url: string,
  lang: Lang,
  pages: number,
  handlers: { onStep: StepHandler; onPage: PageHandler },
  signal: AbortSignal,
): Promise<AuditOutcome> {
  let response: Response;
  const site = pages > 1 ? `&pages=${pages}` : '';
  try {
    response = await fetch(`/api/audit?url=${encodeURIComponent(url)}&lang=${lang}${site}`, {
      headers: { Accept: 'application/x-ndjson' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return failure(url, 'network');
  }
  if (!response.ok || !response.body) {
    const error = readApiError(await response.json().catch(() => undefined));
    // The site-wide limit and an overloaded server answer with statuses of their own; the audit's own
    // refusals (one audit at a time) name their reason in the code.
    const named = REASON_OF_CODE.get(error?.code ?? '');
    if (response.status === 429) return failure(url, named ?? 'rateLimited', error?.message);
    if (response.status === 503) return failure(url, named ?? 'busy', error?.message);
    return failureOf(url, error);
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        const parsed = JSON.parse(line) as AuditStreamLine;
        if ('step' in parsed) handlers.onStep(parsed.step, parsed.done, parsed.total);
        else if ('page' in parsed) handlers.onPage(parsed.page.done, parsed.page.total);
        else if ('result' in parsed) return { ok: true, report: parsed.result };
        else return failureOf(url, readApiError(parsed));
      }
      if (done) return failure(url, 'network');
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return failure(url, 'network');
  }
}
