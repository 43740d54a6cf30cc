import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

// Just enough of PostgREST, over a PGlite database with the Supabase migrations applied, for the
// site's Supabase store to run against it through the real server: inserts into `leads`, calls of
// functions (`/rest/v1/rpc/<name>` with named arguments) and the readiness probe. Each request runs
// in its own transaction as the role its key stands for: the service key as service_role, any other
// as anon, so the grants and row-level security of the migrations apply as they would on Supabase.

export const ANON_KEY = 'anon-key-for-tests';
export const SERVICE_KEY = 'service-role-key-for-tests';

/** Functions that return a set of rows (PostgREST answers them as an array). */
const SET_RETURNING = new Set([
  'claim_lead_deliveries',
  'get_audit_report',
  'previous_audit_report',
  'get_recheck_subscription',
  'claim_due_rechecks',
  'list_recheck_subscriptions',
]);
const NAME = /^[a-z_][a-z0-9_]*$/;

/** A JSON value as a query parameter: arrays as Postgres array literals, objects as JSON text. */
function parameter(value: unknown): unknown {
  if (Array.isArray(value)) return `{${value.map((x) => JSON.stringify(String(x))).join(',')}}`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

export async function startPostgrest(db: PGlite): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    // Decoded once whole: a character split between two chunks would otherwise be lost.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const role = req.headers.authorization === `Bearer ${SERVICE_KEY}` ? 'service_role' : 'anon';
        const answer = (status: number, body?: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(body === undefined ? '' : JSON.stringify(body));
        };
        try {
          const fn = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(url.pathname)?.[1];
          if (fn && req.method === 'POST') {
            const args = Object.entries((raw ? JSON.parse(raw) : {}) as Record<string, unknown>);
            if (!args.every(([name]) => NAME.test(name))) return answer(400, { message: 'bad argument' });
            const rows = await db.transaction(async (tx) => {
              await tx.exec(`set local role ${role}`);
              const list = args.map(([name], i) => `${name} => $${i + 1}`).join(', ');
              return (
                await tx.query<Record<string, unknown>>(
                  `select * from public.${fn}(${list})`,
                  args.map(([, value]) => parameter(value)),
                )
              ).rows;
            });
            return answer(200, SET_RETURNING.has(fn) ? rows : (Object.values(rows[0] ?? {})[0] ?? null));
          }
          if (url.pathname === '/rest/v1/leads' && req.method === 'POST') {
            const body = JSON.parse(raw) as Record<string, unknown> | Record<string, unknown>[];
            for (const record of Array.isArray(body) ? body : [body]) {
              const columns = Object.keys(record);
              if (!columns.every((c) => NAME.test(c))) return answer(400, { message: 'bad column' });
              await db.transaction(async (tx) => {
                await tx.exec(`set local role ${role}`);
                await tx.query(
                  `insert into public.leads (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
                  columns.map((c) => parameter(record[c])),
                );
              });
            }
            return answer(201);
          }
          // The readiness probe (a HEAD select): the database is there.
          if (url.pathname === '/rest/v1/leads') return answer(200, []);
          return answer(404, { message: `not in this stand-in: ${req.method} ${url.pathname}` });
        } catch (error) {
          const message = String((error as Error).message);
          answer(/permission denied/.test(message) ? 401 : 400, { message, code: 'P0001' });
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
