import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { openStore } from '../../src/server/store/index.ts';
import type { AuditReportStore, SavedAuditReport } from '../../src/server/store/report-types.ts';
import { SupabaseReports } from '../../src/server/store/supabase-reports.ts';
import { StoreUnavailableError } from '../../src/server/store/types.ts';
import { fileFromBefore, rawClient, tempDataDirs } from '../support/embedded-files.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import type { SqlTx } from '../support/postgres-database.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';

// The saved audit reports' storage (issue 23), from its contract (src/server/store/report-types.ts):
// one suite run against the embedded store (SQLite in a temporary DATA_DIR) and against Supabase
// (the migrations on a PostgreSQL server behind the PostgREST stand-in, through the service_role
// key). Then what only one of them shows: processes sharing one DATA_DIR, an existing file gaining
// the table, and the Supabase table closed to the public anon key.

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2027-03-01T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const newId = () => randomBytes(16).toString('hex');
const VALID_ID = '0123456789abcdef0123456789abcdef';
/** No report's id: another length, uppercase (the site's paths are lowercase), other characters. */
const MALFORMED_IDS = [
  'short',
  VALID_ID.slice(1),
  `${VALID_ID}0`,
  VALID_ID.toUpperCase(),
  `${VALID_ID.slice(1)}g`,
  `${VALID_ID.slice(1)}\n`,
  `${VALID_ID.slice(0, 16)} ${VALID_ID.slice(17)}`,
  `${VALID_ID.slice(0, 16)}-${VALID_ID.slice(17)}`,
  // The 22-character base64url form of 128 bits.
  'AAAAAAAAAAAAAAAAAAAA_-',
];

/**
 * A result as the audit writes it, with what a JSON store would rewrite: key order, spacing, a
 * number's spelling, escapes, characters outside ASCII and a duplicate key.
 */
const RESULT_TEXT =
  '{"ok":true,"url":"https://exemple.fr/café","z":1,"a":2, "score": 1.50,"e":1E2,' +
  '"text":"\\u00e9t\\u00e9 \\"cité\\"\\n<script>","nested":{"b":[],"a":{}},"a":3}';

let address = 0;
/** A fresh address per test: tests share a store and never see each other's reports. */
const freshAddress = () => `https://site-${++address}.example.com/`;

function report(fields: Partial<SavedAuditReport> = {}): SavedAuditReport {
  const createdAt = fields.createdAt ?? T0;
  return {
    id: newId(),
    address: 'https://example.com/',
    pages: 1,
    overall: 72,
    result: '{"ok":true}',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 365 * DAY),
    ...fields,
  };
}

interface Backend {
  store: AuditReportStore;
  /** Removes every report (purge tests count what they delete). */
  clear(): Promise<void>;
  /** Inserts `n` reports expired at T0 directly in the table, fast (purges in several batches). */
  seedExpired(n: number): Promise<void>;
  close(): Promise<void>;
}

function reportStoreContract(name: string, open: () => Promise<Backend>) {
  describe(`${name}: the AuditReportStore contract`, () => {
    let backend: Backend;
    let store: AuditReportStore;
    beforeAll(async () => {
      backend = await open();
      store = backend.store;
    });
    afterAll(() => backend.close());
    beforeEach(() => backend.clear());

    it('gives back what it saved: the result byte for byte, the same instants', async () => {
      const saved = report({
        address: freshAddress(),
        pages: 25,
        overall: 0,
        result: RESULT_TEXT,
        createdAt: new Date('2027-03-01T08:00:00.123Z'),
        expiresAt: new Date('2028-02-29T08:00:00.987Z'),
      });
      await store.save(saved);
      const read = await store.get(saved.id, T0);
      expect(read).toEqual(saved);
      expect(read!.result).toBe(RESULT_TEXT);
      expect(read!.createdAt.getTime()).toBe(saved.createdAt.getTime());
      expect(read!.expiresAt.getTime()).toBe(saved.expiresAt.getTime());
      // A large report too (a site audit), and the top score. Its 300 KB of three-byte characters
      // cross every chunk boundary of the requests and answers carrying it.
      const big = report({
        address: freshAddress(),
        overall: 100,
        result: JSON.stringify({
          ok: true,
          pages: Array.from({ length: 2000 }, (_, i) => ({ i, t: 'é'.repeat(50) })),
          note: '€'.repeat(100_000),
        }),
      });
      await store.save(big);
      expect((await store.get(big.id, T0))!.result).toBe(big.result);
    });

    it('knows no unknown id, and looks up no malformed one', async () => {
      const saved = report({ address: freshAddress() });
      await store.save(saved);
      expect(await store.get(newId(), T0)).toBeUndefined();
      for (const id of [
        ...MALFORMED_IDS,
        saved.id.toUpperCase(),
        '',
        "' or 1=1 --aaaaaaaaaaaaaaaaaaaaa",
        'a/b/../../../../../etc',
      ])
        expect(await store.get(id, T0), id).toBeUndefined();
    });

    it('forgets a report once it expired (now ≥ expiresAt)', async () => {
      const saved = report({ address: freshAddress(), expiresAt: at(DAY) });
      await store.save(saved);
      expect(await store.get(saved.id, at(DAY - 1))).toEqual(saved);
      expect(await store.get(saved.id, at(DAY))).toBeUndefined();
      expect(await store.get(saved.id, at(2 * DAY))).toBeUndefined();
    });

    it('finds the newest earlier report of the same address, skipping expired and later ones', async () => {
      const site = freshAddress();
      const first = report({ address: site, createdAt: at(0), overall: 40 });
      const second = report({ address: site, createdAt: at(10 * DAY), overall: 55 });
      // Newer than `second` but gone by the time of the look-up.
      const expired = report({ address: site, createdAt: at(20 * DAY), expiresAt: at(25 * DAY) });
      const current = report({ address: site, createdAt: at(30 * DAY), overall: 80 });
      const later = report({ address: site, createdAt: at(40 * DAY) });
      // Another address, and the same site written differently (not normalised here: the caller does).
      const other = report({ address: freshAddress(), createdAt: at(29 * DAY) });
      const variant = report({ address: site.replace('https', 'http'), createdAt: at(29 * DAY) });
      for (const r of [later, current, first, other, variant, expired, second]) await store.save(r);

      const now = at(31 * DAY);
      expect(await store.previous(site, current.createdAt, now)).toEqual(second);
      // Before the expired one expired, it was the previous one.
      expect((await store.previous(site, current.createdAt, at(24 * DAY)))!.id).toBe(expired.id);
      // Strictly before: a report made at `before` itself is not its own previous.
      expect((await store.previous(site, second.createdAt, now))!.id).toBe(first.id);
      expect(await store.previous(site, first.createdAt, now)).toBeUndefined();
      expect((await store.previous(site, at(45 * DAY), now))!.id).toBe(later.id);
      expect(await store.previous(freshAddress(), now, now)).toBeUndefined();
      // An earlier report that expired is no previous report.
      expect(await store.previous(site, second.createdAt, first.expiresAt)).toBeUndefined();
    });

    it('purges only the expired reports, and counts them', async () => {
      const site = freshAddress();
      const gone = [
        report({ address: site, expiresAt: at(DAY) }),
        report({ address: site, expiresAt: at(2 * DAY) }),
      ];
      const kept = [
        report({ address: site, expiresAt: at(2 * DAY + 1) }),
        report({ address: freshAddress() }),
      ];
      for (const r of [...gone, ...kept]) await store.save(r);
      expect(await store.purgeExpired(at(2 * DAY))).toBe(2);
      expect(await store.purgeExpired(at(2 * DAY))).toBe(0);
      // Purged means gone, even to a reader asking as of before they expired.
      for (const r of gone) expect(await store.get(r.id, T0)).toBeUndefined();
      for (const r of kept) expect(await store.get(r.id, at(2 * DAY))).toEqual(r);
    });

    it('purges any number of expired reports, batch after batch', async () => {
      await backend.seedExpired(1234);
      const live = report({ address: freshAddress() });
      await store.save(live);
      expect(await store.purgeExpired(T0)).toBe(1234);
      expect(await store.get(live.id, T0)).toEqual(live);
    });

    it('never reuses an id: a second save of it fails and the first report stays', async () => {
      const saved = report({ address: freshAddress(), overall: 12 });
      await store.save(saved);
      await expect(store.save({ ...saved, overall: 99 })).rejects.toBeInstanceOf(StoreUnavailableError);
      expect((await store.get(saved.id, T0))!.overall).toBe(12);
    });

    it('refuses what is no report: a malformed id, a score out of range, a result that is no JSON object', async () => {
      const site = freshAddress();
      const bad: Partial<SavedAuditReport>[] = [
        ...MALFORMED_IDS.map((id) => ({ id })),
        { overall: 101 },
        { overall: -1 },
        { overall: 72.5 },
        { pages: 0 },
        { result: 'not json' },
        { result: '[1,2]' },
        { address: '' },
        { address: `https://example.com/${'a'.repeat(2048)}` },
        { expiresAt: T0 },
        { expiresAt: new Date(NaN) },
      ];
      for (const fields of bad) {
        await expect(
          store.save(report({ address: site, ...fields })),
          JSON.stringify(fields),
        ).rejects.toBeInstanceOf(StoreUnavailableError);
      }
      expect(await store.previous(site, at(DAY), T0)).toBeUndefined();
      // An invalid time is refused the same way, never read as "no report".
      const invalid = new Date(NaN);
      await expect(store.get(newId(), invalid)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.previous(site, invalid, T0)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.purgeExpired(invalid)).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });
}

// --- The embedded store -------------------------------------------------------------------------

const tempDataDir = tempDataDirs('geo-reports-');

reportStoreContract('embedded store', async () => {
  const dataDir = tempDataDir();
  const embedded = await EmbeddedStore.open(dataDir);
  const raw = rawClient(dataDir);
  return {
    store: embedded.reports,
    clear: async () => void (await raw.execute('DELETE FROM audit_reports')),
    seedExpired: async (n) => {
      await raw.batch(
        Array.from({ length: n }, (_, i) => ({
          sql: `INSERT INTO audit_reports (id, address, pages, overall, result, created_ms, expires_ms)
                VALUES (?, 'https://seed.example.com/', 1, 50, '{"ok":true}', ?, ?)`,
          args: [newId(), T0.getTime() - 2 * DAY - i, T0.getTime() - i],
        })),
        'write',
      );
    },
    close: async () => {
      raw.close();
      await embedded.close();
    },
  };
});

describe('embedded store: one DATA_DIR, several processes', () => {
  it('two stores opened on the same DATA_DIR see each other’s reports', async () => {
    const dataDir = tempDataDir();
    const [a, b] = [await EmbeddedStore.open(dataDir), await EmbeddedStore.open(dataDir)];
    try {
      const site = freshAddress();
      const older = report({ address: site, createdAt: at(0), expiresAt: at(DAY) });
      const newer = report({ address: site, createdAt: at(1000) });
      await a.reports.save(older);
      await b.reports.save(newer);
      expect(await b.reports.get(older.id, T0)).toEqual(older);
      expect(await a.reports.get(newer.id, T0)).toEqual(newer);
      expect(await a.reports.previous(site, newer.createdAt, T0)).toEqual(older);
      expect(await b.reports.purgeExpired(at(DAY))).toBe(1);
      expect(await a.reports.get(older.id, T0)).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a report saved by another server process is read here, and the other way round', async () => {
    const dataDir = tempDataDir();
    const here = await EmbeddedStore.open(dataDir);
    try {
      const mine = report({ address: freshAddress(), result: RESULT_TEXT });
      await here.reports.save(mine);
      const theirs = report({ address: mine.address, createdAt: at(60_000) });
      // A second Node process opens the same DATA_DIR, reads this process's report and saves its own.
      const script = `
        const { EmbeddedStore } = await import(${JSON.stringify(path.resolve('src/server/store/embedded.ts'))});
        const store = await EmbeddedStore.open(process.env.DATA_DIR);
        const theirs = JSON.parse(process.env.THEIRS);
        await store.reports.save({ ...theirs, createdAt: new Date(theirs.createdAt), expiresAt: new Date(theirs.expiresAt) });
        const mine = await store.reports.get(process.env.MINE, new Date(theirs.createdAt));
        await store.close();
        process.stdout.write(JSON.stringify(mine));`;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { env: { ...process.env, DATA_DIR: dataDir, THEIRS: JSON.stringify(theirs), MINE: mine.id } },
      );
      const seen = JSON.parse(stdout) as SavedAuditReport;
      expect(seen.result).toBe(RESULT_TEXT);
      expect(new Date(seen.createdAt)).toEqual(mine.createdAt);
      expect(await here.reports.get(theirs.id, T0)).toEqual(theirs);
      expect(await here.reports.previous(mine.address, theirs.createdAt, T0)).toEqual(mine);
    } finally {
      await here.close();
    }
  });

  it('adds the table to a file made before it, once, keeping its leads', async () => {
    const dataDir = tempDataDir();
    // The file as the version before reports left it: no reports (nor their bounds, migration 11).
    const raw = await fileFromBefore(dataDir, [
      'DROP TABLE audit_reports',
      'DROP INDEX leads_report_id',
      'DROP INDEX recheck_subscriptions_report',
      'DELETE FROM schema_migrations WHERE version IN (6, 11)',
    ]);
    const upgraded = await EmbeddedStore.open(dataDir);
    try {
      const saved = report({ address: freshAddress() });
      await upgraded.reports.save(saved);
      expect(await upgraded.reports.get(saved.id, T0)).toEqual(saved);
      expect((await upgraded.list()).map((l) => l.email)).toEqual(['ada@example.com']);
      const versions = await raw.execute('SELECT version FROM schema_migrations WHERE version = 6');
      expect(versions.rows).toHaveLength(1);
      // Opening it again changes nothing.
      await (await EmbeddedStore.open(dataDir)).close();
      expect(await upgraded.reports.get(saved.id, T0)).toEqual(saved);
    } finally {
      raw.close();
      await upgraded.close();
    }
  });

  it('the table itself refuses a malformed id', async () => {
    const dataDir = tempDataDir();
    await (await EmbeddedStore.open(dataDir)).close();
    const raw = rawClient(dataDir);
    try {
      const insert = (id: string) =>
        raw.execute({
          sql: `INSERT INTO audit_reports (id, address, pages, overall, result, created_ms, expires_ms)
                VALUES (?, 'https://example.com/', 1, 50, '{"ok":true}', 0, 1)`,
          args: [id],
        });
      for (const id of MALFORMED_IDS) await expect(insert(id), id).rejects.toThrow(/CHECK constraint failed/);
      await insert(VALID_ID);
    } finally {
      raw.close();
    }
  });
});

// --- Supabase ----------------------------------------------------------------------------------

const supabase = supabaseOnPostgrest();

reportStoreContract('Supabase store', async () => ({
  store: new SupabaseReports(supabase.postgrest.url, SERVICE_KEY),
  clear: async () => void (await supabase.db.exec('delete from public.audit_reports')),
  seedExpired: async (n) =>
    void (await supabase.db.query(
      `insert into public.audit_reports (id, address, pages, overall, result, created_at, expires_at)
       select md5(i::text), 'https://seed.example.com/', 1, 50, '{"ok":true}',
              $1::timestamptz - interval '2 days' - i * interval '1 ms', $1::timestamptz - i * interval '1 ms'
       from generate_series(0, $2 - 1) as i`,
      [T0.toISOString(), n],
    )),
  close: async () => {},
}));

describe('Supabase: the reports are the server’s only', () => {
  type Role = 'anon' | 'authenticated' | 'service_role';
  const as = <T>(role: Role, work: (tx: SqlTx) => Promise<T>) =>
    supabase.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });
  const insert = (tx: SqlTx, id: string) =>
    tx.query(
      `insert into public.audit_reports (id, address, pages, overall, result, created_at, expires_at)
       values ($1, 'https://example.com/', 1, 50, '{"ok":true}', now(), now() + interval '1 day')`,
      [id],
    );

  it('the anon and authenticated roles can neither read, write nor call anything', async () => {
    const saved = report({ address: freshAddress() });
    await new SupabaseReports(supabase.postgrest.url, SERVICE_KEY).save(saved);
    for (const role of ['anon', 'authenticated'] as const) {
      for (const sql of [
        'select * from public.audit_reports',
        'select count(*) from public.audit_reports',
        `update public.audit_reports set overall = 100`,
        'delete from public.audit_reports',
      ])
        await expect(
          as(role, (tx) => tx.query(sql)),
          `${role}: ${sql}`,
        ).rejects.toThrow(/permission denied/);
      await expect(as(role, (tx) => insert(tx, newId()))).rejects.toThrow(/permission denied/);
      for (const sql of [
        `select * from public.get_audit_report('${saved.id}', now())`,
        `select * from public.previous_audit_report('${saved.address}', now() + interval '1 year', now())`,
        `select public.purge_expired_audit_reports(now() + interval '10 years')`,
        `select public.save_audit_report('${newId()}', 'https://x.example/', 1, 1, '{}', now(), now() + interval '1 day')`,
      ])
        await expect(
          as(role, (tx) => tx.query(sql)),
          `${role}: ${sql}`,
        ).rejects.toThrow(/permission denied/);
    }
    // Through the PostgREST stand-in with the public key: refused, and the report is untouched.
    const withAnonKey = new SupabaseReports(supabase.postgrest.url, ANON_KEY);
    await expect(withAnonKey.get(saved.id, T0)).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.save(report())).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.purgeExpired(at(3650 * DAY))).rejects.toThrow(/permission denied/);
    expect(await new SupabaseReports(supabase.postgrest.url, SERVICE_KEY).get(saved.id, T0)).toEqual(saved);
  });

  it('row-level security is on with no policy; the service_role may read, add and delete, not change', async () => {
    const table = await supabase.db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid = 'public.audit_reports'::regclass`,
    );
    expect(table.rows[0]!.relrowsecurity).toBe(true);
    const policies = await supabase.db.query(`select 1 from pg_policies where tablename = 'audit_reports'`);
    expect(policies.rows).toHaveLength(0);
    const privileges = await supabase.db.query<{ grantee: string; privilege_type: string }>(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_schema = 'public' and table_name = 'audit_reports' and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
       order by grantee, privilege_type`,
    );
    expect(privileges.rows).toEqual([
      { grantee: 'service_role', privilege_type: 'DELETE' },
      { grantee: 'service_role', privilege_type: 'INSERT' },
      { grantee: 'service_role', privilege_type: 'SELECT' },
    ]);
    for (const name of [
      'save_audit_report',
      'get_audit_report',
      'previous_audit_report',
      'purge_expired_audit_reports',
    ]) {
      const fn = await supabase.db.query<{ proconfig: string[]; prosecdef: boolean }>(
        `select proconfig, prosecdef from pg_proc where proname = $1`,
        [name],
      );
      expect(fn.rows[0]!.proconfig, name).toContain('search_path=""');
      // They run as the caller: a grant made by mistake would still meet the table's grants.
      expect(fn.rows[0]!.prosecdef, name).toBe(false);
    }
  });

  it('the table itself refuses a malformed id', async () => {
    for (const id of MALFORMED_IDS)
      await expect(
        as('service_role', (tx) => insert(tx, id)),
        id,
      ).rejects.toThrow(/check constraint/);
    await as('service_role', (tx) => insert(tx, VALID_ID));
  });
});

describe('openStore', () => {
  const supabaseConfig = () =>
    loadConfig({
      SUPABASE_URL: supabase.postgrest.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      DATA_DIR: tempDataDir(),
    });

  it('gives Supabase reports with the service_role key, with or without delivery channels', async () => {
    const store = await openStore(supabaseConfig(), { supabaseServiceRoleKey: SERVICE_KEY });
    try {
      expect(store.outbox).toBeUndefined();
      const saved = report({ address: freshAddress() });
      await store.reports!.save(saved);
      expect(await store.reports!.get(saved.id, T0)).toEqual(saved);
    } finally {
      await store.close();
    }
  });

  it('gives Supabase no reports without it (audits run unsaved)', async () => {
    const store = await openStore(supabaseConfig());
    expect(store.reports).toBeUndefined();
    await store.close();
  });

  it('always gives the embedded store reports', async () => {
    const store = await openStore(loadConfig({ DATA_DIR: tempDataDir() }));
    try {
      expect(store.kind).toBe('embedded');
      expect(store.reports).toBeDefined();
    } finally {
      await store.close();
    }
  });
});
