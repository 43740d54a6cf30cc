import { createHmac } from 'node:crypto';
import { sharedPayload } from '../../store/records.ts';
import type { Delivery } from '../../store/types.ts';
import { webhookKey } from '../parse.ts';
import { DeliveryError, type DeliverySender } from './types.ts';

// The lead webhook (decision 018), signed per Standard Webhooks: `webhook-id` is the delivery id (the
// same on every retry, so the receiver can de-duplicate), `webhook-timestamp` this attempt's Unix
// seconds, `webhook-signature` `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the
// secret's decoded bytes. Any 2xx is delivered; anything else (redirects included: they are not
// followed) or no answer within the timeout is retried.

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookOptions {
  url: string;
  /** `whsec_` + base64. */
  secret: string;
  timeoutMs?: number;
  userAgent?: string;
}

/**
 * The body: `{ type, timestamp, data: { form, …the stored lead } }`, identical on every retry, without
 * the visitor's secrets (a re-check's id is the key of its unsubscribe link: sharedPayload).
 */
export function webhookBody(delivery: Delivery): string {
  const { form, lead } = sharedPayload(delivery.payload);
  return JSON.stringify({
    type: 'lead.created',
    timestamp: delivery.createdAt.toISOString(),
    data: { form, ...lead },
  });
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', webhookKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export function webhookChannel(options: WebhookOptions): DeliverySender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    async send(delivery: Delivery, attempt) {
      const body = webhookBody(delivery);
      const timestamp = Math.floor(attempt.at.getTime() / 1000);
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            'user-agent': options.userAgent ?? 'geo-website-lead-webhook/1',
            'webhook-id': delivery.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signWebhook(options.secret, delivery.id, timestamp, body),
          },
          body,
          signal: AbortSignal.any([timeout, attempt.signal]),
        });
      } catch (error) {
        if (timeout.aborted) {
          throw new DeliveryError('TIMEOUT', `no answer within ${timeoutMs} ms`, { cause: error });
        }
        const cause = (error as { cause?: { code?: unknown } }).cause;
        const code = typeof cause?.code === 'string' ? cause.code : 'FETCH_FAILED';
        // The URL may carry a token: never in the message.
        throw new DeliveryError(code, `request failed (${code})`, { cause: error });
      }
      // The answer's body is not needed: release the connection.
      await response.body?.cancel().catch(() => undefined);
      if (response.status < 200 || response.status > 299) {
        throw new DeliveryError(`HTTP_${response.status}`, `receiver answered HTTP ${response.status}`);
      }
    },
  };
}
