import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server.ts';

// Slow clients cannot hold a connection open for ever: the limits are set on purpose (issue 8).
// Their effect takes tens of seconds to observe (Node checks them periodically), so this asserts the
// settings of a real listening server instead of waiting for a slow request to be cut off.
describe('server timeouts', () => {
  it('bounds the time to send headers, a whole request, and an idle keep-alive', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-timeouts-'));
    const server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    });
    try {
      expect(server.listening).toBe(true);
      expect(server.headersTimeout).toBe(15_000);
      expect(server.requestTimeout).toBe(30_000);
      expect(server.keepAliveTimeout).toBe(5_000);
      expect(server.headersTimeout).toBeLessThan(server.requestTimeout);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
