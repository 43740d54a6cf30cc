import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client, type InStatement } from '@libsql/client';
import type { FormType } from '../../lib/form-limits.ts';
import {
  DUPLICATE_WINDOW_MS,
  NAME_NOT_PROVIDED,
  StoreUnavailableError,
  UTM,
  type LeadContext,
  type LeadRow,
  type LeadStore,
  type SaveOutcome,
} from './types.ts';

// The embedded default store: one SQLite file in DATA_DIR (WAL, synchronous=FULL so a 200 means the
// lead is on disk), created with its schema on first start, migrations versioned in the file.

const MIGRATIONS: { version: number; statements: string[] }[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE leads (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        form_type TEXT NOT NULL CHECK (form_type IN ('waitlist', 'contact', 'newsletter')),
        name TEXT,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL,
        phone TEXT,
        company TEXT,
        website TEXT,
        service TEXT,
        message TEXT,
        language TEXT NOT NULL,
        source TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'new',
        utm_data TEXT NOT NULL,
        lead_data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      )`,
      'CREATE INDEX leads_dedupe ON leads (form_type, email_key, created_ms)',
      'CREATE INDEX leads_created ON leads (created_ms)',
    ],
  },
  {
    version: 2,
    // Readiness writes here: a write probe finds a locked or read-only file, a read would not.
    statements: [
      'CREATE TABLE store_health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL)',
    ],
  },
];

/**
 * How long a write waits for a lock held by another process before failing. Short on purpose:
 * SQLite waits on the event loop's thread, and a visitor should get a quick 503, not a hang.
 */
const BUSY_TIMEOUT_MS = 500;

export const DATABASE_FILE = 'leads.db';

/** Checks DATA_DIR before anything else, so a bad directory fails start-up with one clear line. */
export function prepareDataDir(dataDir: string): string {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new Error(
      `DATA_DIR ${dataDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!statSync(dataDir).isDirectory()) throw new Error(`DATA_DIR ${dataDir} is not a directory`);
  try {
    accessSync(dataDir, constants.W_OK | constants.R_OK);
  } catch {
    throw new Error(`DATA_DIR ${dataDir} is not writable by this process`);
  }
  return path.join(dataDir, DATABASE_FILE);
}

interface Row {
  form: FormType;
  name: string | null;
  email: string;
  website: string | null;
  service: string | null;
  message: string | null;
  language: string;
  leadData: Record<string, unknown>;
}

export class EmbeddedStore implements LeadStore {
  readonly kind = 'embedded' as const;
  private constructor(
    private readonly client: Client,
    readonly file: string,
  ) {}

  static async open(dataDir: string): Promise<EmbeddedStore> {
    const file = prepareDataDir(dataDir);
    const client = createClient({ url: `file:${file}` });
    const store = new EmbeddedStore(client, file);
    await store.migrate();
    return store;
  }

  private async migrate(): Promise<void> {
    await this.client.execute('PRAGMA journal_mode = WAL');
    await this.client.execute('PRAGMA synchronous = FULL');
    await this.client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await this.client.execute(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    const applied = new Set(
      (await this.client.execute('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)),
    );
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await this.client.batch(
        [
          ...migration.statements,
          {
            sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
            args: [migration.version, new Date().toISOString()],
          },
        ],
        'write',
      );
    }
  }

  /** One statement inserts unless the same form and email arrived within the window: atomic in SQLite. */
  private async insert(row: Row, ctx: LeadContext): Promise<SaveOutcome> {
    const now = ctx.submittedAt.getTime();
    const emailKey = row.email.toLowerCase();
    const statement: InStatement = {
      sql: `INSERT INTO leads (form_type, name, email, email_key, phone, company, website, service, message, language, source, status, utm_data, lead_data, created_at, created_ms)
            SELECT ?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?
            WHERE NOT EXISTS (SELECT 1 FROM leads WHERE form_type = ? AND email_key = ? AND created_ms > ?)`,
      args: [
        row.form,
        row.name,
        row.email,
        emailKey,
        row.website,
        row.service,
        row.message,
        row.language,
        ctx.source,
        JSON.stringify(UTM[row.form]),
        JSON.stringify(row.leadData),
        ctx.submittedAt.toISOString(),
        now,
        row.form,
        emailKey,
        now - DUPLICATE_WINDOW_MS,
      ],
    };
    try {
      const result = await this.client.execute(statement);
      return result.rowsAffected === 1 ? 'stored' : 'duplicate';
    } catch (error) {
      throw new StoreUnavailableError(`embedded store write failed: ${(error as Error).message}`);
    }
  }

  saveWaitlist(input: Parameters<LeadStore['saveWaitlist']>[0], ctx: LeadContext) {
    return this.insert(
      {
        form: 'waitlist',
        name: input.name || NAME_NOT_PROVIDED,
        email: input.email,
        website: input.website,
        service: null,
        message: input.message || null,
        language: input.lang,
        leadData: {
          form_type: 'waitlist',
          website: input.website,
          message: input.message,
          submitted_at: ctx.submittedAt.toISOString(),
        },
      },
      ctx,
    );
  }

  saveContact(input: Parameters<LeadStore['saveContact']>[0], ctx: LeadContext) {
    return this.insert(
      {
        form: 'contact',
        name: input.name,
        email: input.email,
        website: input.website || null,
        service: input.service || null,
        message: input.message || null,
        language: input.lang,
        leadData: {
          message: input.message,
          service: input.service,
          website: input.website,
          form_type: 'contact',
          submitted_at: ctx.submittedAt.toISOString(),
        },
      },
      ctx,
    );
  }

  saveNewsletter(input: Parameters<LeadStore['saveNewsletter']>[0], ctx: LeadContext) {
    return this.insert(
      {
        form: 'newsletter',
        name: null,
        email: input.email,
        website: null,
        service: null,
        message: null,
        language: input.lang,
        leadData: { form_type: 'newsletter', submitted_at: ctx.submittedAt.toISOString() },
      },
      ctx,
    );
  }

  async ping(): Promise<void> {
    try {
      accessSync(path.dirname(this.file), constants.W_OK);
      await this.client.execute({
        sql: 'INSERT OR REPLACE INTO store_health (id, checked_at) VALUES (1, ?)',
        args: [new Date().toISOString()],
      });
    } catch (error) {
      throw new StoreUnavailableError(`embedded store unavailable: ${(error as Error).message}`);
    }
  }

  /** Every lead, oldest first, optionally since a date (operators' export). */
  async list(since?: Date): Promise<LeadRow[]> {
    const result = await this.client.execute({
      sql: `SELECT id, form_type, name, email, phone, company, website, service, message, language, source, status, utm_data, lead_data, created_at
            FROM leads WHERE created_ms >= ? ORDER BY id`,
      args: [since ? since.getTime() : 0],
    });
    return result.rows.map((r) => ({ ...r }) as unknown as LeadRow);
  }

  async close(): Promise<void> {
    this.client.close();
  }
}
