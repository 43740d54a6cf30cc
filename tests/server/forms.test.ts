import { describe, expect, it } from 'vitest';
import { csvCell, leadsToCsv } from '../../src/server/lead-export.ts';
import { parseForm } from '../../src/server/forms.ts';
import { isWebsiteUrl } from '../../src/lib/urls.ts';
import { formMessage } from '../../src/server/messages.ts';
import type { LeadRow } from '../../src/server/store/types.ts';

describe('form schemas', () => {
  it('waitlist: email and website required, name and message optional', () => {
    const ok = parseForm('waitlist', { email: ' a@b.co ', website: 'https://x.example' });
    expect(ok).toEqual({
      ok: true,
      value: {
        form: 'waitlist',
        data: { name: '', email: 'a@b.co', website: 'https://x.example', message: '', lang: 'en' },
      },
    });
    expect(parseForm('waitlist', {})).toEqual({
      ok: false,
      fields: { email: 'emailRequired', website: 'websiteRequired' },
    });
  });

  it('contact: name and email required; website, service and message optional', () => {
    expect(parseForm('contact', { name: 'A', email: 'a@b.co' }).ok).toBe(true);
    expect(parseForm('contact', { name: 'A', email: 'a@b.co', website: 'javascript:alert(1)' })).toEqual({
      ok: false,
      fields: { website: 'websiteInvalid' },
    });
    expect(parseForm('contact', { name: 'A', email: 'a@b.co', service: 'partnership' }).ok).toBe(true);
  });

  it('rejects wrong types and ignores unknown or prototype keys', () => {
    const parsed = parseForm(
      'contact',
      JSON.parse('{"name":"A","email":"a@b.co","__proto__":{"admin":true},"constructor":{"x":1}}'),
    );
    expect(parsed.ok).toBe(true);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(parseForm('contact', { name: ['A'], email: { $ne: '' } })).toEqual({
      ok: false,
      fields: { name: 'nameRequired', email: 'emailRequired' },
    });
    expect(parseForm('newsletter', 'a@b.co')).toEqual({ ok: false, fields: { email: 'emailRequired' } });
  });

  it('accepts only http(s) website addresses with a host', () => {
    expect(isWebsiteUrl('https://www.example.com/path?x=1')).toBe(true);
    for (const bad of [
      'ftp://x.com',
      'https://localhost',
      'javascript:alert(1)',
      'https://user:pw@x.com',
      'not a url',
    ])
      expect(isWebsiteUrl(bad)).toBe(false);
  });

  it('has a message for every key in both languages', () => {
    for (const key of [
      'emailRequired',
      'emailInvalid',
      'websiteRequired',
      'websiteInvalid',
      'nameRequired',
      'serviceInvalid',
      'rateLimited',
      'storeUnavailable',
    ] as const) {
      expect(formMessage('en', key)).not.toBe(formMessage('fr', key));
    }
    expect(formMessage('en', 'messageTooLong')).toContain('5000');
  });
});

describe('lead export', () => {
  it('neutralises spreadsheet formulas and quotes every cell', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell('+1 555')).toBe(`"'+1 555"`);
    expect(csvCell('@sum')).toBe(`"'@sum"`);
    expect(csvCell(null)).toBe('""');
    expect(csvCell('line\nbreak, comma')).toBe('"line\nbreak, comma"');
  });

  it('writes a header and one line per lead', () => {
    const row = {
      id: 1,
      form_type: 'contact',
      name: 'Ada',
      email: 'a@b.co',
      phone: null,
      company: null,
      website: null,
      service: null,
      message: '-2+3',
      language: 'en',
      source: 's',
      status: 'new',
      utm_data: '{}',
      lead_data: '{}',
      created_at: '2025-01-01T00:00:00.000Z',
    } as LeadRow;
    const csv = leadsToCsv([row]).split('\r\n');
    expect(csv[0]).toBe(
      'id,created_at,form_type,name,email,phone,company,website,service,message,language,source,status,utm_data,lead_data',
    );
    expect(csv[1]).toContain(`"'-2+3"`);
  });
});
