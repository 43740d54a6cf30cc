import type { Logger } from 'pino';
import { ConfigError } from '../config.ts';
import type { DeliveryChannel, Outbox } from '../store/types.ts';
import { createMailTransport, type MailTransport } from './channels/mail.ts';
import { teamEmailChannel } from './channels/team-email.ts';
import type { DeliverySender } from './channels/types.ts';
import { visitorEmailChannel, type VisitorMailRenderer } from './channels/visitor-email.ts';
import { webhookChannel } from './channels/webhook.ts';
import type { DeliveryConfig } from './config.ts';
import { createDeliveryWorker, type DeliveryOutcome, type DeliveryWorker } from './worker.ts';

// Lead delivery, assembled from the settings (decision 018): the channels that are on, and the worker
// that drains the store's outbox through them.

// The settings' loader and start-up line, for server.ts, which assembles delivery from this module.

export interface LeadDeliveryOptions {
  config: DeliveryConfig;
  /** The store's outbox (`store.outbox`). */
  outbox: Outbox;
  logger: Logger;
  /**
   * Visitor emails' content (createVisitorMailRenderer): required when the visitor-email channel is
   * on, which cannot start without it.
   */
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

/**
 * The senders of the channels on. Visitor emails without a renderer stop start-up: the renderer
 * signs the newsletter's links, so a site that cannot make one must say so, not fail every email.
 */
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
      if (!options.renderer) {
        throw new ConfigError(
          'Invalid configuration: visitor emails are on (SMTP_URL and MAIL_FROM) but cannot be written: NEWSLETTER_SECRET must be set (it signs their links)',
        );
      }
      senders['visitor-email'] = visitorEmailChannel({
        transport,
        from: config.mailFrom,
        renderer: options.renderer,
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
    idle: () => worker.idle(),
    async stop() {
      await worker.stop();
      // Only a transport this module opened.
      if (transport && transport !== options.transport) transport.close();
    },
  };
}
