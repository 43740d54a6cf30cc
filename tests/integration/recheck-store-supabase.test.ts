import type { SqlTx } from '../support/postgres-database.ts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openStore } from '../../src/server/store/index.ts';
import { SupabaseRechecks } from '../../src/server/store/supabase-rechecks.ts';
import { tempDataDirs } from '../support/embedded-files.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';
import { DAY, T0, at, newId, requestOf } from '../support/recheck-store.ts';

// The re-check subscriptions in Supabase (src/server/store/supabase-rechecks.ts) beyond the contract
// (recheck-store-sqlite-postgres.test.ts): the migrations on a PostgreSQL server behind the
// PostgREST stand-in, the table and its functions closed to the public keys, and openStore's choice
// of store.

const tempDataDir = tempDataDirs('geo-rechecks-');
const pg = supabaseOnPostgrest();

const FUNCTIONS = [
  'request_recheck',
  'confirm_recheck',
  'unsubscribe_recheck',
  'get_recheck_subscription',
  'claim_due_rechecks',
  'complete_recheck',
  'release_recheck',
  'list_recheck_subscriptions',
  'purge_unconfirmed_rechecks',
];

describe('Supabase: the re-check subscriptions are the server’s only', () => {
  type Role = 'anon' | 'authenticated' | 'service_role';
  const as = <T>(role: Role, work: (tx: SqlTx) => Promise<T>) =>
    pg.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });

  it('the anon and authenticated roles can neither read, write nor call anything', async () => {
    const service = new SupabaseRechecks(pg.postgrest.url, SERVICE_KEY);
    const s = (await service.request(requestOf())).subscription!;
    const id = `'${s.id}'`;
    for (const role of ['anon', 'authenticated'] as const) {
      for (const sql of [
        'select * from public.recheck_subscriptions',
        'select count(*) from public.recheck_subscriptions',
        `update public.recheck_subscriptions set status = 'unsubscribed'`,
        'delete from public.recheck_subscriptions',
        `insert into public.recheck_subscriptions (id, email, address, pages, language, status, last_report_id, created_at)
         values ('${newId()}', 'a@example.com', 'https://example.com/', 1, 'en', 'pending', '${newId()}', now())`,
        `select public.request_recheck('${newId()}', 'a@example.com', 'https://example.com/', 1, 'en', '${newId()}', now())`,
        `select public.confirm_recheck(${id}, now(), now())`,
        `select public.unsubscribe_recheck(${id}, now())`,
        `select * from public.get_recheck_subscription(${id})`,
        `select * from public.claim_due_rechecks('w', now() + interval '10 years', 60000, 10)`,
        `select public.complete_recheck(${id}, 'w', '${newId()}', now(), now())`,
        `select public.release_recheck(${id}, 'w', now())`,
        'select * from public.list_recheck_subscriptions()',
        `select public.purge_unconfirmed_rechecks(now() + interval '10 years')`,
      ])
        await expect(
          as(role, (tx) => tx.query(sql)),
          `${role}: ${sql}`,
        ).rejects.toThrow(/permission denied/);
    }
    // Through the PostgREST stand-in with the public key: refused, and nothing changed.
    const withAnonKey = new SupabaseRechecks(pg.postgrest.url, ANON_KEY);
    await expect(withAnonKey.get(s.id)).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.list()).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.request(requestOf())).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.unsubscribe(s.id, T0)).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.confirm(s.id, T0, at(DAY))).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.purgeUnconfirmed(at(3650 * DAY))).rejects.toThrow(/permission denied/);
    expect(await service.get(s.id)).toEqual(s);
  });

  it('row-level security is on with no policy; grants to the service_role only; functions pinned and invoker', async () => {
    const table = await pg.db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid = 'public.recheck_subscriptions'::regclass`,
    );
    expect(table.rows[0]!.relrowsecurity).toBe(true);
    const policies = await pg.db.query(`select 1 from pg_policies where tablename = 'recheck_subscriptions'`);
    expect(policies.rows).toHaveLength(0);
    const privileges = await pg.db.query<{ grantee: string; privilege_type: string }>(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_schema = 'public' and table_name = 'recheck_subscriptions'
         and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
       order by grantee, privilege_type`,
    );
    expect(privileges.rows).toEqual([
      { grantee: 'service_role', privilege_type: 'DELETE' },
      { grantee: 'service_role', privilege_type: 'INSERT' },
      { grantee: 'service_role', privilege_type: 'SELECT' },
      { grantee: 'service_role', privilege_type: 'UPDATE' },
    ]);
    for (const name of FUNCTIONS) {
      const fn = await pg.db.query<{ proconfig: string[]; prosecdef: boolean; callers: string[] }>(
        `select p.proconfig, p.prosecdef,
                array(select r.rolname from pg_roles r
                      where r.rolname in ('anon', 'authenticated', 'service_role')
                        and has_function_privilege(r.oid, p.oid, 'execute') order by r.rolname)::text[] as callers
         from pg_proc p where p.proname = $1 and p.pronamespace = 'public'::regnamespace`,
        [name],
      );
      expect(fn.rows, name).toHaveLength(1);
      expect(fn.rows[0]!.proconfig, name).toContain('search_path=""');
      expect(fn.rows[0]!.prosecdef, name).toBe(false);
      expect(fn.rows[0]!.callers, name).toEqual(['service_role']);
    }
  });

  it('the table itself refuses a malformed id and a second open subscription of an email and address', async () => {
    const insert = (id: string, email = 'a@example.com', status = 'pending') =>
      as('service_role', (tx) =>
        tx.query(
          `insert into public.recheck_subscriptions (id, email, address, pages, language, status, last_report_id, created_at, unsubscribed_at)
           values ($1, $2, 'https://constraint.example.com/', 1, 'en', $3, $4, now(), case when $3 = 'unsubscribed' then now() end)`,
          [id, email, status, newId()],
        ),
      );
    for (const id of ['short', newId().toUpperCase(), `${newId().slice(1)}g`])
      await expect(insert(id), id).rejects.toThrow(/check constraint/);
    await insert(newId());
    await expect(insert(newId(), 'A@Example.com')).rejects.toThrow(/duplicate key/);
    await insert(newId(), 'A@Example.com', 'unsubscribed');
    await expect(insert(newId(), 'not an email')).rejects.toThrow(/check constraint/);
  });
});

describe('openStore', () => {
  const supabase = () =>
    loadConfig({ SUPABASE_URL: pg.postgrest.url, SUPABASE_ANON_KEY: ANON_KEY, DATA_DIR: tempDataDir() });

  it('gives Supabase re-checks with the service_role key', async () => {
    const store = await openStore(supabase(), { supabaseServiceRoleKey: SERVICE_KEY });
    try {
      const s = (await store.rechecks!.request(requestOf())).subscription!;
      expect(await store.rechecks!.get(s.id)).toEqual(s);
    } finally {
      await store.close();
    }
  });

  it('gives Supabase no re-checks without it', async () => {
    const store = await openStore(supabase());
    expect(store.rechecks).toBeUndefined();
    await store.close();
  });

  it('always gives the embedded store re-checks', async () => {
    const store = await openStore(loadConfig({ DATA_DIR: tempDataDir() }));
    try {
      expect(store.rechecks).toBeDefined();
      expect(await store.rechecks!.list()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
