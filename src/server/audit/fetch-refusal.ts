import { isIP } from 'node:net';
import type { AuditFailureReason } from './types.ts';

// How a fetch fails: a refusal carries the failure's reason and a short detail for the report.

/** A failure found while fetching one hop; safeFetch() adds the URL asked for. */
export class Refusal {
  constructor(
    readonly reason: AuditFailureReason,
    readonly detail: string,
  ) {}
}

/** The deadline a fetch runs under: its own, and the whole audit's. */
export interface FetchDeadline {
  timeoutMs: number;
  signal?: AbortSignal;
}

export function timeoutRefusal(options: FetchDeadline, phase: string): Refusal {
  const audit = options.signal?.aborted
    ? 'audit deadline reached'
    : `timed out after ${options.timeoutMs} ms`;
  return new Refusal('timeout', `${audit} (${phase})`);
}

export function errorCode(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ?? error.message.slice(0, 80);
  }
  return String(error).slice(0, 80);
}

/** The details of a host that answered nothing at all: no address, no connection, no TLS for its name. */
const NO_ANSWER = [/ does not resolve /, / has no address$/, /^connection failed /, /^TLS error /];

/** Whether a failure means the host gave no answer at all, so the site may live at another name. */
export function noAnswer(reason: AuditFailureReason, detail: string): boolean {
  return reason === 'unreachable' && NO_ANSWER.some((pattern) => pattern.test(detail));
}

/** The same address at `www.` (https://brewlab.com/a → https://www.brewlab.com/a), or null when that makes no sense. */
export function wwwVariant(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname;
  if (host.startsWith('www.') || !host.includes('.') || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return null;
  parsed.hostname = `www.${host}`;
  return parsed.href;
}
