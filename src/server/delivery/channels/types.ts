import type { Delivery } from '../../store/types.ts';

/** One way out for deliveries (team email, webhook, visitor email). */
export interface DeliverySender {
  /**
   * Sends one delivery; resolves when the receiver accepted it, throws otherwise (the worker
   * retries). Must settle before `signal` aborts and must not outlive it.
   */
  send(delivery: Delivery, attempt: { at: Date; signal: AbortSignal }): Promise<void>;
  /** Releases connections (SMTP pool) when the worker stops. */
  close?(): void | Promise<void>;
}

/**
 * A failed attempt. `code` is short and free of personal data (it goes to the logs); `message` is
 * kept on the delivery as its last error, with email addresses masked.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const CODE = /^[A-Za-z0-9_.-]{1,40}$/;

/** Masks email addresses in a text (SMTP replies often quote the recipient). */
export function maskAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '<address>');
}

/** The log-safe code and the stored message of any error a sender threw. */
export function describeFailure(error: unknown): { code: string; message: string } {
  if (error instanceof DeliveryError) return { code: error.code, message: maskAddresses(error.message) };
  const e = error as { code?: unknown; name?: unknown; message?: unknown; cause?: { code?: unknown } };
  const code =
    typeof e?.code === 'string' && CODE.test(e.code)
      ? e.code
      : typeof e?.cause?.code === 'string' && CODE.test(e.cause.code)
        ? e.cause.code
        : typeof e?.name === 'string' && CODE.test(e.name)
          ? e.name
          : 'Error';
  const message = typeof e?.message === 'string' && e.message ? e.message : String(error);
  return { code, message: maskAddresses(`${code}: ${message}`).slice(0, 1000) };
}
