import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { startPostgres } from './support/postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL server (tests/support/postgres-server.ts): its socket folder and superuser. */
    postgres: { socketDir: string; user: string };
  }
}

// The integration suites' set-up: the production build when it is stale, and one throwaway
// PostgreSQL server for the run, in which each suite makes databases of its own
// (tests/support/postgres-database.ts).
export default async function setup(project: TestProject) {
  ensureBuild();
  const postgres = await startPostgres();
  // The roles every Supabase project has: they belong to the server, not to one database.
  const admin = new pg.Client({ host: postgres.socketDir, user: postgres.user, database: 'postgres' });
  await admin.connect();
  await admin.query(
    'create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;',
  );
  await admin.end();
  project.provide('postgres', { socketDir: postgres.socketDir, user: postgres.user });
  return () => postgres.stop();
}
