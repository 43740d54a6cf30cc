import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  REQUIRED_COMPANY_SETTINGS,
  companyPlaceholder,
  isPublishedSite,
  loadConfig,
} from '../../src/server/config.ts';
import { newsletterSecret } from '../../src/server/delivery/secret.ts';

describe('loadConfig', () => {
  it('stops on a weak NEWSLETTER_SECRET without printing it, and a missing one where nothing can replace it', () => {
    const weak = 'short-secret-value';
    expect(() => loadConfig({ NEWSLETTER_SECRET: weak })).toThrow(
      'Invalid configuration: NEWSLETTER_SECRET=(hidden) must be at least 32 characters',
    );
    try {
      loadConfig({ NEWSLETTER_SECRET: weak });
    } catch (error) {
      expect(String(error)).not.toContain(weak);
    }
    expect(() => loadConfig({ NEWSLETTER_SECRET: 'x'.repeat(32) })).not.toThrow();
    // Supabase with visitor emails on: replicas must share the key, so none is a start-up error.
    const missing = () =>
      newsletterSecret({ env: {}, dataDir: '/nonexistent', supabase: true, needed: true });
    expect(missing).toThrow(ConfigError);
    expect(missing).toThrow(/^Invalid configuration: NEWSLETTER_SECRET must be set/);
  });

  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: 0,
      aiTrainingPolicy: 'opt-out-commercial',
      rateLimitPerMinute: 300,
      formRateLimitPerMinute: 10,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.audit.reportDays).toBe(365);
    expect(loadConfig({ AUDIT_REPORT_DAYS: '30' }).audit.reportDays).toBe(30);
    // The embedded store's ceiling (decision 051): none unless set, in megabytes.
    expect(c.dataMaxBytes).toBeUndefined();
    expect(loadConfig({ DATA_MAX_MB: '5' }).dataMaxBytes).toBe(5 * 1024 * 1024);
    // One audit slot per address by default (decision 049); at least one.
    expect(c.audit.perAddress).toBe(1);
    expect(loadConfig({ AUDIT_MAX_PER_ADDRESS: '2' }).audit.perAddress).toBe(2);
    expect(() => loadConfig({ AUDIT_MAX_PER_ADDRESS: '0' })).toThrow(
      /AUDIT_MAX_PER_ADDRESS="0" must be 1 or more/,
    );
  });

  it('shares limits through REDIS_URL only when it is set, and never prints it (it may hold a password)', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://redis:6379' }).redis).toEqual({
      url: 'redis://redis:6379',
      timeoutMs: 250,
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://:pw@cache.example:6380', REDIS_TIMEOUT_MS: '100' }).redis,
    ).toEqual({
      url: 'rediss://:pw@cache.example:6380',
      timeoutMs: 100,
    });
    expect(() => loadConfig({ REDIS_URL: 'http://user:s3cret@redis:6379' })).toThrow(
      'Invalid configuration: REDIS_URL=(hidden) must be a redis:// or rediss:// URL',
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://redis', REDIS_TIMEOUT_MS: '5' })).toThrow(
      /REDIS_TIMEOUT_MS="5" must be at least 10/,
    );
  });

  it('derives SITE_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
    expect(loadConfig({ SITE_URL: 'https://geo.example/' }).siteUrl).toBe('https://geo.example');
  });

  it('takes CONTACT_EMAIL, or derives it from a public SITE_URL', () => {
    expect(loadConfig({ CONTACT_EMAIL: 'team@company.test' }).contactEmail).toBe('team@company.test');
    expect(loadConfig({}).contactEmail).toBe('hello@geo-platform.example');
    expect(loadConfig({ SITE_URL: 'http://127.0.0.1:4000' }).contactEmail).toBe('hello@geo-platform.example');
    expect(loadConfig({ SITE_URL: 'https://www.acme.test' }).contactEmail).toBe('hello@acme.test');
    expect(
      loadConfig({ SITE_URL: 'https://www.acme.test', CONTACT_EMAIL: 'team@company.test' }).contactEmail,
    ).toBe('team@company.test');
  });

  it.each([
    [{ CONTACT_EMAIL: 'not an email' }, 'CONTACT_EMAIL'],
    [{ CONTACT_EMAIL: 'mailto:team@company.test' }, 'CONTACT_EMAIL'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SITE_URL: 'ftp://geo.example' }, 'SITE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ AI_TRAINING_POLICY: 'whatever' }, 'AI_TRAINING_POLICY'],
    [{ SUPABASE_URL: 'https://x.supabase.co' }, 'SUPABASE_ANON_KEY'],
    [{ FORM_RATE_LIMIT_PER_MINUTE: '0' }, 'FORM_RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ AUDIT_REPORT_DAYS: '0' }, 'AUDIT_REPORT_DAYS'],
    [{ AUDIT_REPORT_DAYS: 'forever' }, 'AUDIT_REPORT_DAYS'],
    [{ DATA_MAX_MB: '0' }, 'DATA_MAX_MB'],
    [{ DATA_MAX_MB: '1.5' }, 'DATA_MAX_MB'],
  ])('rejects %o with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });
});

describe('the publisher’s identity (COMPANY_*, decision 029)', () => {
  const COMPANY = {
    COMPANY_NAME: 'Acme Conseil SAS',
    COMPANY_LEGAL_FORM: 'SAS',
    COMPANY_SHARE_CAPITAL: '10 000 €',
    COMPANY_ADDRESS: '1 rue de la Paix, 75002 Paris, France',
    COMPANY_REGISTRATION: 'RCS Paris 123 456 789',
    COMPANY_VAT_NUMBER: 'FR12123456789',
    COMPANY_PHONE: '+33 1 23 45 67 89',
    COMPANY_PUBLICATION_DIRECTOR: 'Jeanne Martin',
    COMPANY_HOST_NAME: 'Hébergeur SAS',
    COMPANY_HOST_ADDRESS: '2 quai du Port, 13002 Marseille, France',
    COMPANY_HOST_PHONE: '+33 4 91 00 00 00',
  };
  const REQUIRED = Object.keys(REQUIRED_COMPANY_SETTINGS) as (keyof typeof REQUIRED_COMPANY_SETTINGS)[];
  const errorOf = (env: Record<string, string>): Error => {
    try {
      loadConfig(env);
    } catch (error) {
      return error as Error;
    }
    throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
  };

  it('shows clearly marked placeholders while the site is not published, and no optional value', () => {
    for (const env of [{}, { SITE_URL: 'https://geo.example' }, { SITE_URL: 'http://127.0.0.1:4000' }]) {
      const { company } = loadConfig(env);
      expect(company).toEqual({
        name: '[Company legal name — set COMPANY_NAME]',
        legalForm: undefined,
        shareCapital: undefined,
        address: '[Registered office address — set COMPANY_ADDRESS]',
        registration: '[Register and number — set COMPANY_REGISTRATION]',
        vatNumber: undefined,
        phone: '[Phone number — set COMPANY_PHONE]',
        publicationDirector: '[Director of publication — set COMPANY_PUBLICATION_DIRECTOR]',
        host: {
          name: '[Hosting provider — set COMPANY_HOST_NAME]',
          address: '[Hosting provider’s address — set COMPANY_HOST_ADDRESS]',
          phone: '[Hosting provider’s phone number — set COMPANY_HOST_PHONE]',
        },
      });
      for (const name of REQUIRED) expect(companyPlaceholder(name)).toContain(`set ${name}]`);
    }
  });

  it('takes every value as set, trimmed', () => {
    const { company } = loadConfig({
      SITE_URL: 'https://www.acme.fr',
      ...COMPANY,
      COMPANY_NAME: '  Acme Conseil SAS ',
    });
    expect(company).toEqual({
      name: 'Acme Conseil SAS',
      legalForm: 'SAS',
      shareCapital: '10 000 €',
      address: '1 rue de la Paix, 75002 Paris, France',
      registration: 'RCS Paris 123 456 789',
      vatNumber: 'FR12123456789',
      phone: '+33 1 23 45 67 89',
      publicationDirector: 'Jeanne Martin',
      host: {
        name: 'Hébergeur SAS',
        address: '2 quai du Port, 13002 Marseille, France',
        phone: '+33 4 91 00 00 00',
      },
    });
  });

  it('on a published site, stops with one line naming each required setting that is missing', () => {
    for (const name of REQUIRED) {
      const env: Record<string, string> = { SITE_URL: 'https://www.acme.fr', ...COMPANY };
      delete env[name];
      const error = errorOf(env);
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} must be set`));
      expect(error.message).toContain('https://www.acme.fr');
      expect(error.message).not.toContain('\n');
    }
    // Nothing set at all: the first one is named.
    expect(errorOf({ SITE_URL: 'https://acme.fr' }).message).toContain('COMPANY_NAME must be set');
  });

  it('on a published site, refuses a value that is still a placeholder', () => {
    const error = errorOf({
      SITE_URL: 'https://acme.fr',
      ...COMPANY,
      COMPANY_PUBLICATION_DIRECTOR: '[Director of publication — set COMPANY_PUBLICATION_DIRECTOR]',
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('COMPANY_PUBLICATION_DIRECTOR=');
    expect(error.message).toContain('is a placeholder');
    expect(error.message).not.toContain('\n');
  });

  it('names the email provider when COMPANY_EMAIL_PROVIDER is set, and refuses its placeholder once published (decision 072)', () => {
    expect(loadConfig({}).company.emailProvider).toBeUndefined();
    const set = loadConfig({
      SITE_URL: 'https://acme.fr',
      ...COMPANY,
      COMPANY_EMAIL_PROVIDER: ' Brevo (Sendinblue SAS) ',
    });
    expect(set.company.emailProvider).toBe('Brevo (Sendinblue SAS)');
    const error = errorOf({
      SITE_URL: 'https://acme.fr',
      ...COMPANY,
      COMPANY_EMAIL_PROVIDER: '[Email provider]',
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(
      /^Invalid configuration: COMPANY_EMAIL_PROVIDER="\[Email provider\]" is a placeholder/,
    );
    expect(error.message).not.toContain('\n');
  });

  it('on a published site, leaves the legal form, share capital and VAT number optional', () => {
    const required = Object.fromEntries(
      Object.entries(COMPANY).filter(([name]) => (REQUIRED as string[]).includes(name)),
    );
    const { company } = loadConfig({ SITE_URL: 'https://acme.fr', ...required });
    expect(company).toMatchObject({ legalForm: undefined, shareCapital: undefined, vatNumber: undefined });
  });

  it.each([
    ['https://acme.fr', true],
    ['https://www.acme.co.uk', true],
    ['http://acme.com', true],
    ['http://localhost:3000', false],
    ['http://app.localhost', false],
    ['http://127.0.0.1:3000', false],
    ['http://[::1]:3000', false],
    ['http://intranet:8080', false],
    ['https://geo.example', false],
    ['https://www.example.com', false],
    ['https://staging.acme.test', false],
    ['http://printer.local', false],
    ['https://wiki.corp.internal', false],
  ])('counts %s as published: %s', (url, published) => {
    expect(isPublishedSite(url)).toBe(published);
  });

  it.each([
    [{ COMPANY_PHONE: 'call us' }, 'COMPANY_PHONE'],
    [{ COMPANY_PHONE: '12' }, 'COMPANY_PHONE'],
    [{ COMPANY_HOST_PHONE: '+33 1 23 45 67 89 ext. 4' }, 'COMPANY_HOST_PHONE'],
    [{ COMPANY_NAME: 'Acme\nEvil' }, 'COMPANY_NAME'],
    [{ COMPANY_ADDRESS: 'x'.repeat(201) }, 'COMPANY_ADDRESS'],
    [{ COMPANY_VAT_NUMBER: '   ' }, 'COMPANY_VAT_NUMBER'],
  ])('rejects %o with one line naming %s, published or not', (env, name) => {
    const error = errorOf(env);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(name);
    expect(error.message).not.toContain('\n');
  });
});
