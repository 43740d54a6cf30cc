import { describe, expect, it } from 'vitest';
import { parseAuditUrl } from '../../src/lib/audit.ts';
import { checkHttpUrl, isWebsiteUrl, parseHttpUrl } from '../../src/lib/urls.ts';
import { checkAuditUrl } from '../../src/server/audit/address.ts';
import { parseForm } from '../../src/server/forms.ts';

// One rule for the web addresses visitors type: the forms (browser and server) and the audit (page,
// API, fetcher) refuse the same things for the same reasons.

describe('checkHttpUrl', () => {
  it('accepts http and https URLs and hands back the parsed URL', () => {
    const check = checkHttpUrl('HTTPS://Example.COM/a?b=1');
    expect(check.ok && check.url.href).toBe('https://example.com/a?b=1');
    expect(parseHttpUrl('http://x.example')?.hostname).toBe('x.example');
  });

  it.each([
    ['not a url', 'invalid'],
    ['http://', 'invalid'],
    ['', 'invalid'],
    ['ftp://x.example', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['data:text/html,hi', 'scheme'],
    ['https://user:pw@x.example', 'credentials'],
    ['https://user@x.example', 'credentials'],
    ['https://:pw@x.example', 'credentials'],
  ])('refuses %j (%s)', (value, problem) => {
    expect(checkHttpUrl(value)).toMatchObject({ ok: false, problem });
    expect(parseHttpUrl(value)).toBeNull();
  });
});

describe('isWebsiteUrl (the forms, in the browser and on the server)', () => {
  it.each(['https://www.example.com/path?x=1', 'http://x.example', 'https://exämple.fr'])(
    'accepts %s',
    (url) => {
      expect(isWebsiteUrl(url)).toBe(true);
    },
  );

  it.each([
    'https://localhost',
    'ftp://x.com',
    'javascript:alert(1)',
    'https://user:pw@x.com',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(isWebsiteUrl(url)).toBe(false);
  });

  it('is the rule of the server schema', () => {
    const contact = (website: string) => parseForm('contact', { name: 'A', email: 'a@b.co', website });
    for (const url of ['https://user:pw@x.com', 'https://localhost', 'ftp://x.com']) {
      expect(isWebsiteUrl(url)).toBe(false);
      expect(contact(url)).toEqual({ ok: false, fields: { website: 'websiteInvalid' } });
    }
    expect(contact('https://x.example').ok).toBe(true);
  });
});

describe('the audit refuses what the rule refuses', () => {
  it.each(['ftp://x.example', 'javascript:alert(1)', 'https://user:pw@x.example', 'not a url'])(
    '%j',
    (url) => {
      expect(parseAuditUrl(url)).toBeNull();
      expect(checkAuditUrl(url, new Set())).toMatchObject({ ok: false });
    },
  );
});
