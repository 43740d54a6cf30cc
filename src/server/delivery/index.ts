import type { Logger } from 'pino';
import type { DeliveryChannel, Outbox } from '../store/types.ts';
import { createMailTransport, type MailTransport } from './channels/mail.ts';
import { teamEmailChannel } from './channels/team-email.ts';
import type { DeliverySender } from './channels/types.ts';
import {
  visitorEmailChannel,
  visitorMailRendererNotConfigured,
  type VisitorMailRenderer,
} from './channels/visitor-email.ts';
import { webhookChannel } from './channels/webhook.ts';
import type { DeliveryConfig } from './config.ts';
import { createDeliveryWorker, type DeliveryOutcome, type DeliveryWorker } from './worker.ts';

// Lead delivery, assembled from the settings (decision 018): the channels that are on, and the worker
// that drains the store's outbox through them.

export { describeChannels, loadDeliveryConfig, type DeliveryConfig } from './config.ts';
export type { DeliveryOutcome, DeliveryWorker } from './worker.ts';
export type { VisitorMail, VisitorMailRenderer, VisitorMailRequest } from './channels/visitor-email.ts';
export { visitorMailRendererNotConfigured } from './channels/visitor-email.ts';

export interface LeadDeliveryOptions {
  config: DeliveryConfig;
  /** The store's outbox (`store.outbox`). */
  outbox: Outbox;
  logger: Logger;
  /** Visitor emails' content (default: visitorMailRendererNotConfigured, every visitor email fails). */
  renderer?: VisitorMailRenderer;
  /** Per channel and outcome, for metrics. */
  onOutcome?: (channel: DeliveryChannel, outcome: DeliveryOutcome) => void;
  /** Tests: the clock, the poll interval, the batch size, a stand-in mail transport. */
  now?: () => Date;
  pollIntervalMs?: number;
  batchSize?: number;
  transport?: MailTransport;
  webhookTimeoutMs?: number;
}

export interface LeadDelivery extends DeliveryWorker {
  /** The senders, by channel (the channels on). */
  readonly senders: Partial<Record<DeliveryChannel, DeliverySender>>;
}

/** The senders of the channels on. */
export function createSenders(
  config: DeliveryConfig,
  options: { renderer?: VisitorMailRenderer; transport?: MailTransport; webhookTimeoutMs?: number } = {},
): { senders: Partial<Record<DeliveryChannel, DeliverySender>>; transport: MailTransport | undefined } {
  const senders: Partial<Record<DeliveryChannel, DeliverySender>> = {};
  const needsMail = config.channels.has('team-email') || config.channels.has('visitor-email');
  const transport =
    needsMail && config.smtpUrl ? (options.transport ?? createMailTransport(config.smtpUrl)) : undefined;
  if (transport && config.mailFrom) {
    if (config.channels.has('team-email')) {
      senders['team-email'] = teamEmailChannel({ transport, from: config.mailFrom, to: config.notifyTo });
    }
    if (config.channels.has('visitor-email')) {
      senders['visitor-email'] = visitorEmailChannel({
        transport,
        from: config.mailFrom,
        renderer: options.renderer ?? visitorMailRendererNotConfigured,
      });
    }
  }
  if (config.channels.has('webhook') && config.webhookUrl && config.webhookSecret) {
    senders.webhook = webhookChannel({
      url: config.webhookUrl,
      secret: config.webhookSecret,
      timeoutMs: options.webhookTimeoutMs,
    });
  }
  return { senders, transport };
}

/**
 * The worker for the channels on. start() after the server listens, nudge() after a stored lead,
 * stop() on shutdown before the store closes (it waits for deliveries in progress).
 */
export function createLeadDelivery(options: LeadDeliveryOptions): LeadDelivery {
  const { senders, transport } = createSenders(options.config, options);
  const worker = createDeliveryWorker({
    outbox: options.outbox,
    senders,
    logger: options.logger,
    onOutcome: options.onOutcome,
    now: options.now,
    pollIntervalMs: options.pollIntervalMs,
    batchSize: options.batchSize,
    leaseMs: options.config.leaseMs,
    maxExpiredLeases: options.config.maxExpiredLeases,
  });
  return {
    id: worker.id,
    senders,
    start: () => worker.start(),
    nudge: () => worker.nudge(),
    async stop() {
      await worker.stop();
      // Only a transport this module opened.
      if (transport && transport !== options.transport) transport.close();
    },
  };
}
