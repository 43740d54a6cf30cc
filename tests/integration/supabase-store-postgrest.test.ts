import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SupabaseStore } from '../../src/server/store/supabase.ts';
import { testServer } from '../support/test-server.ts';

// The Supabase store against a local server that answers as PostgREST does for the two calls,
// asserting the exact requests and covering the failures.

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let reply: (req: Seen, res: ServerResponse) => void;

const ok = (status: number, body: unknown) => (_req: Seen, res: ServerResponse) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      seen.push(entry);
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = (req, res) =>
    req.path.startsWith('/rest/v1/rpc/')
      ? ok(200, { success: true, error: null })(req, res)
      : ok(201, undefined)(req, res);
});

const KEY = 'anon-key-for-tests';
const ctx = () => ({ source: 'geo-website-test', submittedAt: new Date('2025-06-01T10:00:00.000Z') });
const waitlist = {
  name: '',
  email: 'ada@example.com',
  website: 'https://ada.example.com',
  message: '',
  lang: 'fr' as const,
};
const contact = {
  name: 'Ada',
  email: 'ada@example.com',
  website: 'https://ada.example.com',
  service: 'content-strategy' as const,
  message: 'Hello',
  lang: 'en' as const,
};

describe('SupabaseStore requests', () => {
  it('calls create_free_audit_from_form with exactly the spec payload', async () => {
    const store = new SupabaseStore(baseUrl, KEY);
    expect(await store.save({ form: 'waitlist', data: waitlist }, ctx())).toBe('stored');
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/rest/v1/rpc/create_free_audit_from_form');
    expect(call!.headers.apikey).toBe(KEY);
    expect(call!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call!.body).toEqual({
      p_name: 'Not provided',
      p_email: 'ada@example.com',
      p_phone: null,
      p_company: null,
      p_website: 'https://ada.example.com',
      p_language: 'fr',
      p_utm_data: { utm_source: 'website', utm_medium: 'waitlist', utm_campaign: 'geo_waitlist_2025' },
      p_project_source: 'geo-website-test',
    });
  });

  it('inserts the contact lead record into leads', async () => {
    const store = new SupabaseStore(baseUrl, KEY);
    expect(await store.save({ form: 'contact', data: contact }, ctx())).toBe('stored');
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/rest/v1/leads');
    expect(call!.headers.apikey).toBe(KEY);
    expect(call!.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      phone: null,
      company: null,
      source: 'geo-website-test',
      language: 'en',
      lead_data: {
        message: 'Hello',
        service: 'content-strategy',
        website: 'https://ada.example.com',
        form_type: 'contact',
        submitted_at: '2025-06-01T10:00:00.000Z',
      },
      utm_data: { utm_source: 'website', utm_medium: 'contact_form', utm_campaign: 'geo_contact_form' },
      status: 'new',
    });
  });

  it('keeps a waitlist note as a lead, since the function takes no message', async () => {
    const store = new SupabaseStore(baseUrl, KEY);
    await store.save({ form: 'waitlist', data: { ...waitlist, message: 'We sell bikes' } }, ctx());
    expect(seen.map((s) => s.path)).toEqual(['/rest/v1/rpc/create_free_audit_from_form', '/rest/v1/leads']);
    expect((seen[1]!.body as { lead_data: { message: string } }).lead_data.message).toBe('We sell bikes');
  });

  it('stores the same form and email once within the window', async () => {
    const store = new SupabaseStore(baseUrl, KEY);
    expect(await store.save({ form: 'contact', data: contact }, ctx())).toBe('stored');
    expect(await store.save({ form: 'contact', data: { ...contact, email: 'ADA@example.com' } }, ctx())).toBe(
      'duplicate',
    );
    expect(seen).toHaveLength(1);
  });

  it('stores simultaneous submissions of the same lead once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const first = new Promise<void>((resolve) => (arrived = resolve));
    reply = (req, res) => {
      arrived();
      void gate.then(() => ok(201, undefined)(req, res));
    };
    const store = new SupabaseStore(baseUrl, KEY);
    const outcomes = Promise.all(
      Array.from({ length: 5 }, () =>
        store.save({ form: 'contact', data: { ...contact, email: 'race@example.com' } }, ctx()),
      ),
    );
    // The first insert is held at the server while the four others are made: they must not send theirs.
    await first;
    release();
    expect((await outcomes).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'stored']);
    expect(seen).toHaveLength(1);
  });
});

describe('SupabaseStore failures', () => {
  it('treats { success: false } as a failure', async () => {
    reply = ok(200, { success: false, error: 'Duplicate audit' });
    await expect(
      new SupabaseStore(baseUrl, KEY).save({ form: 'waitlist', data: waitlist }, ctx()),
    ).rejects.toThrow(/Duplicate audit/);
  });

  it("shows the function's own error text to the visitor", async () => {
    const app = await testServer({ SUPABASE_URL: baseUrl, SUPABASE_ANON_KEY: KEY });
    reply = ok(200, { success: false, error: 'This address already has an audit on the way.' });
    const res = await request(app)
      .post('/api/waitlist')
      .send({ email: 'refused@example.com', website: 'https://refused.example.com' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: { code: 'store_refused', message: 'This address already has an audit on the way.' },
    });
    reply = ok(200, { success: false, error: null });
    const bare = await request(app)
      .post('/api/waitlist')
      .send({ email: 'refused2@example.com', website: 'https://refused.example.com' });
    expect(bare.body.error.message).toBe('Submission failed');
  });

  it('treats HTTP 5xx as a failure', async () => {
    reply = ok(500, { message: 'internal error', code: 'XX000' });
    await expect(
      new SupabaseStore(baseUrl, KEY).save({ form: 'contact', data: contact }, ctx()),
    ).rejects.toThrow(/failed/);
    reply = ok(503, { message: 'unavailable' });
    await expect(
      new SupabaseStore(baseUrl, KEY).save({ form: 'waitlist', data: waitlist }, ctx()),
    ).rejects.toThrow();
  });

  it('treats a refused connection as a failure', async () => {
    const store = new SupabaseStore('http://127.0.0.1:1', KEY);
    await expect(store.save({ form: 'contact', data: contact }, ctx())).rejects.toThrow();
    await expect(store.ping()).rejects.toThrow(/unreachable/);
  });

  it('times out a slow backend', async () => {
    reply = () => {
      /* never answers */
    };
    const store = new SupabaseStore(baseUrl, KEY, { timeoutMs: 300 });
    const started = Date.now();
    await expect(store.save({ form: 'contact', data: contact }, ctx())).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('makes the API answer 503 and lets the next submit work once the backend is back', async () => {
    const app = await testServer({ SUPABASE_URL: baseUrl, SUPABASE_ANON_KEY: KEY });
    reply = ok(500, { message: 'down' });
    const down = await request(app).post('/api/contact').send({ name: 'A', email: 'back@example.com' });
    expect(down.status).toBe(503);
    reply = ok(201, undefined);
    const up = await request(app).post('/api/contact').send({ name: 'A', email: 'back@example.com' });
    expect(up.status).toBe(200);
  });
});
