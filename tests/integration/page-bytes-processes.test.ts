import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePeers, startServerProcess, type ServerProcessHandle } from '../support/delivery-peers.ts';
import { GPTBOT_UA, HUMAN_UA } from '../support/test-server.ts';

// Two processes of the production build behind one cache must send a page as the same bytes (one
// ETag), whatever each rendered first: the first page a renderer renders once came out with its head
// in another order than every later one.

// Each on port 0, its port read from its start-up line.
const servers: ServerProcessHandle[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess({}));
});
afterAll(() => closePeers());

const page = async (server: ServerProcessHandle, path: string, ua: string) => {
  const res = await fetch(server.base + path, {
    headers: { 'User-Agent': ua, 'Accept-Encoding': 'identity' },
  });
  expect(res.status).toBe(200);
  return { html: await res.text(), etag: res.headers.get('etag') };
};

describe('a page across server processes', () => {
  it(
    'is the same bytes for people whether a person or a crawler asked for it first',
    { timeout: 180_000 },
    async () => {
      const [first, second] = servers as [ServerProcessHandle, ServerProcessHandle];
      const fromFirst = await page(first, '/en/', HUMAN_UA);
      await page(second, '/en/', GPTBOT_UA);
      const fromSecond = await page(second, '/en/', HUMAN_UA);
      expect(fromSecond.html).toBe(fromFirst.html);
      expect(fromSecond.etag).toBe(fromFirst.etag);
      // The stylesheet and the font come first in the head, before the page's metadata.
      const head = fromFirst.html.slice(0, fromFirst.html.indexOf('</head>'));
      expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<title>'));
      expect(head.indexOf('as="font"')).toBeLessThan(head.indexOf('rel="stylesheet"'));
    },
  );
});
