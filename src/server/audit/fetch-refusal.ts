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
