import { createClient, type Client } from '@libsql/client';

// The embedded store's libsql client, opened again after a statement fails with SQLITE_BUSY.
//
// libsql (0.5.29, the latest release; fixes proposed in tursodatabase/libsql-js#237 and #238, not
// released) leaves a statement that failed with SQLITE_BUSY in progress on its connection until the
// garbage collector finalizes it (tursodatabase/libsql-client-ts#352). Until then SQLite keeps that
// connection's implicit transaction open: a later single statement seems to succeed, this
// connection reads its own change, but nothing is committed, so the lead is lost at the next
// restart and other processes never see it; a later batch fails at its COMMIT. Measured here with
// two processes claiming one table's rows under a 50 ms busy timeout: after one SQLITE_BUSY, the
// process that met it "claimed" 31 to 286 rows the other had claimed too, none of them written.
//
// Another process holding the file's write lock past the busy timeout is an expected event (the
// operators' `npm run leads`, a second server process on one DATA_DIR, a backup tool), so the
// client that met it is closed and the next call opens a fresh connection: what failed is answered
// as failed (the caller's 503 or retry), and what comes after is written for real.

/** Sets what SQLite keeps per connection, on every connection the client opens. */
const CONNECTION_PRAGMAS = ['PRAGMA synchronous = FULL'];

function isBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) ||
    (typeof message === 'string' && message.includes('SQLITE_BUSY'))
  );
}

/** The methods of Client that carry statements; each runs synchronously inside libsql. */
const STATEMENT_METHODS = new Set<PropertyKey>(['execute', 'batch', 'migrate', 'executeMultiple']);

/**
 * A libsql client of `file` whose connection is replaced after an SQLITE_BUSY failure. `timeoutMs`
 * is SQLite's busy timeout, set on every connection (a PRAGMA would reach only one); `maxBytes`
 * (DATA_MAX_MB), when given, the file's ceiling on every connection (decision 051).
 */
export async function embeddedClient(
  file: string,
  timeoutMs: number,
  onReopen?: () => void,
  maxBytes?: number,
): Promise<Client> {
  const open = async () => {
    const client = createClient({ url: `file:${file}`, timeout: timeoutMs });
    for (const pragma of CONNECTION_PRAGMAS) await client.execute(pragma);
    if (maxBytes !== undefined) {
      const pageSize = Number((await client.execute('PRAGMA page_size')).rows[0]![0]);
      await client.execute(`PRAGMA max_page_count = ${Math.max(1, Math.floor(maxBytes / pageSize))}`);
    }
    return client;
  };
  let current: Client | undefined = await open();
  let opening: Promise<Client> | undefined;
  const connection = (): Promise<Client> => {
    if (current) return Promise.resolve(current);
    // A failed open surfaces to its caller; the next call tries again.
    opening ??= open()
      .then((client) => (current = client))
      .finally(() => (opening = undefined));
    return opening;
  };
  const replace = (failed: Client) => {
    if (failed !== current) return;
    current = undefined;
    onReopen?.();
    failed.close();
  };
  return new Proxy({} as Client, {
    get(_target, property) {
      if (property === 'close') return () => current?.close();
      if (!STATEMENT_METHODS.has(property)) return Reflect.get(current ?? {}, property) as unknown;
      return async (...args: unknown[]) => {
        const used = await connection();
        try {
          return await (Reflect.get(used, property) as (...a: unknown[]) => Promise<unknown>).apply(
            used,
            args,
          );
        } catch (error) {
          if (isBusy(error)) replace(used);
          throw error;
        }
      };
    },
  });
}
