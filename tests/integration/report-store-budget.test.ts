import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import type { AuditReportStore, SavedAuditReport } from '../../src/server/store/report-types.ts';
import { SupabaseReports } from '../../src/server/store/supabase-reports.ts';
import { fileFromBefore, rawClient, tempDataDirs } from '../support/embedded-files.ts';
import { SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';

// The saved reports' bounds in the store (issue 34, decision 048), one suite for both stores: the
// size of each report is a column the database measures, the total has a budget past which the
// oldest anonymous reports go first (never one a lead or an open re-check refers to), a visitor's
// reports are capped, and a report that cannot fit is refused, all in the save's transaction.

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2027-03-01T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const newId = () => randomBytes(16).toString('hex');

/** A result of exactly `bytes` UTF-8 bytes (three-byte characters inside: bytes, not characters). */
function resultOf(bytes: number): string {
  const frame = '{"ok":true,"t":""}';
  const room = bytes - Buffer.byteLength(frame);
  const text = '€'.repeat(Math.floor(room / 3)) + 'a'.repeat(room % 3);
  const result = `{"ok":true,"t":"${text}"}`;
  expect(Buffer.byteLength(result)).toBe(bytes);
  return result;
}

function report(createdMs: number, bytes = 1000, fields: Partial<SavedAuditReport> = {}): SavedAuditReport {
  const createdAt = at(createdMs);
  return {
    id: newId(),
    address: 'https://example.com/',
    pages: 1,
    overall: 50,
    result: resultOf(bytes),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 365 * DAY),
    ...fields,
  };
}

interface Backend {
  store: AuditReportStore;
  clear(): Promise<void>;
  /** A lead ("Email me this report") that names the report. */
  leadFor(id: string): Promise<void>;
  /** A re-check subscription in `status` whose last report is `id`. */
  recheckFor(id: string, status: 'pending' | 'unsubscribed'): Promise<void>;
  close(): Promise<void>;
}

function budgetContract(name: string, open: () => Promise<Backend>) {
  describe(`${name}: bounded saves`, () => {
    let backend: Backend;
    let store: AuditReportStore;
    beforeAll(async () => {
      backend = await open();
      store = backend.store;
    });
    afterAll(() => backend.close());
    beforeEach(() => backend.clear());

    const kept = async (reports: SavedAuditReport[]) => {
      const ids: string[] = [];
      for (const r of reports) if (await store.get(r.id, T0)) ids.push(r.id);
      return ids;
    };

    it('counts each report’s UTF-8 bytes in the total, without a budget deleting nothing', async () => {
      expect(await store.totalBytes()).toBe(0);
      for (const [i, bytes] of [1000, 2500, 30_001].entries()) {
        expect(await store.save(report(i, bytes))).toBe('saved');
      }
      expect(await store.totalBytes()).toBe(33_501);
    });

    it('past the budget, deletes the oldest anonymous reports, as few as make room', async () => {
      const old = [report(0), report(1), report(2), report(3)];
      for (const r of old) expect(await store.save(r, { budgetBytes: 4000 })).toBe('saved');
      expect(await store.totalBytes()).toBe(4000);
      // 1,500 bytes more: the two oldest go (1,000 would leave 4,500), the others stay.
      const next = report(10, 1500);
      expect(await store.save(next, { budgetBytes: 4000 })).toBe('saved');
      expect(await kept([...old, next])).toEqual([old[2]!.id, old[3]!.id, next.id]);
      expect(await store.totalBytes()).toBe(3500);
    });

    it('never deletes a report a lead or an open re-check refers to; an ended re-check holds none', async () => {
      const [emailed, subscribed, ended, plain] = [report(0), report(1), report(2), report(3)];
      for (const r of [emailed, subscribed, ended, plain]) await store.save(r);
      await backend.leadFor(emailed.id);
      await backend.recheckFor(subscribed.id, 'pending');
      await backend.recheckFor(ended.id, 'unsubscribed');
      const next = report(10, 1000);
      // 5,000 bytes against 3,000: the two oldest anonymous ones go, the held ones stay.
      expect(await store.save(next, { budgetBytes: 3000 })).toBe('saved');
      expect(await kept([emailed, subscribed, ended, plain, next])).toEqual([
        emailed.id,
        subscribed.id,
        next.id,
      ]);
    });

    it('refuses a report that cannot fit once every anonymous report is gone, and keeps the rest', async () => {
      const [a, b] = [report(0), report(1)];
      for (const r of [a, b]) await store.save(r);
      await backend.leadFor(a.id);
      await backend.leadFor(b.id);
      const big = report(5, 1500);
      expect(await store.save(big, { budgetBytes: 3000 })).toBe('full');
      expect(await kept([a, b, big])).toEqual([a.id, b.id]);
      expect(await store.totalBytes()).toBe(2000);
      // A report larger than the whole budget is refused the same way, on an empty store too.
      await backend.clear();
      expect(await store.save(report(6, 3001), { budgetBytes: 3000 })).toBe('full');
      expect(await store.totalBytes()).toBe(0);
    });

    it('caps the reports of one visitor key, and of it only; no key, no cap', async () => {
      const limits = { perVisitor: 2 };
      const of = (visitorKey: string, ms: number) => report(ms, 1000, { visitorKey });
      const first = of('visitor-a', 0);
      expect(await store.save(first, limits)).toBe('saved');
      expect(await store.save(of('visitor-a', 1), limits)).toBe('saved');
      const third = of('visitor-a', 2);
      expect(await store.save(third, limits)).toBe('daily');
      expect(await store.get(third.id, T0)).toBeUndefined();
      expect(await store.save(of('visitor-b', 3), limits)).toBe('saved');
      for (const ms of [4, 5, 6]) expect(await store.save(report(ms), limits)).toBe('saved');
      expect(await store.totalBytes()).toBe(6000);
      // Who asked is read back (a report's earlier one is linked only when the same key made it).
      expect(await store.get(first.id, T0)).toEqual(first);
      expect((await store.previous(first.address, at(2), T0))!.visitorKey).toBe('visitor-a');
    });

    it('gives back the report a re-check’s report follows, and refuses one that is no report id', async () => {
      const first = report(0);
      const next = report(1, 1000, { follows: first.id });
      for (const r of [first, next]) expect(await store.save(r)).toBe('saved');
      expect(await store.get(next.id, T0)).toEqual(next);
      expect((await store.get(first.id, T0))!.follows).toBeUndefined();
      await expect(store.save(report(2, 1000, { follows: 'not-an-id' }))).rejects.toThrow();
    });
  });
}

// --- The embedded store -------------------------------------------------------------------------

const tempDataDir = tempDataDirs('geo-report-budget-');

budgetContract('embedded store', async () => {
  const dataDir = tempDataDir();
  const embedded = await EmbeddedStore.open(dataDir);
  const raw = rawClient(dataDir);
  return {
    store: embedded.reports,
    clear: async () => {
      await raw.batch(['DELETE FROM audit_reports', 'DELETE FROM recheck_subscriptions'], 'write');
    },
    leadFor: async (id) => {
      await embedded.save(
        {
          form: 'report',
          data: {
            email: `${id.slice(0, 8)}@example.com`,
            report: id,
            lang: 'en',
            website: 'https://example.com/',
            reportUrl: `https://geo.example/en/tools/report/${id}`,
          },
        },
        { source: 'test', submittedAt: T0 },
      );
    },
    recheckFor: async (id, status) => {
      await raw.execute({
        sql: `INSERT INTO recheck_subscriptions
                (id, email, email_key, address, pages, language, status, last_report_id, created_ms, unsubscribed_ms)
              VALUES (?, 'r@example.com', 'r@example.com', 'https://example.com/', 1, 'en', ?, ?, ?, ?)`,
        args: [newId(), status, id, T0.getTime(), status === 'unsubscribed' ? T0.getTime() : null],
      });
    },
    close: async () => {
      raw.close();
      await embedded.close();
    },
  };
});

describe('embedded store: migration 11', () => {
  it('measures the reports a file already held, and caps and counts from there', async () => {
    const dataDir = tempDataDir();
    // The file as the previous version left it: reports without a size or a visitor.
    const raw = await fileFromBefore(dataDir, [
      'DROP INDEX audit_reports_visitor',
      'DROP INDEX audit_reports_age',
      'DROP INDEX leads_report_id',
      'DROP INDEX recheck_subscriptions_report',
      'ALTER TABLE audit_reports DROP COLUMN visitor_key',
      'ALTER TABLE audit_reports DROP COLUMN bytes',
      'ALTER TABLE audit_reports DROP COLUMN follows_id',
      'DELETE FROM schema_migrations WHERE version = 11',
    ]);
    try {
      const result = resultOf(1234);
      await raw.execute({
        sql: `INSERT INTO audit_reports (id, address, pages, overall, result, created_ms, expires_ms)
              VALUES (?, 'https://example.com/', 1, 50, ?, ?, ?)`,
        args: [newId(), result, T0.getTime(), T0.getTime() + DAY],
      });
      const upgraded = await EmbeddedStore.open(dataDir);
      try {
        expect(await upgraded.reports.totalBytes()).toBe(1234);
        expect(await upgraded.reports.save(report(1, 1000), { budgetBytes: 1500 })).toBe('saved');
        expect(await upgraded.reports.totalBytes()).toBe(1000);
      } finally {
        await upgraded.close();
      }
    } finally {
      raw.close();
    }
  });
});

// --- Supabase ----------------------------------------------------------------------------------

const supabase = supabaseOnPostgrest();

budgetContract('Supabase store', async () => ({
  store: new SupabaseReports(supabase.postgrest.url, SERVICE_KEY),
  clear: async () => {
    await supabase.db.exec('delete from public.audit_reports; delete from public.recheck_subscriptions;');
  },
  leadFor: async (id) => {
    await supabase.db.query(
      `insert into public.leads (email, source, language, lead_data)
       values ('lead@example.com', 'test', 'en', jsonb_build_object('form_type', 'report', 'report_id', $1::text))`,
      [id],
    );
  },
  recheckFor: async (id, status) => {
    await supabase.db.query(
      `insert into public.recheck_subscriptions
         (id, email, address, pages, language, status, last_report_id, created_at, unsubscribed_at)
       values ($1, 'r@example.com', 'https://example.com/', 1, 'en', $2, $3, $4, $5)`,
      [newId(), status, id, T0.toISOString(), status === 'unsubscribed' ? T0.toISOString() : null],
    );
  },
  close: async () => {},
}));
