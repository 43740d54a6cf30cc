import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/server/metrics.ts';

// Who may read /metrics: the operator's network (loopback, private IPv4, unique-local IPv6), as the
// socket or a trusted proxy writes the address. Classified by the audit's address classifier.

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    'fc00::1',
    'fd12:3456::1',
    'FD00::1',
  ])('lets %s in', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    undefined,
    '',
    '8.8.8.8',
    '203.0.113.7',
    '172.32.0.1',
    '172.15.0.1',
    '192.169.0.1',
    '::ffff:8.8.8.8',
    '2606:4700::1111',
    'fe80::1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    'not-an-ip',
    '10.0.0.1.evil',
    // The URL parser's other spellings of 127.0.0.1 are not how a socket or a proxy writes an address.
    '2130706433',
    '127.1',
  ])('keeps %j out', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});
