import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('loadConfig', () => {
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
