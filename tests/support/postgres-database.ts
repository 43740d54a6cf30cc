import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

// Databases of the run's PostgreSQL server (tests/global-setup.ts, which made the roles a Supabase
// project has) for the Supabase store's tests: each a new database with every migration of
// supabase/migrations applied, reached through a pool of real connections, so that concurrent
// calls really run at once and the migrations' locks are what keeps them apart. The suites and the
// PostgREST stand-in (tests/fixtures/postgrest-stand-in.ts) take it as `exec`, `query`, `transaction`.

export interface SqlTx {
  exec(sql: string): Promise<unknown>;
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface SqlEngine extends SqlTx {
  transaction<T>(work: (tx: SqlTx) => Promise<T>): Promise<T>;
  /** Ends the pool's connections. */
  close(): Promise<void>;
}

/** A pool, or one of its connections, as a SqlTx: the same `query` on both. */
const txOf = (client: Pick<pg.Pool, 'query'>): SqlTx => ({
  exec: (sql) => client.query(sql),
  query: async <R extends object>(sql: string, params?: unknown[]) => ({
    rows: (await client.query(sql, params)).rows as R[],
  }),
});

function pool(database: string, max: number): pg.Pool {
  const { socketDir, user } = inject('postgres');
  const created = new pg.Pool({ host: socketDir, user, database, max });
  // A connection ended by the server's shutdown at the end of the run is no test's failure.
  created.on('error', () => {});
  return created;
}

/** A pool as a SqlEngine: each transaction on a connection of its own. */
function engine(connections: pg.Pool): SqlEngine {
  return {
    ...txOf(connections),
    async transaction(work) {
      const client = await connections.connect();
      try {
        await client.query('begin');
        const result = await work(txOf(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => connections.end(),
  };
}

/**
 * The migrations as SUPABASE_MIGRATION_MUTATION changes them, for a mutation check run by hand
 * (tests/README.md): `<text>=><replacement>`, several joined by `;;`, every occurrence in every file
 * replaced, e.g. `for update skip locked=>` removes the claims' locks. A text found nowhere is an
 * error, so a mutation that no longer applies does not pass for one that no test caught.
 */
function mutated(files: { name: string; sql: string }[]): { name: string; sql: string }[] {
  const mutations = process.env.SUPABASE_MIGRATION_MUTATION;
  if (!mutations) return files;
  return mutations.split(';;').reduce((current, mutation) => {
    const [find = '', replacement = ''] = mutation.split('=>');
    if (!find || !current.some((f) => f.sql.includes(find))) {
      throw new Error(`SUPABASE_MIGRATION_MUTATION: "${find}" is in no migration`);
    }
    return current.map((f) => ({ name: f.name, sql: f.sql.replaceAll(find, replacement) }));
  }, files);
}

/**
 * A new database with the Supabase roles and every migration applied, on a pool of `connections`
 * real connections (more than the concurrency a test needs: 16 by default). `migrations` replaces
 * the folder's files, for a mutation check (so does SUPABASE_MIGRATION_MUTATION, see mutated()).
 */
export async function supabaseOnPostgres(
  options: { connections?: number; migrations?: { name: string; sql: string }[] } = {},
): Promise<SqlEngine> {
  const name = `geo_${randomBytes(6).toString('hex')}`;
  const admin = pool('postgres', 1);
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const db = engine(pool(name, options.connections ?? 16));
  const dir = path.resolve('supabase/migrations');
  const files =
    options.migrations ??
    mutated(
      readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .map((f) => ({ name: f, sql: readFileSync(path.join(dir, f), 'utf8') })),
    );
  for (const file of files) await db.exec(file.sql);
  return db;
}
