import { z } from 'zod';
import { ConfigError } from '../config.ts';
import { MAX_EXPIRED_LEASES, type DeliveryChannel } from '../store/types.ts';
import { isEmail, parseMailbox, webhookKey } from './parse.ts';

// Lead delivery settings (decision 018), in the style of loadConfig: empty means unset, and a bad or
// incomplete setting stops start-up with one line naming the variable. Each channel is on only when
// its settings are complete:
//   team email     SMTP_URL + MAIL_FROM + LEADS_NOTIFY_TO
//   visitor email  SMTP_URL + MAIL_FROM
//   webhook        LEADS_WEBHOOK_URL + LEADS_WEBHOOK_SECRET
// The worker's lease and its limit of expired leases have defaults (decision 021).
// A setting that no channel can use (MAIL_FROM without SMTP_URL, a webhook URL without its secret)
// is a mistake, not a way of turning a channel off. Secrets are never repeated in an error.

export interface DeliveryConfig {
  /** The channels on, in a fixed order. */
  channels: ReadonlySet<DeliveryChannel>;
  /** `smtp://` or `smtps://`, credentials in the URL. */
  smtpUrl: string | undefined;
  /** The sender of every email, `address` or `Name <address>`. */
  mailFrom: string | undefined;
  /** The team's addresses (team email). */
  notifyTo: readonly string[];
  webhookUrl: string | undefined;
  /** `whsec_` + base64 of the signing key. */
  webhookSecret: string | undefined;
  /** Supabase store only: the outbox functions take the service_role key, never the public anon key. */
  supabaseServiceRoleKey: string | undefined;
  /**
   * LEADS_DELIVERY_LEASE_SECONDS (default 120): how long a worker holds a delivery it is sending. An
   * attempt gets at most half of it; a lease that expires means the worker died or froze.
   */
  leaseMs: number;
  /**
   * LEADS_DELIVERY_MAX_EXPIRED_LEASES (default 3): a delivery whose lease expires this many times is
   * failed rather than sent again (decision 021).
   */
  maxExpiredLeases: number;
}

const DEFAULT_LEASE_SECONDS = 120;

/** A whole number from a setting, within bounds. */
const wholeNumber = (min: number, max: number, example: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}, like ${example}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}, like ${example}`);

const SECRET_VARIABLES = new Set(['LEADS_WEBHOOK_SECRET', 'SUPABASE_SERVICE_ROLE_KEY']);

/** An SMTP URL with its password masked, for error messages. */
function maskUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value.replace(/:[^:@/]*@/, ':***@');
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const schema = z.object({
  SMTP_URL: z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com')
    .optional(),
  MAIL_FROM: z
    .string()
    .refine(
      (value) => parseMailbox(value) !== null,
      'must be one address, like leads@example.com or Geo <leads@example.com>',
    )
    .optional(),
  LEADS_NOTIFY_TO: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.length > 0 && list.every(isEmail),
      'must be email addresses separated by commas, like sales@example.com,ops@example.com',
    )
    .optional(),
  LEADS_WEBHOOK_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be an absolute http(s) URL such as https://hooks.example.com/leads',
    })
    .optional(),
  LEADS_WEBHOOK_SECRET: z
    .string()
    .refine((value) => {
      if (!value.startsWith('whsec_') || !BASE64.test(value.slice(6))) return false;
      const bytes = webhookKey(value).length;
      return bytes >= 24 && bytes <= 64;
    }, 'must be whsec_ followed by the base64 of a 24 to 64 byte key (Standard Webhooks)')
    .optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().optional(),
  // Two seconds at least: an attempt gets half the lease, and a second is the Supabase lease's unit.
  LEADS_DELIVERY_LEASE_SECONDS: wholeNumber(2, 3600, String(DEFAULT_LEASE_SECONDS)).optional(),
  LEADS_DELIVERY_MAX_EXPIRED_LEASES: wholeNumber(1, 20, String(MAX_EXPIRED_LEASES)).optional(),
  SUPABASE_URL: z.string().optional(),
});

function fail(message: string): never {
  throw new ConfigError(`Invalid configuration: ${message}`);
}

export function loadDeliveryConfig(env: Record<string, string | undefined> = process.env): DeliveryConfig {
  const names = Object.keys(schema.shape);
  // Empty strings mean "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([name, value]) => names.includes(name) && value !== undefined && value.trim() !== '',
    ),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const raw = env[name] ?? '';
    const shown = SECRET_VARIABLES.has(name)
      ? '(hidden)'
      : JSON.stringify(name === 'SMTP_URL' ? maskUrl(raw) : raw);
    fail(`${name}=${shown} ${issue.message}`);
  }
  const e = parsed.data;

  if (!e.SMTP_URL && (e.MAIL_FROM || e.LEADS_NOTIFY_TO)) {
    const set = e.MAIL_FROM ? 'MAIL_FROM' : 'LEADS_NOTIFY_TO';
    fail(`SMTP_URL must be set too when ${set} is set (emails need SMTP_URL and MAIL_FROM)`);
  }
  if (e.SMTP_URL && !e.MAIL_FROM)
    fail('MAIL_FROM must be set too when SMTP_URL is set (the sender of every email)');
  if (Boolean(e.LEADS_WEBHOOK_URL) !== Boolean(e.LEADS_WEBHOOK_SECRET)) {
    const missing = e.LEADS_WEBHOOK_URL ? 'LEADS_WEBHOOK_SECRET' : 'LEADS_WEBHOOK_URL';
    fail(`${missing} must be set too for the lead webhook (set both or neither)`);
  }

  const channels = new Set<DeliveryChannel>();
  if (e.SMTP_URL && e.MAIL_FROM && e.LEADS_NOTIFY_TO) channels.add('team-email');
  if (e.LEADS_WEBHOOK_URL && e.LEADS_WEBHOOK_SECRET) channels.add('webhook');
  if (e.SMTP_URL && e.MAIL_FROM) channels.add('visitor-email');

  if (e.SUPABASE_URL && channels.size > 0 && !e.SUPABASE_SERVICE_ROLE_KEY) {
    fail(
      'SUPABASE_SERVICE_ROLE_KEY must be set too to deliver leads stored in Supabase (the outbox is closed to the anon key)',
    );
  }

  return {
    channels,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    notifyTo: e.LEADS_NOTIFY_TO ?? [],
    webhookUrl: e.LEADS_WEBHOOK_URL,
    webhookSecret: e.LEADS_WEBHOOK_SECRET,
    supabaseServiceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
    leaseMs: (e.LEADS_DELIVERY_LEASE_SECONDS ?? DEFAULT_LEASE_SECONDS) * 1000,
    maxExpiredLeases: e.LEADS_DELIVERY_MAX_EXPIRED_LEASES ?? MAX_EXPIRED_LEASES,
  };
}

/**
 * The channels on, for the start-up log line: e.g. `team-email (2 recipients), webhook
 * (hooks.example.com), visitor-email`, or `none`. No secret, path or address appears.
 */
export function describeChannels(config: DeliveryConfig): string {
  const parts: string[] = [];
  for (const channel of config.channels) {
    if (channel === 'team-email') {
      const n = config.notifyTo.length;
      parts.push(`team-email (${n} recipient${n === 1 ? '' : 's'})`);
    } else if (channel === 'webhook' && config.webhookUrl) {
      parts.push(`webhook (${new URL(config.webhookUrl).host})`);
    } else {
      parts.push(channel);
    }
  }
  return parts.length ? parts.join(', ') : 'none';
}
