import type { Client, InStatement, InValue, ResultSet } from '@libsql/client';
import { StoreUnavailableError } from './types.ts';

// How the embedded store's tables beside the leads (saved reports, re-check subscriptions) use its
// one libsql client. Whatever libsql throws becomes a StoreUnavailableError naming the work, as
// their interfaces promise (report-types.ts, recheck-types.ts); a purge goes in short batches.

/**
 * Rows deleted per statement by a purge: each batch is its own short write transaction, so a purge
 * of many rows never holds the file's write lock longer than a lead's write waits (500 ms).
 */
const PURGE_BATCH = 500;

export interface EmbeddedSql {
  execute(what: string, statement: InStatement): Promise<ResultSet>;
  /** The statements in one write transaction. */
  batch(what: string, statements: InStatement[]): Promise<ResultSet[]>;
  /** Deletes the rows of `table` that `where` selects, PURGE_BATCH at a time; returns how many. */
  purge(what: string, table: string, where: { sql: string; args: InValue[] }): Promise<number>;
}

/** `what` names the work in the error, `embedded store: {what} failed: {cause}`. */
export function embeddedSql(client: Client): EmbeddedSql {
  async function run<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new StoreUnavailableError(`embedded store: ${what} failed: ${(error as Error).message}`);
    }
  }
  const execute = (what: string, statement: InStatement) => run(what, () => client.execute(statement));
  return {
    execute,
    batch: (what, statements) => run(what, () => client.batch(statements, 'write')),
    async purge(what, table, where) {
      let purged = 0;
      for (;;) {
        const result = await execute(what, {
          sql: `DELETE FROM ${table} WHERE rowid IN (
                  SELECT rowid FROM ${table} WHERE ${where.sql} LIMIT ?)`,
          args: [...where.args, PURGE_BATCH],
        });
        purged += result.rowsAffected;
        if (result.rowsAffected < PURGE_BATCH) return purged;
      }
    },
  };
}
