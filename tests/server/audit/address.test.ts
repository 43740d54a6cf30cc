import { describe, expect, it } from 'vitest';
import { checkAuditUrl, classifyAddress, parseAllowedHosts } from '../../../src/server/audit/address.ts';

// The audit fetches addresses typed by anyone: these tables are the SSRF surface of the pre-checks.

const none: ReadonlySet<string> = new Set();

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fd00::1', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:8.8.8.8', 'ipv4Mapped'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    ['::7f00:1', 'reserved'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['64:ff9b::808:808', 'rfc6052'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'discard'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['5f00::1', 'segmentRouting'],
  ])('refuses %s (%s)', (ip, range) => {
    expect(classifyAddress(ip)).toEqual({ allowed: false, range });
  });

  it('reads every IPv4 spelling as the address it means', () => {
    for (const spelling of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0x7f000001']) {
      expect(classifyAddress(spelling), spelling).toEqual({ allowed: false, range: 'loopback' });
    }
  });

  it.each(['not an ip', '', '1.2.3.4.5', '::g', 'localhost'])(
    'refuses what is not an address: %j',
    (text) => {
      expect(classifyAddress(text)).toEqual({ allowed: false, range: 'invalid' });
    },
  );

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4007:80e::200e'])(
    'allows the public address %s',
    (ip) => {
      expect(classifyAddress(ip)).toEqual({ allowed: true });
    },
  );
});

describe('checkAuditUrl', () => {
  it.each([
    ['http://127.0.0.1/', 'address 127.0.0.1 (loopback)'],
    ['http://2130706433/', 'address 127.0.0.1 (loopback)'],
    ['http://0177.0.0.1/', 'address 127.0.0.1 (loopback)'],
    ['http://0x7f.1/', 'address 127.0.0.1 (loopback)'],
    ['http://0x7f000001/', 'address 127.0.0.1 (loopback)'],
    ['http://127.1/', 'address 127.0.0.1 (loopback)'],
    ['http://127.0.0.1./', 'address 127.0.0.1 (loopback)'],
    ['http://%31%32%37.0.0.1/', 'address 127.0.0.1 (loopback)'],
    ['http://[::ffff:127.0.0.1]/', 'address ::ffff:7f00:1 (loopback)'],
    ['http://[::ffff:7f00:1]/', 'address ::ffff:7f00:1 (loopback)'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'address ::ffff:7f00:1 (loopback)'],
    ['http://[::ffff:8.8.8.8]/', 'address ::ffff:808:808 (ipv4Mapped)'],
    ['http://[::127.0.0.1]/', 'address ::7f00:1 (reserved)'],
    ['http://[::1]/', 'address ::1 (loopback)'],
    ['http://[::]/', 'address :: (unspecified)'],
    ['http://0.0.0.0/', 'address 0.0.0.0 (unspecified)'],
    ['http://0/', 'address 0.0.0.0 (unspecified)'],
    ['http://169.254.169.254/latest/meta-data/', 'address 169.254.169.254 (linkLocal)'],
    ['http://100.64.0.1/', 'address 100.64.0.1 (carrierGradeNat)'],
    ['http://10.0.0.5/', 'address 10.0.0.5 (private)'],
    ['http://[fd00::1]/', 'address fd00::1 (uniqueLocal)'],
    ['http://[fe80::1]/', 'address fe80::1 (linkLocal)'],
    ['http://224.0.0.1/', 'address 224.0.0.1 (multicast)'],
    ['http://255.255.255.255/', 'address 255.255.255.255 (broadcast)'],
    ['http://192.0.2.1/', 'address 192.0.2.1 (reserved)'],
    ['http://198.18.0.1/', 'address 198.18.0.1 (reserved)'],
    ['https://[64:ff9b::a00:1]/', 'address 64:ff9b::a00:1 (rfc6052)'],
    ['http://localhost/', 'localhost (loopback)'],
    ['http://LOCALHOST/', 'localhost (loopback)'],
    ['http://localhost./', 'localhost. (loopback)'],
    ['http://app.localhost/', 'app.localhost (loopback)'],
    ['http://127.0.0.1:8080/', 'address 127.0.0.1 (loopback)'],
    ['http://user:pw@example.com/', 'credentials in the URL are not allowed'],
    ['http://user@example.com/', 'credentials in the URL are not allowed'],
    ['http://:pw@example.com/', 'credentials in the URL are not allowed'],
    ['ftp://example.com/', 'scheme ftp: is not allowed'],
    ['file:///etc/passwd', 'scheme file: is not allowed'],
    ['javascript:alert(1)', 'scheme javascript: is not allowed'],
    ['data:text/html,hi', 'scheme data: is not allowed'],
    ['gopher://example.com:70/', 'scheme gopher: is not allowed'],
    ['ws://example.com/', 'scheme ws: is not allowed'],
    ['http://example.com:8080/', 'port 8080 is not allowed (only 80 and 443)'],
    ['https://example.com:8443/', 'port 8443 is not allowed (only 80 and 443)'],
    ['http://example.com:22/', 'port 22 is not allowed (only 80 and 443)'],
    ['http://93.184.216.34:6379/', 'port 6379 is not allowed (only 80 and 443)'],
    ['not a url', 'not a valid URL'],
    ['http://[fe80::1%25eth0]/', 'not a valid URL'],
    ['http://1.2.3.4.5/', 'not a valid URL'],
    ['http://', 'not a valid URL'],
  ])('refuses %s', (url, detail) => {
    expect(checkAuditUrl(url, none)).toEqual({ ok: false, detail });
  });

  it.each([
    ['http://example.com/', 'example.com', 80],
    ['https://example.com/', 'example.com', 443],
    ['https://example.com:443/page?q=1', 'example.com', 443],
    ['http://example.com:443/', 'example.com', 443],
    ['https://EXAMPLE.com:80/', 'example.com', 80],
    ['http://93.184.216.34/', '93.184.216.34', 80],
    ['https://[2606:4700::1111]/', '2606:4700::1111', 443],
    ['http://exämple.com/', 'xn--exmple-cua.com', 80],
  ])('allows %s', (url, hostname, port) => {
    const check = checkAuditUrl(url, none);
    expect(check).toMatchObject({ ok: true, hostname, port, allowListed: false });
  });

  it('marks IP literals so that they are connected to as written, and names as needing DNS', () => {
    expect(checkAuditUrl('http://93.184.216.34/', none)).toMatchObject({
      literal: { address: '93.184.216.34', family: 4 },
    });
    expect(checkAuditUrl('https://[2606:4700::1111]/', none)).toMatchObject({
      literal: { address: '2606:4700::1111', family: 6 },
    });
    const named = checkAuditUrl('https://example.com/', none);
    expect(named.ok && named.literal).toBeFalsy();
  });

  it('lets an allow-listed host:port through, loopback and any port included', () => {
    const allowed = parseAllowedHosts('127.0.0.1:4100,localhost:4100,[::1]:4100');
    for (const url of [
      'http://127.0.0.1:4100/',
      'http://2130706433:4100/x', // the same address, spelled otherwise: the URL parser normalises it
      'https://localhost:4100/',
      'http://LocalHost:4100/',
      'http://[::1]:4100/',
      'http://[0:0:0:0:0:0:0:1]:4100/',
    ]) {
      expect(checkAuditUrl(url, allowed), url).toMatchObject({ ok: true, allowListed: true, port: 4100 });
    }
  });

  it('keeps every other host and port refused when some are allow-listed', () => {
    const allowed = parseAllowedHosts('127.0.0.1:4100');
    expect(checkAuditUrl('http://127.0.0.1:4101/', allowed)).toMatchObject({ ok: false });
    expect(checkAuditUrl('http://127.0.0.1/', allowed)).toMatchObject({ ok: false });
    expect(checkAuditUrl('http://localhost:4100/', allowed)).toMatchObject({ ok: false });
    expect(checkAuditUrl('http://[::ffff:127.0.0.1]:4100/', allowed)).toMatchObject({ ok: false });
    // Credentials and schemes are refused even for an allow-listed host.
    expect(checkAuditUrl('http://u:p@127.0.0.1:4100/', allowed)).toMatchObject({ ok: false });
    expect(checkAuditUrl('ftp://127.0.0.1:4100/', allowed)).toMatchObject({ ok: false });
  });

  it('takes the default port of the scheme into account', () => {
    const allowed = parseAllowedHosts('intranet.example:80');
    expect(checkAuditUrl('http://intranet.example/', allowed)).toMatchObject({ allowListed: true });
    expect(checkAuditUrl('https://intranet.example/', allowed)).toMatchObject({ allowListed: false });
  });
});

describe('parseAllowedHosts', () => {
  it('is empty when unset or blank', () => {
    expect([...parseAllowedHosts(undefined)]).toEqual([]);
    expect([...parseAllowedHosts('')]).toEqual([]);
    expect([...parseAllowedHosts(' , ,')]).toEqual([]);
  });

  it('normalises entries as the URL parser does', () => {
    expect([
      ...parseAllowedHosts(' 127.0.0.1:4100, LOCALHOST:4100 ,[0:0:0:0:0:0:0:1]:8080,0x7f.1:5'),
    ]).toEqual(['127.0.0.1:4100', 'localhost:4100', '[::1]:8080', '127.0.0.1:5']);
    expect(parseAllowedHosts('Intranet.Example:80').has('intranet.example:80')).toBe(true);
  });

  it.each([
    'localhost',
    '127.0.0.1',
    ':4100',
    'localhost:',
    'localhost:0',
    'localhost:65536',
    'localhost:123456',
    'localhost:41a',
    '::1:4100',
    '[::1]',
    '[zz::1]:80',
    'http://localhost:4100',
    'localhost:4100/path',
    'user@localhost:4100',
    'local host:4100',
    '1.2.3.4.5:80',
  ])('refuses the malformed entry %j, naming it', (entry) => {
    expect(() => parseAllowedHosts(`127.0.0.1:4100,${entry}`)).toThrow(JSON.stringify(entry));
  });
});
