import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { peerKey } from '../../src/server/connections.ts';

// The settings of decision 020: connection caps, the shutdown's grace period, /metrics access.

describe('connection and metrics settings', () => {
  it('have safe defaults', () => {
    const config = loadConfig({});
    expect(config.connections).toEqual({ max: 1000, perAddress: 100, shutdownGraceMs: 5000 });
    expect(config.metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    // Behind proxies every connection comes from a proxy: no cap by address unless asked for.
    expect(loadConfig({ TRUST_PROXY: '1' }).connections.perAddress).toBe(0);
    expect(loadConfig({ MAX_CONNECTIONS: '50' }).connections.perAddress).toBe(50);
    expect(loadConfig({ TRUST_PROXY: '2', MAX_CONNECTIONS_PER_ADDRESS: '20' }).connections.perAddress).toBe(
      20,
    );
  });

  it.each([
    [{ MAX_CONNECTIONS: '0' }, /MAX_CONNECTIONS="0" must be 1 or more/],
    [{ MAX_CONNECTIONS: 'many' }, /MAX_CONNECTIONS="many" must be a number/],
    [{ MAX_CONNECTIONS: '50', MAX_CONNECTIONS_PER_ADDRESS: '60' }, /must be at most MAX_CONNECTIONS \(50\)/],
    [{ MAX_CONNECTIONS_PER_ADDRESS: '-1' }, /MAX_CONNECTIONS_PER_ADDRESS="-1" must be 0/],
    [{ SHUTDOWN_GRACE_MS: '61000' }, /SHUTDOWN_GRACE_MS="61000" must be at most 60000/],
    [{ METRICS_PORT: '3000', PORT: '3000' }, /METRICS_PORT="3000" must differ from PORT/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT="70000" must be a port number/],
  ])('stops on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names a bad METRICS_TOKEN without printing it', () => {
    for (const token of ['short-secret', 'has spaces in it but is long enough to pass the length']) {
      let message = '';
      try {
        loadConfig({ METRICS_TOKEN: token });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration: METRICS_TOKEN=\(hidden\) must/);
      expect(message).not.toContain(token);
    }
  });
});

describe('peerKey', () => {
  it('counts IPv4 by address and IPv6 by its /64', () => {
    expect(peerKey('203.0.113.7')).toBe('203.0.113.7');
    expect(peerKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(peerKey('2001:db8:1:2:aaaa::1')).toBe(peerKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(peerKey('2001:db8:1:2::1')).not.toBe(peerKey('2001:db8:1:3::1'));
    expect(peerKey(undefined)).toBe('');
  });
});
