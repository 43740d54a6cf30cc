import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditStreamLine } from '../../src/lib/audit.ts';
import { heldPage, startHeldSite, type HeldSite } from '../fixtures/held-site.ts';
import { CONTAINER_FLAGS, portOf, runServer } from '../support/server-process.ts';
import { HUMAN_UA } from '../support/test-server.ts';

// SIGTERM during a streaming site audit (issue 34, finding 5; decision 049), on the built server as
// a real process with the Dockerfile's Node flags: the site holds its further pages, so the audit is
// mid-stream when the signal comes. When the grace period ends, the audit stops: the stream ends with
// its final line, an error saying the server is restarting in the request's language, and the
// process exits 0 (it used to cut the stream and exit 1 after 16.6 s).

const FURTHER = ['/one', '/two', '/three'];

let site: HeldSite;
beforeAll(async () => {
  site = await startHeldSite({
    files: (origin) => ({
      '/': { body: heldPage('Home', FURTHER) },
      '/sitemap.xml': {
        type: 'application/xml',
        body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${FURTHER.map(
          (p) => `<url><loc>${origin}${p}</loc></url>`,
        ).join('')}</urlset>`,
      },
      ...Object.fromEntries(FURTHER.map((p) => [p, { body: heldPage(p) }])),
    }),
    hold: (path) => FURTHER.includes(path),
  });
});
afterAll(async () => {
  site.release();
  await site.close();
});

describe('SIGTERM during a site audit', () => {
  it('ends the progress stream with its final line and exits 0', async () => {
    const proc = runServer(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        SITE_URL: 'https://geo.example',
        AUDIT_ALLOWED_HOSTS: site.host,
        SHUTDOWN_GRACE_MS: '300',
      },
      CONTAINER_FLAGS,
    );
    const port = await portOf(proc);
    const response = await fetch(
      `http://127.0.0.1:${port}/api/audit?url=${encodeURIComponent(`${site.origin}/`)}&lang=fr&pages=10`,
      { headers: { Accept: 'application/x-ndjson', 'User-Agent': HUMAN_UA } },
    );
    expect(response.status).toBe(200);
    const body = response.text();
    // The first page is done and the site audit waits for its further pages: mid-stream.
    await site.held('/one');
    proc.child.kill('SIGTERM');

    const lines = (await body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditStreamLine);
    expect(lines.some((line) => 'step' in line)).toBe(true);
    expect(lines.at(-1)).toEqual({
      error: {
        code: 'restarting',
        message: 'L’audit a été interrompu, car notre serveur redémarre. Relancez-le dans quelques secondes.',
      },
    });
    expect(await proc.exited).toBe(0);
    expect(proc.out()).toContain('"msg":"stopped"');
  });
});
