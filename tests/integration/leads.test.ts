import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { StoreUnavailableError, type LeadStore } from '../../src/server/store/types.ts';
import { testServer } from '../support/test-server.ts';

let app: App;
let dataDir: string;
const leads = async () => {
  const store = await EmbeddedStore.open(dataDir);
  const rows = await store.list();
  await store.close();
  return rows;
};

beforeAll(async () => {
  app = await testServer({ TRUST_PROXY: '1' });
  dataDir = app.locals.config.dataDir;
});

let ip = 0;
/** Each test call comes from its own address, so the per-IP limit only applies where a test wants it. */
const from = () => `203.0.113.${(ip++ % 250) + 1}`;
const post = (path: string) => request(app).post(path).set('X-Forwarded-For', from());

describe('POST /api/waitlist', () => {
  it('stores a JSON submission with the page language and "Not provided" for an empty name', async () => {
    const res = await post('/api/waitlist').send({
      email: 'wl-json@example.com',
      website: 'https://www.example.com',
      lang: 'fr',
      message: 'Hello',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const row = (await leads()).find((r) => r.email === 'wl-json@example.com')!;
    expect(row).toMatchObject({
      form_type: 'waitlist',
      name: 'Not provided',
      language: 'fr',
      website: 'https://www.example.com',
      message: 'Hello',
      status: 'new',
      source: 'geo-platform-website',
    });
    expect(JSON.parse(row.utm_data)).toEqual({
      utm_source: 'website',
      utm_medium: 'waitlist',
      utm_campaign: 'geo_waitlist_2025',
    });
  });

  it('accepts url-encoded forms and answers JSON to scripts', async () => {
    const res = await post('/api/waitlist')
      .type('form')
      .set('Accept', 'application/json')
      .send('email=wl-form%40example.com&website=https%3A%2F%2Fexample.org&name=Ada');
    expect(res.status).toBe(200);
    expect((await leads()).some((r) => r.email === 'wl-form@example.com' && r.name === 'Ada')).toBe(true);
  });

  it('names each invalid field, in the request language', async () => {
    const res = await post('/api/waitlist').send({ email: 'nope', website: 'ftp://x', lang: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_fields',
      message: 'Vérifiez les champs signalés.',
    });
    expect(res.body.error.fields).toEqual({
      email: 'Saisissez une adresse e-mail valide, par exemple nom@entreprise.fr.',
      website: 'Saisissez une adresse de site valide, par exemple exemple.fr ou https://www.exemple.fr.',
    });
    const en = await post('/api/waitlist').send({});
    expect(Object.keys(en.body.error.fields).sort()).toEqual(['email', 'website']);
  });

  it('takes a bare domain as people type it, and keeps it as a full address (issue 38)', async () => {
    const res = await post('/api/waitlist').send({
      email: 'bare-domain@example.com',
      website: 'brewlab.com',
    });
    expect(res.status).toBeLessThan(300);
    expect((await leads()).find((r) => r.email === 'bare-domain@example.com')?.website).toBe(
      'https://brewlab.com',
    );
  });
});

describe('POST /api/contact', () => {
  it('stores the spec lead record', async () => {
    const res = await post('/api/contact').send({
      name: '  Jane  ',
      email: 'contact@example.com',
      website: '',
      service: 'content-strategy',
      message: 'Hi',
      lang: 'en',
    });
    expect(res.status).toBe(200);
    const row = (await leads()).find((r) => r.email === 'contact@example.com')!;
    expect(row).toMatchObject({
      form_type: 'contact',
      name: 'Jane',
      service: 'content-strategy',
      message: 'Hi',
      phone: null,
      company: null,
      language: 'en',
    });
    const data = JSON.parse(row.lead_data);
    expect(data).toMatchObject({
      message: 'Hi',
      service: 'content-strategy',
      website: '',
      form_type: 'contact',
    });
    expect(new Date(data.submitted_at).toISOString()).toBe(data.submitted_at);
    expect(JSON.parse(row.utm_data)).toEqual({
      utm_source: 'website',
      utm_medium: 'contact_form',
      utm_campaign: 'geo_contact_form',
    });
  });

  it('requires name and email and rejects unknown services', async () => {
    const res = await post('/api/contact').send({ service: 'free-money' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'name', 'service']);
  });

  it('trims and bounds strings, and drops control characters', async () => {
    const res = await post('/api/contact').send({
      name: 'Bob\u0000\u0007 ',
      email: 'bounds@example.com',
      message: 'x'.repeat(5001),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.message).toMatch(/5000/);
    const ok = await post('/api/contact').send({ name: 'Bob\u0000\u0007 ', email: 'bounds@example.com' });
    expect(ok.status).toBe(200);
    expect((await leads()).find((r) => r.email === 'bounds@example.com')!.name).toBe('Bob');
  });
});

describe('POST /api/newsletter', () => {
  it('stores the email as a newsletter lead', async () => {
    expect((await post('/api/newsletter').send({ email: 'news@example.com', lang: 'fr' })).status).toBe(200);
    expect((await leads()).find((r) => r.email === 'news@example.com')).toMatchObject({
      form_type: 'newsletter',
      language: 'fr',
    });
    expect((await post('/api/newsletter').send({ email: '' })).status).toBe(400);
  });
});

describe('defences', () => {
  it('answers 413 over 16 KB and 415 for other content types', async () => {
    const big = await post('/api/contact').send({
      name: 'x',
      email: 'big@example.com',
      message: 'y'.repeat(17 * 1024),
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('too_large');
    const text = await post('/api/contact').set('Content-Type', 'text/plain').send('hello');
    expect(text.status).toBe(415);
    const xml = await post('/api/waitlist').set('Content-Type', 'application/xml').send('<a/>');
    expect(xml.status).toBe(415);
  });

  it('answers malformed JSON with a clear 400', async () => {
    const res = await post('/api/contact').set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('pretends success for a filled honeypot and stores nothing', async () => {
    const res = await post('/api/contact').send({
      name: 'Bot',
      email: 'bot@example.com',
      nickname: 'gotcha',
    });
    expect(res.status).toBe(200);
    expect((await leads()).some((r) => r.email === 'bot@example.com')).toBe(false);
  });

  it('stores the same form and email once within ten minutes, and the visitor still sees success', async () => {
    for (const email of ['dup@example.com', 'DUP@example.com']) {
      const res = await post('/api/waitlist').send({ email, website: 'https://dup.example.com' });
      expect(res.status).toBe(200);
    }
    expect((await leads()).filter((r) => r.email.toLowerCase() === 'dup@example.com')).toHaveLength(1);
    // Another form with the same email is a different lead.
    expect((await post('/api/newsletter').send({ email: 'dup@example.com' })).status).toBe(200);
    expect((await leads()).filter((r) => r.email.toLowerCase() === 'dup@example.com')).toHaveLength(2);
  });

  it('limits each address to 10 submissions a minute (honouring TRUST_PROXY), with a 429', async () => {
    const address = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await request(app)
        .post('/api/newsletter')
        .set('X-Forwarded-For', address)
        .send({ email: `rl${i}@example.com` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await request(app)
      .post('/api/newsletter')
      .set('X-Forwarded-For', address)
      .send({ email: 'rl@example.com' });
    expect(limited.body.error).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Too many/),
    });
    expect(limited.headers['ratelimit-policy'] ?? limited.headers['ratelimit']).toBeDefined();
    // Another visitor is not affected.
    expect(
      (
        await request(app)
          .post('/api/newsletter')
          .set('X-Forwarded-For', '198.51.100.8')
          .send({ email: 'other@example.com' })
      ).status,
    ).toBe(200);
  });

  it('stores 40 simultaneous submissions from 40 visitors exactly once each', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(app)
          .post('/api/contact')
          .set('X-Forwarded-For', `192.0.2.${i + 1}`)
          .send({ name: `Visitor ${i}`, email: `burst${i}@example.com` }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = (await leads()).filter((r) => r.email.startsWith('burst'));
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.email)).size).toBe(40);
  });

  it('answers JSON for other methods and unknown API paths', async () => {
    expect((await request(app).get('/api/contact')).status).toBe(405);
    const missing = await request(app).get('/api/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });
});

describe('without JavaScript', () => {
  it('a plain form post gets a 303 back to its page, which shows the outcome once', async () => {
    const agent = request.agent(app);
    const res = await agent
      .post('/api/contact')
      .set('X-Forwarded-For', from())
      .set('Accept', 'text/html,application/xhtml+xml')
      .type('form')
      .send({
        name: 'Plain',
        email: 'plain@example.com',
        lang: 'fr',
        returnTo: '/fr/contact?service=content-strategy',
      });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/fr/contact?service=content-strategy');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/form_result=[\w.-]+;.*HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const page = await agent
      .get('/fr/contact?service=content-strategy')
      .set('User-Agent', 'Mozilla/5.0 Chrome/126');
    expect(page.text).toMatch(
      /<div role="status" class="form-status ok"><strong>Message bien envoyé\u202f! ✅<\/strong>/,
    );
    const again = await agent.get('/fr/contact').set('User-Agent', 'Mozilla/5.0 Chrome/126');
    expect(again.text).not.toContain('form-status');
  });

  it('a failed post comes back with the values and field errors', async () => {
    const agent = request.agent(app);
    const res = await agent
      .post('/api/contact')
      .set('X-Forwarded-For', from())
      .set('Accept', 'text/html')
      .type('form')
      .send({
        name: 'Keep <b>me</b>',
        email: 'broken',
        message: 'Still here',
        lang: 'en',
        returnTo: '/en/contact',
      });
    expect(res.status).toBe(303);
    const response = await agent.get('/en/contact').set('User-Agent', 'Mozilla/5.0 Chrome/126');
    // What the visitor typed is in this page: no cache may keep it.
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = response.text;
    expect(page).toMatch(
      /<div role="alert" class="form-status error"><strong>Failed to send message<\/strong>/,
    );
    expect(page).toContain('Enter a valid email address, like name@company.com.');
    expect(page).toContain('value="Keep &lt;b&gt;me&lt;/b&gt;"');
    expect(page).toContain('>Still here</textarea>');
  });

  it('never returns to another site', async () => {
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '/en/../../x',
      'javascript:alert(1)',
    ]) {
      const res = await post('/api/newsletter')
        .set('Accept', 'text/html')
        .type('form')
        .send({ email: `ret${ip}@example.com`, returnTo });
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/^\/(en|fr)\//);
      expect(res.headers.location).not.toContain('evil');
    }
  });
});

describe('store failures', () => {
  const failing: LeadStore = {
    kind: 'embedded',
    save: () => Promise.reject(new StoreUnavailableError('disk full')),
    ping: () => Promise.reject(new StoreUnavailableError('disk full')),
    close: () => Promise.resolve(),
  };

  it('answers 503 with a clear message, and readiness reports it without leaving rotation', async () => {
    const broken = await testServer({}, { store: failing });
    const res = await request(broken)
      .post('/api/contact')
      .send({ name: 'A', email: 'a@example.com', lang: 'fr' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: {
        code: 'store_unavailable',
        message: 'Impossible d’enregistrer votre envoi pour le moment. Réessayez dans un instant.',
      },
    });
    // Pages need no store: the instance stays ready and says the store takes no writes (decision 051).
    // The failed write started a probe; probeStore() resolves once its outcome is reported.
    await broken.locals.probeStore();
    const ready = await request(broken).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', store: 'embedded', storeWritable: false });
    expect((await request(broken).get('/healthz')).status).toBe(200);
  });
});
