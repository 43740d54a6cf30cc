import path from 'node:path';
import { z } from 'zod';
import { parseAllowedHosts } from './audit/address.ts';
import { AI_TRAINING_POLICIES, DEFAULT_AI_TRAINING_POLICY, type AiTrainingPolicy } from '../lib/ai-policy.ts';
import type { CompanyIdentity } from '../lib/company.ts';

// Configuration from the environment (README, Configuration). Invalid values stop start-up with one line that
// names the variable and says what is expected.

export interface Config {
  port: number;
  host: string;
  siteUrl: string;
  /** The one contact address the site shows and publishes (pages, JSON-LD, ai.txt, llms.txt, security.txt). */
  contactEmail: string;
  /** The publisher and host the legal notice and the privacy policy name (COMPANY_*, decision 029). */
  company: CompanyIdentity;
  dataDir: string;
  /** DATA_MAX_MB: the embedded store's file never grows past this (SQLite's max_page_count); none when unset. */
  dataMaxBytes: number | undefined;
  supabaseUrl: string | undefined;
  supabaseAnonKey: string | undefined;
  logLevel: string;
  trustProxy: number;
  aiTrainingPolicy: AiTrainingPolicy;
  projectSource: string;
  /** Requests per minute per client address for pages and the API (0 turns the limit off). */
  rateLimitPerMinute: number;
  /** Form posts per address and minute (the three form endpoints together). */
  formRateLimitPerMinute: number;
  /** Visitor emails per mailbox and per sender's address (decision 050). */
  visitorMail: VisitorMailSettings;
  /** Connection caps and the drain on SIGTERM (decision 020). */
  connections: ConnectionSettings;
  /** Who may read /metrics (decision 020). */
  metrics: MetricsSettings;
  audit: AuditSettings;
  /** REDIS_URL: limits and audits shared by every replica (decision 070); each process's own without. */
  redis: RedisSettings | undefined;
}

/** The Redis the replicas share (decision 070). */
export interface RedisSettings {
  url: string;
  /** Longest wait for one command before a request goes on with this process's memory. */
  timeoutMs: number;
}

/** The free audit's limits (decision 017). */
export interface AuditSettings {
  /** `host:port` pairs the audit may fetch although they are local or on other ports (tests, intranets). */
  allowedHosts: ReadonlySet<string>;
  /** Deadline of one whole audit. */
  timeoutMs: number;
  /** Audits per client address and minute (page and API together). */
  rateLimitPerMinute: number;
  /** Audits running at once in this process; more get a 503. */
  maxConcurrent: number;
  /** Of those, audits one visitor's address may run at once; more get a 429 (decision 049). */
  perAddress: number;
  /** How long a result is reused for the same address (0: never). */
  cacheSeconds: number;
  /** Threads of the analysis pool (decision 022). */
  workers: number;
  /** Heap ceiling of each analysis thread, in MB. */
  workerMemoryMb: number;
  /** How many days a saved report keeps its permanent address. */
  reportDays: number;
  /** The saved reports' total size in bytes, past which the oldest anonymous ones go (decision 048). */
  reportsMaxBytes: number;
  /** Reports one visitor address may save per (UTC) day; past it, audits are answered, not kept. */
  reportsPerDay: number;
}

/** How many visitor emails forms may cause (decision 050). */
export interface VisitorMailSettings {
  /** Per mailbox (mailboxKey: `victim+1@` is `victim@`), whichever sender asked: per hour, per day. */
  mailboxPerHour: number;
  mailboxPerDay: number;
  /** Emails past those limits one mailbox may have waiting for its window (decision 067). */
  mailboxQueued: number;
  /** Per sender's address (req.ip, after TRUST_PROXY), whatever mailboxes it asked for. */
  senderPerHour: number;
  senderPerDay: number;
}

/** Open connections and the shutdown's drain (decision 020). */
export interface ConnectionSettings {
  /** Connections open at once; more are closed as they arrive (`server.maxConnections`). */
  max: number;
  /** Connections open at once from one peer address (0: no such cap). */
  perAddress: number;
  /** On SIGTERM, how long /readyz answers 503 while the server still serves, before it stops accepting. */
  shutdownGraceMs: number;
}

/**
 * /metrics: with a token, on the site's port for requests that carry it; with a port, on a listener of
 * its own; with neither, nowhere.
 */
export interface MetricsSettings {
  /** `Authorization: Bearer <token>` required wherever /metrics is served. */
  token: string | undefined;
  /** A second listener that serves only /metrics. */
  port: number | undefined;
  /** The interface of that listener (loopback unless set). */
  host: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Settings whose values never appear in an error message. */
const SECRET_SETTINGS: ReadonlySet<string> = new Set(['METRICS_TOKEN', 'NEWSLETTER_SECRET', 'REDIS_URL']);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A whole number from the environment; `of` names its unit in the messages (" of milliseconds"). */
const wholeNumber = (of = '', wholeOf = of) =>
  z.coerce.number({ error: `must be a number${of}` }).int(`must be a whole number${wholeOf}`);

// The publisher's identity (decision 029): the legal notice (« mentions légales ») and the privacy
// policy show it. Required ones have a clearly marked placeholder until the site is published, and
// must be set once it is; optional ones are left out of the page when unset.

/** One line of text as it will be shown: no control characters, a sane length. */
const companyText = () =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .regex(/^[^\p{Cc}]*$/u, 'must be one line of text (no control characters)')
    .optional();

/** A phone number as people write it: digits, spaces, dots, dashes, brackets, a leading +. */
const companyPhone = () =>
  z
    .string()
    .trim()
    .regex(/^\+?[\d ().-]*\d[\d ().-]*$/, 'must be a phone number such as +33 1 23 45 67 89')
    .refine((v) => v.replace(/\D/g, '').length >= 6 && v.length <= 30, {
      message: 'must be a phone number such as +33 1 23 45 67 89',
    })
    .optional();

/**
 * The COMPANY_* settings a published site must set, with what each names: while the site is not
 * published, the page shows `[what — set NAME]` instead. COMPANY_LEGAL_FORM, COMPANY_SHARE_CAPITAL
 * and COMPANY_VAT_NUMBER are optional (not every publisher has them) and left out when unset.
 */
export const REQUIRED_COMPANY_SETTINGS = {
  COMPANY_NAME: 'Company legal name',
  COMPANY_ADDRESS: 'Registered office address',
  COMPANY_REGISTRATION: 'Register and number',
  COMPANY_PHONE: 'Phone number',
  COMPANY_PUBLICATION_DIRECTOR: 'Director of publication',
  COMPANY_HOST_NAME: 'Hosting provider',
  COMPANY_HOST_ADDRESS: 'Hosting provider’s address',
  COMPANY_HOST_PHONE: 'Hosting provider’s phone number',
} as const;
type RequiredCompanySetting = keyof typeof REQUIRED_COMPANY_SETTINGS;

/** What a page shows for a required COMPANY_* setting that is not set (development and tests). */
export function companyPlaceholder(name: RequiredCompanySetting): string {
  return `[${REQUIRED_COMPANY_SETTINGS[name]} — set ${name}]`;
}

/**
 * Names no published site has: the top-level and second-level domains reserved for tests and
 * examples (RFC 2606, RFC 6761), mDNS's .local (RFC 6762), .internal (reserved by ICANN for private
 * networks) and .arpa.
 */
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local', 'internal', 'arpa']);
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org'];

/**
 * Whether SITE_URL says the site is published: its host is a public domain name. Not localhost, an
 * IP address, a single-label name, or a name reserved for tests and examples (`geo.example`,
 * `www.example.com`, `*.test`), which no published site can have. The scheme does not matter.
 */
export function isPublishedSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return false;
  if (RESERVED_TLDS.has(host.slice(host.lastIndexOf('.') + 1))) return false;
  return !RESERVED_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The placeholders' shape: a value in square brackets, as the defaults are. */
const PLACEHOLDER = /^\[.*\]$/;

/**
 * The publisher's identity from the COMPANY_* values. On a published site, a required value that is
 * missing, or still a bracketed placeholder, stops start-up with one line naming it.
 */
function companyIdentity(
  values: Partial<Record<RequiredCompanySetting, string>> & {
    COMPANY_LEGAL_FORM?: string | undefined;
    COMPANY_SHARE_CAPITAL?: string | undefined;
    COMPANY_VAT_NUMBER?: string | undefined;
    COMPANY_EMAIL_PROVIDER?: string | undefined;
  },
  siteUrl: string,
): CompanyIdentity {
  if (isPublishedSite(siteUrl)) {
    for (const name of Object.keys(REQUIRED_COMPANY_SETTINGS) as RequiredCompanySetting[]) {
      const value = values[name];
      if (value === undefined)
        throw new ConfigError(
          `Invalid configuration: ${name} must be set when the site is published (SITE_URL=${siteUrl}): the legal notice names the publisher and its host`,
        );
      if (PLACEHOLDER.test(value))
        throw new ConfigError(
          `Invalid configuration: ${name}=${JSON.stringify(value)} is a placeholder: set the real value (the site is published at ${siteUrl})`,
        );
    }
    // Optional, but a placeholder is no processor's name for the privacy policy to show.
    const provider = values.COMPANY_EMAIL_PROVIDER;
    if (provider !== undefined && PLACEHOLDER.test(provider))
      throw new ConfigError(
        `Invalid configuration: COMPANY_EMAIL_PROVIDER=${JSON.stringify(provider)} is a placeholder: set the real name or leave it unset (the site is published at ${siteUrl})`,
      );
  }
  const required = (name: RequiredCompanySetting) => values[name] ?? companyPlaceholder(name);
  return {
    name: required('COMPANY_NAME'),
    legalForm: values.COMPANY_LEGAL_FORM,
    shareCapital: values.COMPANY_SHARE_CAPITAL,
    address: required('COMPANY_ADDRESS'),
    registration: required('COMPANY_REGISTRATION'),
    vatNumber: values.COMPANY_VAT_NUMBER,
    emailProvider: values.COMPANY_EMAIL_PROVIDER,
    phone: required('COMPANY_PHONE'),
    publicationDirector: required('COMPANY_PUBLICATION_DIRECTOR'),
    host: {
      name: required('COMPANY_HOST_NAME'),
      address: required('COMPANY_HOST_ADDRESS'),
      phone: required('COMPANY_HOST_PHONE'),
    },
  };
}

const schema = z.object({
  PORT: wholeNumber().min(0).max(65535, 'must be a port number (0-65535)').default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://example.com' })
    .optional(),
  CONTACT_EMAIL: z.email({ error: 'must be an email address such as hello@example.com' }).optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATA_MAX_MB: wholeNumber(' of megabytes').min(1, 'must be 1 or more (megabytes)').optional(),
  SUPABASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SUPABASE_ANON_KEY: z.string().min(1, 'must not be empty').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: wholeNumber('', ' of proxy hops').min(0, 'must be 0 or more').default(0),
  AI_TRAINING_POLICY: z
    .enum(AI_TRAINING_POLICIES, { error: `must be one of ${AI_TRAINING_POLICIES.join(', ')}` })
    .default(DEFAULT_AI_TRAINING_POLICY),
  PROJECT_SOURCE: z.string().trim().min(1, 'must not be empty').max(100).default('geo-platform-website'),
  RATE_LIMIT_PER_MINUTE: wholeNumber().min(0, 'must be 0 (off) or more').default(300),
  AUDIT_ALLOWED_HOSTS: z.string().optional(),
  AUDIT_TIMEOUT_MS: wholeNumber(' of milliseconds')
    .min(1000, 'must be at least 1000 (milliseconds)')
    .max(120_000, 'must be at most 120000 (milliseconds)')
    .default(10_000),
  AUDIT_RATE_LIMIT_PER_MINUTE: wholeNumber().min(1, 'must be 1 or more').default(6),
  AUDIT_MAX_CONCURRENT: wholeNumber().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(4),
  AUDIT_MAX_PER_ADDRESS: wholeNumber().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(1),
  AUDIT_CACHE_SECONDS: wholeNumber(' of seconds').min(0, 'must be 0 (no cache) or more').default(600),
  AUDIT_WORKERS: wholeNumber().min(1, 'must be 1 or more').max(16, 'must be at most 16').default(2),
  AUDIT_WORKER_MEMORY_MB: wholeNumber(' of megabytes')
    .min(32, 'must be at least 32 (megabytes)')
    .max(4096, 'must be at most 4096 (megabytes)')
    .default(96),
  AUDIT_REPORT_DAYS: wholeNumber(' of days')
    .min(1, 'must be 1 or more')
    .max(3650, 'must be at most 3650 (ten years)')
    .default(365),
  // Bounded saved reports (decision 048): the store's total, and reports per visitor address and day.
  AUDIT_REPORTS_MAX_MB: wholeNumber(' of megabytes')
    .min(1, 'must be at least 1 (megabytes)')
    .max(1_000_000, 'must be at most 1000000 (megabytes)')
    .default(1024),
  AUDIT_REPORTS_PER_DAY: wholeNumber()
    .min(1, 'must be 1 or more')
    .max(10_000, 'must be at most 10000')
    .default(30),
  FORM_RATE_LIMIT_PER_MINUTE: wholeNumber().min(1, 'must be 1 or more').default(10),
  MAILBOX_EMAILS_PER_HOUR: wholeNumber().min(1, 'must be 1 or more').default(3),
  MAILBOX_EMAILS_PER_DAY: wholeNumber().min(1, 'must be 1 or more').default(6),
  MAILBOX_EMAILS_QUEUED: wholeNumber().min(0, 'must be 0 or more').max(100, 'must be at most 100').default(3),
  SENDER_EMAILS_PER_HOUR: wholeNumber().min(1, 'must be 1 or more').default(10),
  SENDER_EMAILS_PER_DAY: wholeNumber().min(1, 'must be 1 or more').default(30),
  MAX_CONNECTIONS: wholeNumber()
    .min(1, 'must be 1 or more')
    .max(1_000_000, 'must be at most 1000000')
    .default(1000),
  MAX_CONNECTIONS_PER_ADDRESS: wholeNumber().min(0, 'must be 0 (no cap) or more').optional(),
  SHUTDOWN_GRACE_MS: wholeNumber(' of milliseconds')
    .min(0, 'must be 0 or more (milliseconds)')
    .max(60_000, 'must be at most 60000 (milliseconds)')
    .default(5000),
  METRICS_TOKEN: z
    .string()
    .regex(/^\S+$/, 'must not contain spaces')
    .min(32, 'must be at least 32 characters (openssl rand -hex 32 makes one)')
    .optional(),
  // The key of the email links and of no-JavaScript form outcomes (src/server/delivery/secret.ts):
  // checked here so that a weak one stops start-up with the other settings, and is never printed.
  NEWSLETTER_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (openssl rand -hex 32 makes one)')
    .optional(),
  METRICS_PORT: wholeNumber().min(0).max(65535, 'must be a port number (0-65535)').optional(),
  METRICS_HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL such as redis://redis:6379' })
    .optional(),
  REDIS_TIMEOUT_MS: wholeNumber(' of milliseconds')
    .min(10, 'must be at least 10 (milliseconds)')
    .max(10_000, 'must be at most 10000 (milliseconds)')
    .default(250),
  COMPANY_NAME: companyText(),
  COMPANY_LEGAL_FORM: companyText(),
  COMPANY_SHARE_CAPITAL: companyText(),
  COMPANY_ADDRESS: companyText(),
  COMPANY_REGISTRATION: companyText(),
  COMPANY_VAT_NUMBER: companyText(),
  COMPANY_PHONE: companyPhone(),
  COMPANY_PUBLICATION_DIRECTOR: companyText(),
  COMPANY_HOST_NAME: companyText(),
  COMPANY_HOST_ADDRESS: companyText(),
  COMPANY_HOST_PHONE: companyPhone(),
  COMPANY_EMAIL_PROVIDER: companyText(),
});

/** Used when neither CONTACT_EMAIL nor a public SITE_URL says where mail should go (development). */
export const PLACEHOLDER_CONTACT_EMAIL = 'hello@geo-platform.example';

/**
 * CONTACT_EMAIL's default: hello@ the site's own domain (`www.` dropped) when SITE_URL names a public
 * host, as the site is published there; the reserved placeholder domain for localhost, addresses
 * and single-label hosts, which cannot receive mail anyway.
 */
export function defaultContactEmail(siteUrl: string): string {
  const host = new URL(siteUrl).hostname.toLowerCase().replace(/^www\./, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || !host.includes('.');
  const address = /^[\d.]+$/.test(host) || host.startsWith('[');
  return local || address ? PLACEHOLDER_CONTACT_EMAIL : `hello@${host}`;
}

/**
 * MAX_CONNECTIONS_PER_ADDRESS's default: facing visitors directly (TRUST_PROXY=0), 100 per address
 * (MAX_CONNECTIONS if lower), well above what browsers open (about 6 per host) even for a busy office
 * behind one address; behind proxies (TRUST_PROXY>0) every connection comes from a proxy, so there
 * is no cap by address.
 */
export function defaultConnectionsPerAddress(trustProxy: number): number {
  return trustProxy === 0 ? 100 : 0;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // A secret is named, never printed: the line goes to logs.
    const value = SECRET_SETTINGS.has(name) ? '(hidden)' : JSON.stringify(env[name] ?? '');
    throw new ConfigError(`Invalid configuration: ${name}=${value} ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.SUPABASE_URL) !== Boolean(e.SUPABASE_ANON_KEY)) {
    const missing = e.SUPABASE_URL ? 'SUPABASE_ANON_KEY' : 'SUPABASE_URL';
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too when using Supabase (set both or neither)`,
    );
  }
  let allowedHosts: ReadonlySet<string>;
  try {
    allowedHosts = parseAllowedHosts(e.AUDIT_ALLOWED_HOSTS);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Invalid configuration: AUDIT_ALLOWED_HOSTS=${JSON.stringify(env.AUDIT_ALLOWED_HOSTS ?? '')} ${why}`,
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT=${JSON.stringify(env.METRICS_PORT)} must differ from PORT (the site's port)`,
    );
  }
  const perAddress =
    e.MAX_CONNECTIONS_PER_ADDRESS ?? Math.min(defaultConnectionsPerAddress(e.TRUST_PROXY), e.MAX_CONNECTIONS);
  if (perAddress > e.MAX_CONNECTIONS) {
    throw new ConfigError(
      `Invalid configuration: MAX_CONNECTIONS_PER_ADDRESS=${JSON.stringify(String(perAddress))} must be at most MAX_CONNECTIONS (${e.MAX_CONNECTIONS})`,
    );
  }
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    contactEmail: e.CONTACT_EMAIL ?? defaultContactEmail(siteUrl),
    company: companyIdentity(e, siteUrl),
    dataDir: path.resolve(e.DATA_DIR),
    dataMaxBytes: e.DATA_MAX_MB === undefined ? undefined : e.DATA_MAX_MB * 1024 * 1024,
    supabaseUrl: e.SUPABASE_URL,
    supabaseAnonKey: e.SUPABASE_ANON_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    aiTrainingPolicy: e.AI_TRAINING_POLICY,
    projectSource: e.PROJECT_SOURCE,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    formRateLimitPerMinute: e.FORM_RATE_LIMIT_PER_MINUTE,
    visitorMail: {
      mailboxPerHour: e.MAILBOX_EMAILS_PER_HOUR,
      mailboxPerDay: e.MAILBOX_EMAILS_PER_DAY,
      mailboxQueued: e.MAILBOX_EMAILS_QUEUED,
      senderPerHour: e.SENDER_EMAILS_PER_HOUR,
      senderPerDay: e.SENDER_EMAILS_PER_DAY,
    },
    connections: {
      max: e.MAX_CONNECTIONS,
      perAddress,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    audit: {
      allowedHosts,
      timeoutMs: e.AUDIT_TIMEOUT_MS,
      rateLimitPerMinute: e.AUDIT_RATE_LIMIT_PER_MINUTE,
      maxConcurrent: e.AUDIT_MAX_CONCURRENT,
      perAddress: e.AUDIT_MAX_PER_ADDRESS,
      cacheSeconds: e.AUDIT_CACHE_SECONDS,
      workers: e.AUDIT_WORKERS,
      workerMemoryMb: e.AUDIT_WORKER_MEMORY_MB,
      reportDays: e.AUDIT_REPORT_DAYS,
      reportsMaxBytes: e.AUDIT_REPORTS_MAX_MB * 1024 * 1024,
      reportsPerDay: e.AUDIT_REPORTS_PER_DAY,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, timeoutMs: e.REDIS_TIMEOUT_MS } : undefined,
  };
}
