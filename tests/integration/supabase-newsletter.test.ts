import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { signToken } from '../../src/server/email/tokens.ts';
import { closePeers, parseMail, startSmtp } from '../support/delivery-peers.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';

// The newsletter's double opt-in through the real server with leads in Supabase: the migrations on
// the run's PostgreSQL server behind a PostgREST stand-in, a real SMTP server on loopback. A confirm
// link issued before the address unsubscribed is refused (issue 26: an old link replayed within its
// 7 days subscribed the address again); one issued after it confirms. The opt-in email is awaited by
// draining the server's delivery worker, never by polling the mailbox.

const NEWSLETTER_SECRET = 'a-newsletter-secret-of-at-least-32-chars';
const supabase = supabaseOnPostgrest();
afterEach(closePeers);

async function statuses(email: string): Promise<string[]> {
  const { rows } = await supabase.db.query<{ status: string }>(
    `select status from public.leads where lead_data ->> 'form_type' = 'newsletter' and lower(email) = lower($1)`,
    [email],
  );
  return rows.map((r) => r.status);
}

describe.each(['en', 'fr'] as const)('Supabase store, in %s', (lang) => {
  it('a confirm link issued before an unsubscribe no longer subscribes', async () => {
    const smtp = await startSmtp();
    const app = await testServer({
      SUPABASE_URL: supabase.postgrest.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
      NEWSLETTER_SECRET,
      SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'GEO Platform <hello@geo.example>',
    });
    try {
      // The worker tells the database its channels with its first lease: a drain makes one.
      await app.locals.deliveryIdle();
      const visitor = `supa-replay-${lang}@example.org`;
      expect((await request(app).post('/api/newsletter').send({ email: visitor, lang })).status).toBe(200);
      await app.locals.deliveryIdle();
      const optins = smtp.messages.filter((m) => m.to.includes(visitor));
      expect(optins).toHaveLength(1);
      const optin = parseMail(optins[0]!.raw);
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
