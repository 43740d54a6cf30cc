import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A fresh Postgres engine (PGlite) with the roles a Supabase project already has and every
 * migration of supabase/migrations applied in order: the schema the site's Supabase store runs on.
 */
export async function supabaseSchema(): Promise<PGlite> {
  const db = new PGlite();
  await db.exec(
    'create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;',
  );
  const dir = path.resolve('supabase/migrations');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    await db.exec(readFileSync(path.join(dir, file), 'utf8'));
  }
  return db;
}
