import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { startPostgrest } from '../fixtures/postgrest-pglite.ts';
import { supabaseSchema } from './supabase-schema.ts';

export interface SupabaseOnPglite {
  /** The Postgres engine with Supabase's roles and every migration applied. */
  db: PGlite;
  /** The PostgREST stand-in in front of it. */
  postgrest: Awaited<ReturnType<typeof startPostgrest>>;
}

/**
 * Supabase for the suite that calls it: the migrations on PGlite (supabaseSchema) behind the
 * PostgREST stand-in, started before its tests and stopped after. Read the fields in tests and hooks.
 */
export function supabaseOnPglite(): SupabaseOnPglite {
  const supabase = {} as SupabaseOnPglite;
  beforeAll(async () => {
    supabase.db = await supabaseSchema();
    supabase.postgrest = await startPostgrest(supabase.db);
  });
  afterAll(() => supabase.postgrest.close());
  return supabase;
}
