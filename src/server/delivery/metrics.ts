import { Counter, type Registry } from 'prom-client';
import type { DeliveryChannel } from '../store/types.ts';
import type { DeliveryOutcome } from './worker.ts';

/**
 * `lead_deliveries_total{channel, outcome}` on the given registry; returns the worker's onOutcome
 * callback. Outcomes: delivered, retry (an attempt failed, another is scheduled), failed (dead).
 */
export function deliveryMetrics(
  registry: Registry,
): (channel: DeliveryChannel, outcome: DeliveryOutcome) => void {
  const attempts = new Counter({
    name: 'lead_deliveries_total',
    help: 'Lead delivery attempts by channel (team-email, webhook, visitor-email) and outcome (delivered, retry, failed)',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  return (channel, outcome) => attempts.inc({ channel, outcome });
}
