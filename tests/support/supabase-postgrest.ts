import { afterAll, beforeAll } from 'vitest';
import { startPostgrest } from '../fixtures/postgrest-stand-in.ts';
import { supabaseOnPostgres, type SqlEngine } from './postgres-database.ts';

export interface SupabaseOnPostgrest {
  /** A database of the run's PostgreSQL server with every migration applied, on a pool of connections. */
  db: SqlEngine;
  /** The PostgREST stand-in in front of it: each request a transaction on a connection of its own. */
  postgrest: Awaited<ReturnType<typeof startPostgrest>>;
}

/**
 * Supabase for the suite that calls it: a new database of the run's PostgreSQL server with the
 * migrations applied (supabaseOnPostgres) behind the PostgREST stand-in, started before its tests
 * and stopped after. Read the fields in tests and hooks. `options` are supabaseOnPostgres's (the
 * pool's size, migrations replaced for a mutation check).
 */
export function supabaseOnPostgrest(
  options: Parameters<typeof supabaseOnPostgres>[0] = {},
): SupabaseOnPostgrest {
  const supabase = {} as SupabaseOnPostgrest;
  beforeAll(async () => {
    supabase.db = await supabaseOnPostgres(options);
    supabase.postgrest = await startPostgrest(supabase.db);
  });
  afterAll(async () => {
    await supabase.postgrest?.close();
    await supabase.db?.close();
  });
  return supabase;
}
