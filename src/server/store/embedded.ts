import { randomUUID } from 'node:crypto';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Client, InStatement } from '@libsql/client';
import { embeddedClient } from './embedded-client.ts';
import { applyMigrations } from './embedded-migrations.ts';
import { EmbeddedRechecks } from './embedded-rechecks.ts';
import { EmbeddedReports } from './embedded-reports.ts';
import { mailboxKey } from '../mailbox.ts';
import {
  deliveryPayload,
  duplicateDetail,
  leadRecord,
  toDelivery,
  visitorMailRecord,
  type DeliveryRecord,
} from './records.ts';
import type { RecheckStore } from './recheck-types.ts';
import type { AuditReportStore } from './report-types.ts';
import {
  DAY_MS,
  DEFAULT_VISITOR_MAIL_LIMITS,
  DELIVERY_CHANNELS,
  DUPLICATE_WINDOW_MS,
  LEASE_CLOCK_SKEW_MS,
  LEASE_EXPIRED_ERROR,
  MAX_EXPIRED_LEASES,
  StoreUnavailableError,
  VISITOR_MAIL_KIND,
  type VisitorMailLimits,
  type ClaimRequest,
  type Delivery,
  type DeliveryChannel,
  type DeliveryFailureRecord,
  type DeliveryKind,
  type DeliveryPayload,
  type DeliveryStatus,
  type NewsletterSubscriptions,
  type SubscriptionChange,
  type SubscriptionStatus,
  type LeadContext,
  type LeadRow,
  type LeadStore,
  type Outbox,
  type SaveOutcome,
  type StoreOptions,
  type Submission,
  type VisitorMailRecord,
} from './types.ts';

// The embedded default store: one SQLite file in DATA_DIR (WAL, synchronous=FULL so a 200 means the
// lead is on disk), created with its schema on first start, migrations versioned in the file.
// It is also the lead delivery outbox (decision 018): a lead and the deliveries it causes are written
// in one transaction, and workers (in this process or another one on the same file) lease them.
// The saved audit reports live in the same file (embedded-reports.ts).

/** The columns a new delivery is written with (the rest take their defaults). */
const INSERT_DELIVERY =
  'INSERT INTO lead_deliveries (id, lead_id, channel, kind, recipient, recipient_key, payload, status, attempts, next_attempt_at, not_before, created_at)';

/** A piece of SQL and its arguments. */
interface Sql {
  sql: string;
  args: (string | number)[];
}

/** SQLite's form of an ISO 8601 time as toISOString() writes it, so that times compare as text. */
const ISO = "'%Y-%m-%dT%H:%M:%fZ'";

/** The visitor emails a mailbox's limits count: those forms asked for (not a re-check's monthly email). */
const COUNTED = `channel = 'visitor-email' AND recipient_key = ? AND kind <> 'recheck-report'`;

/**
 * A monthly re-check's email (decision 032), for EmbeddedRechecks.complete's transaction: inserted
 * only if the statement just before it (the completion's UPDATE) changed its row, attached to the
 * newest `recheck` lead of the subscription. Without one, lead_id is NULL and the insert fails: the
 * whole completion is refused.
 */
function recheckMailInsert(subscriptionId: string, payload: DeliveryPayload, at: Date): InStatement {
  const iso = at.toISOString();
  return {
    sql: `${INSERT_DELIVERY}
          SELECT ?, (SELECT max(l.id) FROM leads l
                     WHERE l.form_type = 'recheck' AND json_extract(l.lead_data, '$.recheck_id') = r.id),
                 'visitor-email', 'recheck-report', r.email, r.mailbox_key, ?, 'pending', 0, ?, ?, ?
          FROM recheck_subscriptions r WHERE r.id = ? AND changes() = 1`,
    args: [randomUUID(), JSON.stringify(payload), iso, iso, iso, subscriptionId],
  };
}

const DELIVERY_COLUMNS =
  'id, lead_id, channel, kind, recipient, payload, status, attempts, expired_leases, next_attempt_at, not_before, lease_until, leased_by, last_error, created_at, retried_at, delivered_at';

/**
 * The report email a re-check's confirm link may ride in (decision 067): of the same report, to the
 * same address, in the same language, still waiting, leased by nobody, carrying no other link.
 */
function reportCarrier(submission: Extract<Submission, { form: 'recheck' }>): Sql {
  const { email, report, lang } = submission.data;
  return {
    sql: `SELECT id FROM lead_deliveries
          WHERE channel = 'visitor-email' AND kind = 'report-summary' AND recipient_key = ?
            AND lower(recipient) = lower(?) AND status = 'pending' AND lease_until IS NULL
            AND json_extract(payload, '$.lead.lead_data.report_id') = ?
            AND json_extract(payload, '$.language') = ?
            AND json_extract(payload, '$.lead.lead_data.recheck_id') IS NULL
          ORDER BY created_at DESC LIMIT 1`,
    args: [mailboxKey(email), email, report, lang],
  };
}

/** Counts by status, for operators. */
export type OutboxCounts = Record<DeliveryStatus, number>;

/**
 * How long a write waits for a lock held by another process before failing. Short on purpose:
 * SQLite waits on the event loop's thread, and a visitor should get a quick 503, not a hang.
 */
const BUSY_TIMEOUT_MS = 500;

export const DATABASE_FILE = 'leads.db';

/**
 * The room a probe asks for (decision 051): less than this free on the disk, or under the file's
 * ceiling (DATA_MAX_MB), and the store is reported unable to take writes. A lead takes about 2 KB and
 * a saved report up to a few hundred: past this point writes fail or are about to.
 */
export const PROBE_ROOM_BYTES = 64 * 1024;

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

export class EmbeddedStore implements LeadStore, Outbox, NewsletterSubscriptions {
  readonly kind = 'embedded' as const;
  /** Channels that get a delivery for each new lead. */
  readonly channels: ReadonlySet<DeliveryChannel>;
  /** Saved audit reports, in the same file: always available on the embedded store. */
  readonly reports: AuditReportStore;
  /** Monthly re-check subscriptions, in the same file: always available on the embedded store. */
  readonly rechecks: RecheckStore;
  private constructor(
    private readonly client: Client,
    readonly file: string,
    channels: ReadonlySet<DeliveryChannel>,
    private readonly mailLimits: VisitorMailLimits,
  ) {
    this.channels = channels;
    this.reports = new EmbeddedReports(client);
    // A completed re-check's email goes out through this outbox when visitor emails are on.
    this.rechecks = new EmbeddedRechecks(
      client,
      channels.has('visitor-email') ? recheckMailInsert : undefined,
    );
  }

  static async open(
    dataDir: string,
    options: StoreOptions & { maxBytes?: number } = {},
  ): Promise<EmbeddedStore> {
    const file = prepareDataDir(dataDir);
    // A connection that met another process's write lock past the busy timeout is replaced
    // (embedded-client.ts: libsql would leave it unable to commit). With DATA_MAX_MB, every
    // connection gets SQLite's own ceiling (max_page_count): past it a write fails with
    // SQLITE_FULL, as on a full disk (decision 051).
    const client = await embeddedClient(file, BUSY_TIMEOUT_MS, undefined, options.maxBytes);
    const channels = new Set(options.channels ?? []);
    for (const channel of channels) {
      if (!DELIVERY_CHANNELS.includes(channel)) throw new Error(`Unknown delivery channel: ${channel}`);
    }
    const store = new EmbeddedStore(
      client,
      file,
      channels,
      options.visitorMailLimits ?? DEFAULT_VISITOR_MAIL_LIMITS,
    );
    await applyMigrations(client, BUSY_TIMEOUT_MS);
    return store;
  }

  /** This store is its own outbox when a channel is on. */
  get outbox(): Outbox | undefined {
    return this.channels.size > 0 ? this : undefined;
  }

  /**
   * One statement inserts unless the same form and email (and, for a report or re-check, the same
   * report or subscription: see duplicateDetail) arrived within the window, or, with visitor emails
   * on, unless the recipient's mailbox has had its visitor emails for the hour or the day (decision
   * 050): atomic in SQLite. With channels on, the same write transaction (one batch: no other work
   * runs on this connection in between) first reads which of the two stopped it, then inserts the
   * lead's deliveries, each only if the lead row was inserted.
   */
  async save(submission: Submission, ctx: LeadContext): Promise<SaveOutcome> {
    const record = leadRecord(submission, ctx);
    const createdAt = ctx.submittedAt.toISOString();
    // The payload every delivery of this lead carries; only its id is left to the insert.
    const payload = deliveryPayload({ id: null, ...record, created_at: createdAt });
    const { form_type, website, service, message } = payload.lead;
    const now = ctx.submittedAt.getTime();
    const emailKey = record.email.toLowerCase();
    const submissionId = this.channels.size > 0 ? randomUUID() : null;
    const duplicate = {
      sql: `EXISTS (SELECT 1 FROM leads WHERE form_type = ? AND email_key = ? AND created_ms > ?
              AND coalesce(json_extract(lead_data, '$.recheck_id'), json_extract(lead_data, '$.report_id'), '') = ?)`,
      args: [form_type, emailKey, now - DUPLICATE_WINDOW_MS, duplicateDetail(submission)],
    };
    const schedule = this.channels.has('visitor-email')
      ? this.mailboxSchedule(mailboxKey(record.email), ctx.submittedAt)
      : undefined;
    // A re-check whose link rides in a waiting report email adds no email: no limit refuses it.
    const carrier = schedule && submission.form === 'recheck' ? reportCarrier(submission) : undefined;
    const limited: Sql = !schedule
      ? { sql: '0', args: [] }
      : carrier
        ? {
            sql: `(${schedule.full.sql} AND NOT EXISTS (${carrier.sql}))`,
            args: [...schedule.full.args, ...carrier.args],
          }
        : schedule.full;
    const statement: InStatement = {
      sql: `INSERT INTO leads (form_type, name, email, email_key, phone, company, website, service, message, language, source, status, utm_data, lead_data, created_at, created_ms, submission_id)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
            WHERE NOT ${duplicate.sql} AND NOT ${limited.sql}`,
      args: [
        form_type,
        record.name,
        record.email,
        emailKey,
        record.phone,
        record.company,
        website,
        service,
        message,
        record.language,
        record.source,
        record.status,
        JSON.stringify(record.utm_data),
        JSON.stringify(record.lead_data),
        createdAt,
        now,
        submissionId,
        ...duplicate.args,
        ...limited.args,
      ],
    };
    try {
      if (!submissionId) {
        const result = await this.client.execute(statement);
        return result.rowsAffected === 1 ? 'stored' : 'duplicate';
      }
      const [why, lead] = await this.client.batch(
        [
          {
            sql: `SELECT ${duplicate.sql} AS duplicate, ${limited.sql} AS limited`,
            args: [...duplicate.args, ...limited.args],
          },
          statement,
          ...this.deliveryInserts(submission, payload, submissionId, ctx.submittedAt, schedule?.due),
        ],
        'write',
      );
      if (lead!.rowsAffected === 1) return 'stored';
      return Number(why!.rows[0]!.duplicate) === 1 ? 'duplicate' : 'limited';
    } catch (error) {
      throw new StoreUnavailableError(`embedded store write failed: ${(error as Error).message}`);
    }
  }

  /**
   * When a mailbox's next visitor email may go, and whether it may be queued (decision 067). Emails
   * are counted by when they go (not_before) and never overtake one another, so the next goes at the
   * latest of: now, the last one's time, an hour after the perHour-th most recent and a day after
   * the perDay-th most recent. Then no hour holds more than perHour of them and no day more than
   * perDay. `full`: it would have to wait while the mailbox already has `queued` emails waiting.
   */
  private mailboxSchedule(mailbox: string, at: Date): { due: Sql; full: Sql } {
    const now = at.toISOString();
    const dayAgo = new Date(at.getTime() - DAY_MS).toISOString();
    const nth = (count: number, shift: string): Sql => ({
      sql: `coalesce((SELECT strftime(${ISO}, not_before, '${shift}') FROM lead_deliveries
                      WHERE ${COUNTED} AND not_before > ?
                      ORDER BY not_before DESC LIMIT 1 OFFSET ?), ?)`,
      args: [mailbox, dayAgo, Math.max(1, count) - 1, now],
    });
    const hour = nth(this.mailLimits.perHour, '+1 hour');
    const day = nth(this.mailLimits.perDay, '+1 day');
    const due: Sql = {
      sql: `max(?, coalesce((SELECT max(not_before) FROM lead_deliveries WHERE ${COUNTED}), ?), ${hour.sql}, ${day.sql})`,
      args: [now, mailbox, now, ...hour.args, ...day.args],
    };
    const waiting = `(SELECT count(*) FROM lead_deliveries WHERE ${COUNTED} AND status = 'pending' AND not_before > ?)`;
    return {
      due,
      full: {
        sql: `(${due.sql} > ? AND ${waiting} >= ?)`,
        args: [...due.args, now, mailbox, now, Math.max(0, this.mailLimits.queued)],
      },
    };
  }

  /**
   * The newest visitor email of a submission's kind to its address (for a report, of that report;
   * for a re-check, its confirm email or the report email that carries its link), as the form's
   * answer tells of it (decision 067).
   */
  async mailOf(submission: Submission, now: Date): Promise<VisitorMailRecord | undefined> {
    if (!this.channels.has('visitor-email')) return undefined;
    const email = submission.data.email;
    const which: Sql =
      submission.form === 'recheck'
        ? {
            sql: `kind IN ('recheck-optin', 'report-summary') AND json_extract(payload, '$.lead.lead_data.recheck_id') = ?`,
            args: [submission.data.recheckId],
          }
        : submission.form === 'report'
          ? {
              sql: `kind = 'report-summary' AND json_extract(payload, '$.lead.lead_data.report_id') = ?`,
              args: [submission.data.report],
            }
          : { sql: 'kind = ?', args: [VISITOR_MAIL_KIND[submission.form]] };
    const result = await this.client.execute({
      sql: `SELECT kind, status, not_before, created_at, delivered_at, not_before > ? AS waiting FROM lead_deliveries
            WHERE channel = 'visitor-email' AND recipient_key = ? AND lower(recipient) = lower(?) AND ${which.sql}
            ORDER BY created_at DESC, not_before DESC LIMIT 1`,
      args: [now.toISOString(), mailboxKey(email), email, ...which.args],
    });
    const row = result.rows[0];
    if (!row) return undefined;
    return visitorMailRecord(submission, {
      kind: String(row.kind),
      status: String(row.status),
      not_before: (row.not_before ?? row.created_at) as string,
      delivered_at: (row.delivered_at as string | null) ?? null,
      waiting: row.waiting,
    });
  }

  /**
   * The lead's deliveries, each inserted only if the lead row was. The visitor email goes when its
   * mailbox's schedule says (`due`). A re-check's confirm link rides in the report email of the same
   * report to the same address when that email is still waiting and nobody is sending it (decision
   * 067): then the re-check gets no email of its own (the insert reads the UPDATE's changes()).
   */
  private deliveryInserts(
    submission: Submission,
    payload: DeliveryPayload,
    submissionId: string,
    submittedAt: Date,
    due: Sql = { sql: '?', args: [submittedAt.toISOString()] },
  ): InStatement[] {
    const at = submittedAt.toISOString();
    const json = JSON.stringify(payload);
    const insert = (
      channel: DeliveryChannel,
      kind: DeliveryKind,
      recipient: string | null,
      when: Sql = { sql: '?', args: [at] },
      only = '',
    ): InStatement => ({
      sql: `${INSERT_DELIVERY}
            SELECT ?, l.id, ?, ?, ?, ?, json_set(?, '$.lead.id', l.id), 'pending', 0, t.due, t.due, ?
            FROM leads l, (SELECT ${when.sql} AS due) t WHERE l.submission_id = ? ${only}`,
      args: [
        randomUUID(),
        channel,
        kind,
        recipient,
        recipient === null ? null : mailboxKey(recipient),
        json,
        at,
        ...when.args,
        submissionId,
      ],
    });
    const statements: InStatement[] = [];
    if (this.channels.has('team-email')) statements.push(insert('team-email', 'team-email', null));
    if (this.channels.has('webhook')) statements.push(insert('webhook', 'webhook', null));
    if (!this.channels.has('visitor-email')) return statements;
    const { email } = submission.data;
    if (submission.form !== 'recheck') {
      statements.push(insert('visitor-email', VISITOR_MAIL_KIND[submission.form], email, due));
      return statements;
    }
    const carrier = reportCarrier(submission);
    statements.push(
      {
        sql: `UPDATE lead_deliveries SET payload = json_set(payload, '$.lead.lead_data.recheck_id', ?)
              WHERE id = (${carrier.sql}) AND EXISTS (SELECT 1 FROM leads WHERE submission_id = ?)`,
        args: [submission.data.recheckId, ...carrier.args, submissionId],
      },
      insert('visitor-email', 'recheck-optin', email, due, 'AND changes() = 0'),
    );
    return statements;
  }

  /** The newsletter's double opt-in: always available on the embedded store. */
  get subscriptions(): NewsletterSubscriptions {
    return this;
  }

  async setStatus(
    email: string,
    status: SubscriptionStatus,
    options: { linkIssuedAt?: Date; now?: Date } = {},
  ): Promise<SubscriptionChange> {
    const key = email.toLowerCase();
    const newsletter = "form_type = 'newsletter' AND email_key = ?";
    // A subscription through a link issued before the last unsubscribe changes nothing.
    const superseded = options.linkIssuedAt
      ? {
          sql: 'EXISTS (SELECT 1 FROM newsletter_unsubscribes WHERE email_key = ? AND unsubscribed_at > ?)',
          args: [key, options.linkIssuedAt.toISOString()],
        }
      : { sql: '0', args: [] };
    const statements: InStatement[] = [
      {
        sql: `SELECT (SELECT count(*) FROM leads WHERE ${newsletter}) AS n, ${superseded.sql} AS superseded`,
        args: [key, ...superseded.args],
      },
      // The update applies only to sign-ups not already in that state.
      {
        sql: `UPDATE leads SET status = ? WHERE ${newsletter} AND status <> ? AND NOT ${superseded.sql}`,
        args: [status, key, status, ...superseded.args],
      },
    ];
    if (status === 'unsubscribed') {
      statements.push({
        sql: `INSERT INTO newsletter_unsubscribes (email_key, unsubscribed_at)
              SELECT ?, ? WHERE EXISTS (SELECT 1 FROM leads WHERE ${newsletter})
              ON CONFLICT (email_key) DO UPDATE SET unsubscribed_at = excluded.unsubscribed_at`,
        args: [key, (options.now ?? new Date()).toISOString(), key],
      });
    }
    // One write transaction: the check and the change see the same state.
    const [before, updated] = await this.client.batch(statements, 'write');
    const row = before!.rows[0]!;
    if (Number(row.n) === 0) return 'unknown';
    if (Number(row.superseded) === 1) return 'superseded';
    return updated!.rowsAffected > 0 ? 'changed' : 'unchanged';
  }

  /**
   * The readiness probe (decision 051), run every few seconds and after a failed write, never per
   * request: a small write finds a locked, read-only or failing file; the disk's free space (a
   * read) and the room left under the file's ceiling (read in the same transaction) find a full
   * store before a visitor's write does, which a small write would not (it reuses a page in place).
   */
  async ping(): Promise<void> {
    try {
      const dir = path.dirname(this.file);
      accessSync(dir, constants.W_OK);
      const disk = await statfs(dir);
      const free = disk.bavail * disk.bsize;
      if (free < PROBE_ROOM_BYTES) throw new Error(`SQLITE_FULL: ${free} bytes free on the disk`);
      const [, room] = await this.client.batch(
        [
          {
            sql: 'INSERT OR REPLACE INTO store_health (id, checked_at) VALUES (1, ?)',
            args: [new Date().toISOString()],
          },
          `SELECT (m.max_page_count - p.page_count + f.freelist_count) * s.page_size AS room
           FROM pragma_max_page_count() m, pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s`,
        ],
        'write',
      );
      const bytes = Number(room!.rows[0]!.room);
      if (bytes < PROBE_ROOM_BYTES)
        throw new Error(`SQLITE_FULL: ${bytes} bytes left under the file's ceiling`);
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

  // --- Outbox (the worker) -------------------------------------------------------------------

  /**
   * One UPDATE … RETURNING statement: atomic in SQLite, so two workers never lease one delivery.
   * A due row that still has a lease had it expire without an outcome (complete, fail and retry all
   * clear it): that lost attempt is counted here, and the row is failed rather than leased once it
   * has expired `maxExpiredLeases` times (decision 021). A lease ending later than the one this
   * claim grants (and LEASE_CLOCK_SKEW_MS) was granted by a clock ahead of ours (a forward jump, then a
   * crash): it counts as expired too, rather than holding the delivery for the size of the jump
   * (decision 050). SET expressions
   * read the row as it was.
   */
  async claim(request: ClaimRequest): Promise<Delivery[]> {
    if (request.channels.length === 0 || request.limit < 1) return [];
    const now = request.now.toISOString();
    const until = new Date(request.now.getTime() + request.leaseMs).toISOString();
    const ahead = new Date(request.now.getTime() + request.leaseMs + LEASE_CLOCK_SKEW_MS).toISOString();
    const max = Math.max(1, Math.floor(request.maxExpiredLeases ?? MAX_EXPIRED_LEASES));
    const expired = 'lease_until IS NOT NULL';
    const dies = `(${expired} AND expired_leases + 1 >= ?)`;
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET attempts = attempts + (${expired}),
                expired_leases = expired_leases + (${expired}),
                last_error = CASE WHEN ${expired}
                  THEN printf('%s, %d of %d', ?, expired_leases + 1, ?) ELSE last_error END,
                status = CASE WHEN ${dies} THEN 'failed' ELSE status END,
                lease_until = CASE WHEN ${dies} THEN NULL ELSE ? END,
                leased_by = CASE WHEN ${dies} THEN NULL ELSE ? END
            WHERE id IN (
              SELECT id FROM lead_deliveries
              WHERE status = 'pending' AND next_attempt_at <= ?
                AND (lease_until IS NULL OR lease_until <= ? OR lease_until > ?)
                AND channel IN (${request.channels.map(() => '?').join(', ')})
              ORDER BY next_attempt_at, created_at
              LIMIT ?)
            RETURNING ${DELIVERY_COLUMNS}`,
      args: [
        LEASE_EXPIRED_ERROR,
        max,
        max,
        max,
        until,
        max,
        request.workerId,
        now,
        now,
        ahead,
        ...request.channels,
        request.limit,
      ],
    });
    return result.rows.map((row) => toDelivery(row as unknown as DeliveryRecord));
  }

  async complete(id: string, workerId: string, at: Date): Promise<boolean> {
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, lease_until = NULL, leased_by = NULL
            WHERE id = ? AND leased_by = ? AND status = 'pending'`,
      args: [at.toISOString(), id, workerId],
    });
    return result.rowsAffected === 1;
  }

  async fail(id: string, failure: DeliveryFailureRecord): Promise<boolean> {
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET attempts = attempts + 1, last_error = ?,
                status = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END,
                next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL, leased_by = NULL
            WHERE id = ? AND leased_by = ? AND status = 'pending'`,
      args: [
        failure.error.slice(0, 1000),
        failure.retryAt?.toISOString() ?? null,
        failure.retryAt?.toISOString() ?? null,
        id,
        failure.workerId,
      ],
    });
    return result.rowsAffected === 1;
  }

  // --- Outbox (operators: npm run leads -- outbox | retry) ---------------------------------------

  async outboxCounts(): Promise<OutboxCounts> {
    const counts: OutboxCounts = { pending: 0, delivered: 0, failed: 0 };
    const result = await this.client.execute(
      'SELECT status, count(*) AS n FROM lead_deliveries GROUP BY status',
    );
    for (const row of result.rows) counts[row.status as DeliveryStatus] = Number(row.n);
    return counts;
  }

  /** Deliveries with these statuses (all when none is given), oldest first. */
  async deliveries(statuses: readonly DeliveryStatus[] = []): Promise<Delivery[]> {
    const where = statuses.length ? `WHERE status IN (${statuses.map(() => '?').join(', ')})` : '';
    const result = await this.client.execute({
      sql: `SELECT ${DELIVERY_COLUMNS} FROM lead_deliveries ${where} ORDER BY created_at, id`,
      args: [...statuses],
    });
    return result.rows.map((row) => toDelivery(row as unknown as DeliveryRecord));
  }

  /**
   * Puts deliveries back to pending, due now, with a fresh retry schedule and a fresh count of
   * expired leases: one by id (a failed one, or a pending one nobody is sending right now), or every
   * failed one. Returns how many changed.
   */
  async retry(target: { id: string } | { allFailed: true }, now = new Date()): Promise<number> {
    const at = now.toISOString();
    const which =
      'id' in target
        ? {
            sql: `id = ? AND (status = 'failed' OR (status = 'pending' AND (lease_until IS NULL OR lease_until <= ?)))`,
            args: [target.id, at],
          }
        : { sql: `status = 'failed'`, args: [] };
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET status = 'pending', next_attempt_at = ?, retried_at = ?, lease_until = NULL, leased_by = NULL,
                expired_leases = 0
            WHERE ${which.sql}`,
      args: [at, at, ...which.args],
    });
    return result.rowsAffected;
  }

  async close(): Promise<void> {
    this.client.close();
  }
}
