import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditOutcome } from '../../../src/lib/audit.ts';
import { parseAllowedHosts } from '../../../src/server/audit/address.ts';
import { noAnswer, wwwVariant } from '../../../src/server/audit/fetch-refusal.ts';
import type { ResolvedAddress } from '../../../src/server/audit/address.ts';
import { createAuditService, type AuditService } from '../../../src/server/audit/service.ts';
import { loadConfig, type AuditSettings } from '../../../src/server/config.ts';
import { analysisInProcess } from '../../fixtures/audit-analysis.ts';
import { heldPage, startHeldSite, type HeldSite } from '../../fixtures/held-site.ts';

// Issue 38, bug 3: people type "brewlab.com" for a site that answers only at www.brewlab.com, and
// their browser finds it there. The audit does the same when the address without www. answers
// nothing at all (no DNS name, no connection), and never when it answered (an error page is the
// site's answer, reported as such).

let site: HeldSite;
let port: string;
beforeAll(async () => {
  site = await startHeldSite({ files: () => ({ '/': { body: heldPage('Brew Lab') } }) });
  port = new URL(site.origin).port;
});
afterAll(() => site.close());

const notFound = () => Promise.reject(Object.assign(new Error('no such name'), { code: 'ENOTFOUND' }));
const loopback = (address = '127.0.0.1'): Promise<ResolvedAddress[]> =>
  Promise.resolve([{ address, family: 4 }]);

/** An audit service on a resolver the test writes, recording which names it was asked for. */
function service(names: Record<string, () => Promise<ResolvedAddress[]>>): {
  audits: AuditService;
  asked: string[];
} {
  const asked: string[] = [];
  const hosts = ['brewlab.test', 'www.brewlab.test'].map((name) => `${name}:${port}`);
  const settings: AuditSettings = {
    ...loadConfig({}).audit,
    allowedHosts: parseAllowedHosts(hosts.join(',')),
    rateLimitPerMinute: 1000,
    cacheSeconds: 0,
    workers: 1,
  };
  const audits = createAuditService({
    settings,
    analysis: analysisInProcess,
    siteUrl: 'https://geo.example',
    resolve: (hostname) => {
      asked.push(hostname);
      return (names[hostname] ?? notFound)();
    },
  });
  return { audits, asked };
}

const audited = (outcome: AuditOutcome) => (outcome.ok ? outcome.report.url : outcome.reason);

describe('the www. fallback', () => {
  it('audits www. when the bare host does not resolve, and says which address it audited', async () => {
    const { audits, asked } = service({ 'www.brewlab.test': () => loopback() });
    const outcome = await audits.audit(`http://brewlab.test:${port}/`, 'en');
    expect(audited(outcome)).toBe(`http://www.brewlab.test:${port}/`);
    expect(asked).toContain('brewlab.test');
  });

  it('audits www. when the bare host refuses the connection', async () => {
    // 127.0.0.2 is loopback too, but the fixture site listens on 127.0.0.1 only: connection refused.
    const { audits } = service({
      'brewlab.test': () => loopback('127.0.0.2'),
      'www.brewlab.test': () => loopback(),
    });
    expect(audited(await audits.audit(`http://brewlab.test:${port}/`, 'fr'))).toBe(
      `http://www.brewlab.test:${port}/`,
    );
  });

  it('keeps the bare address when it answered, even with an error, and never asks for www.', async () => {
    const { audits, asked } = service({
      'brewlab.test': () => loopback(),
      'www.brewlab.test': () => loopback(),
    });
    const outcome = await audits.audit(`http://brewlab.test:${port}/missing`, 'en');
    expect(audited(outcome)).toBe('httpError');
    expect(asked).not.toContain('www.brewlab.test');
  });

  it('reports the address typed when www. does not answer either', async () => {
    const { audits, asked } = service({});
    const outcome = await audits.audit(`http://brewlab.test:${port}/`, 'en');
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.url).toBe(`http://brewlab.test:${port}/`);
    expect(outcome.ok ? '' : outcome.message).toContain(`http://brewlab.test:${port}/`);
    expect([...new Set(asked)]).toEqual(['brewlab.test', 'www.brewlab.test']);
  });

  it('knows which addresses have a www. variant and which failures mean no answer', () => {
    expect(wwwVariant('https://brewlab.com/menu?x=1')).toBe('https://www.brewlab.com/menu?x=1');
    for (const none of [
      'https://www.brewlab.com/',
      'https://intranet/',
      'https://192.0.2.7/',
      'https://[2001:db8::1]/',
    ])
      expect(wwwVariant(none)).toBeNull();
    expect(noAnswer('unreachable', 'brewlab.com does not resolve (ENOTFOUND)')).toBe(true);
    expect(noAnswer('unreachable', 'connection failed (ECONNREFUSED)')).toBe(true);
    expect(noAnswer('unreachable', 'TLS error (ERR_TLS_CERT_ALTNAME_INVALID)')).toBe(true);
    expect(noAnswer('unreachable', 'more than 5 redirects')).toBe(false);
    expect(noAnswer('timeout', 'timed out after 10000 ms (connecting)')).toBe(false);
  });
});
