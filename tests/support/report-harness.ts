import request from 'supertest';
import { expect } from 'vitest';
import type { App, ServerOptions } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import type { TeaSite } from '../fixtures/tea-site.ts';
import { parseMail, startReceiver, startSmtp } from './delivery-peers.ts';
import { HUMAN_UA, testServer } from './test-server.ts';

// What the saved reports' email suites share (report-email.test.ts, rechecks.test.ts): the real
// server with every delivery channel on, a real SMTP server and a webhook receiver on loopback, a
// person's saved audit of the tea site, the emails one address received, the stored leads.

export const WEBHOOK_SECRET = `whsec_${Buffer.from('a-test-signing-key-of-32-bytes!!').toString('base64')}`;
export const TEAM = 'team@geo.example';
export const SITE_URL = 'https://geo.example';

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/** The settings of a server with every delivery channel on, auditing `site`. */
export function reportServerEnv(
  site: Pick<TeaSite, 'host'>,
  smtp: Smtp,
  hooks: Awaited<ReturnType<typeof startReceiver>>,
): Record<string, string> {
  return {
    SITE_URL,
    SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'GEO Platform <hello@geo.example>',
    LEADS_NOTIFY_TO: TEAM,
    LEADS_WEBHOOK_URL: hooks.url,
    LEADS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    AUDIT_ALLOWED_HOSTS: site.host,
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    // Each audit is its own run, so two audits in a row make two reports.
    AUDIT_CACHE_SECONDS: '0',
    FORM_RATE_LIMIT_PER_MINUTE: '100',
  };
}

/** The server with every channel on, auditing `site`; `env` overrides, `options` are the server's. */
export async function startReportServer(
  site: TeaSite,
  env: Record<string, string> = {},
  options: Omit<ServerOptions, 'env'> = {},
  peers?: { smtp: Smtp; hooks: Awaited<ReturnType<typeof startReceiver>> },
) {
  const smtp = peers?.smtp ?? (await startSmtp());
  const hooks = peers?.hooks ?? (await startReceiver());
  const app = await testServer({ ...reportServerEnv(site, smtp, hooks), ...env }, options);
  return { app, smtp, hooks, close: () => app.locals.close() };
}

/** The emails `to` received, parsed. */
export const mailsTo = (smtp: Smtp, to: string) =>
  smtp.messages.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw));

/** A person's audit of `url`, saved: the report as the page shows it. */
export async function savedAudit(
  app: App,
  url: string,
  lang: 'en' | 'fr' = 'en',
): Promise<AuditReport & { id: string }> {
  const res = await request(app).get('/api/audit').query({ url, lang }).set('User-Agent', HUMAN_UA);
  expect(res.status).toBe(200);
  expect(res.body.id).toMatch(/^[0-9a-f]{32}$/);
  return res.body as AuditReport & { id: string };
}

/** The leads the server's embedded store holds, newest first. */
export async function storedLeads(app: App) {
  const store = await EmbeddedStore.open(app.locals.config.dataDir);
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}

/** Every `href` of an HTML email, entities decoded. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => entities(m[1]!));
}

export const entities = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
