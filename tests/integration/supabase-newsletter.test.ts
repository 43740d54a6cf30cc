import type { PGlite } from '@electric-sql/pglite';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../src/server/email/tokens.ts';
import { closePeers, parseMail, startSmtp, waitFor } from '../support/delivery-peers.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';
import { ANON_KEY, SERVICE_KEY, startPostgrest } from '../fixtures/postgrest-pglite.ts';
import { supabaseSchema } from '../support/supabase-schema.ts';

// The newsletter's double opt-in through the real server with leads in Supabase: the migrations on
// PGlite behind a PostgREST stand-in, a real SMTP server on loopback. A confirm link issued before
// the address unsubscribed is refused (issue 26: an old link replayed within its 7 days subscribed
// the address again); one issued after it confirms.

const NEWSLETTER_SECRET = 'a-newsletter-secret-of-at-least-32-chars';
let db: PGlite;
let postgrest: Awaited<ReturnType<typeof startPostgrest>>;

beforeAll(async () => {
  db = await supabaseSchema();
  postgrest = await startPostgrest(db);
});
afterAll(() => postgrest.close());
afterEach(closePeers);

async function statuses(email: string): Promise<string[]> {
  const { rows } = await db.query<{ status: string }>(
    `select status from public.leads where lead_data ->> 'form_type' = 'newsletter' and lower(email) = lower($1)`,
    [email],
  );
  return rows.map((r) => r.status);
}

describe.each(['en', 'fr'] as const)('Supabase store, in %s', (lang) => {
  it('a confirm link issued before an unsubscribe no longer subscribes', async () => {
    const smtp = await startSmtp();
    const app = await testServer({
      SUPABASE_URL: postgrest.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
      NEWSLETTER_SECRET,
      SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'GEO Platform <hello@geo.example>',
    });
    try {
      // The worker tells the database its channels before its first lease.
      await waitFor(
        async () => (await db.query('select 1 from public.lead_delivery_channels')).rows.length > 0,
        'the channels',
      );
      const visitor = `supa-replay-${lang}@example.org`;
      expect((await request(app).post('/api/newsletter').send({ email: visitor, lang })).status).toBe(200);
      await waitFor(() => smtp.messages.some((m) => m.to.includes(visitor)), 'the opt-in email');
      const optin = parseMail(smtp.messages.find((m) => m.to.includes(visitor))!.raw);
      const confirm = /https?:\/\/[^\s"<>]+(\/\w+\/newsletter\/confirm\?token=[\w.-]+)/.exec(optin.text)![1]!;
      const unsubscribe = new URL(/<([^>]+)>/.exec(optin.headers.get('list-unsubscribe') ?? '')![1]!);
      const get = (target: string) => request(app).get(target).set('User-Agent', HUMAN_UA);

      expect((await get(confirm)).text).toContain('data-result="confirmed"');
      expect(await statuses(visitor)).toEqual(['subscribed']);
      const done = await request(app)
        .post(unsubscribe.pathname + unsubscribe.search)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(done.text).toContain('data-result="unsubscribed"');

      const replay = await get(confirm);
      expect(replay.status).toBe(400);
      expect(replay.text).toContain('data-result="expired"');
      expect(await statuses(visitor)).toEqual(['unsubscribed']);

      const fresh = signToken(
        Buffer.from(NEWSLETTER_SECRET, 'utf8'),
        { email: visitor, lang, purpose: 'confirm' },
        Date.now() + 1,
      );
      expect((await get(`/${lang}/newsletter/confirm?token=${encodeURIComponent(fresh)}`)).text).toContain(
        'data-result="confirmed"',
      );
      expect(await statuses(visitor)).toEqual(['subscribed']);
    } finally {
      await app.locals.close();
    }
  });
});
