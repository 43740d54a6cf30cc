import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { leadsToCsv, leadsToJson } from '../src/server/lead-export.ts';
import { EmbeddedStore } from '../src/server/store/embedded.ts';
import type { RecheckStatus, RecheckSubscription } from '../src/server/store/recheck-types.ts';
import type { Delivery } from '../src/server/store/types.ts';

// Operators' view of the embedded store (DATA_DIR):
//   npm run leads -- export --format csv|json [--since YYYY-MM-DD]   every lead, to standard output
//   npm run leads -- outbox [--failed]       delivery counts, and each pending (or only failed) delivery
//   npm run leads -- retry <id>              a failed delivery back to pending, due now
//   npm run leads -- retry --all-failed      every failed delivery back to pending, due now
//   npm run leads -- rechecks                every monthly re-check subscription, newest first

const usage = [
  'Usage:',
  '  npm run leads -- export --format csv|json [--since YYYY-MM-DD]',
  '  npm run leads -- outbox [--failed]',
  '  npm run leads -- retry <delivery id> | --all-failed',
  '  npm run leads -- rechecks',
].join('\n');

async function openEmbedded(): Promise<EmbeddedStore> {
  const config = loadConfig();
  if (config.supabaseUrl)
    throw new Error('Leads are in Supabase (SUPABASE_URL is set): use the Supabase dashboard.');
  return EmbeddedStore.open(config.dataDir);
}

async function exportLeads(values: { format?: string; since?: string }) {
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw new Error(`--format must be csv or json.\n${usage}`);
  let since: Date | undefined;
  if (values.since) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.since) || Number.isNaN(Date.parse(`${values.since}T00:00:00Z`))) {
      throw new Error(`--since must be a date like 2025-01-31.\n${usage}`);
    }
    since = new Date(`${values.since}T00:00:00Z`);
  }
  const store = await openEmbedded();
  try {
    const rows = await store.list(since);
    process.stdout.write(format === 'csv' ? leadsToCsv(rows) : leadsToJson(rows));
  } finally {
    await store.close();
  }
}

const oneLine = (text: string | null) => (text ? text.replace(/\s+/g, ' ').slice(0, 200) : '-');

function deliveryLine(d: Delivery): string {
  const next = d.status === 'pending' ? d.nextAttemptAt.toISOString() : '-';
  return [d.id, d.status, d.channel, d.kind, String(d.attempts), next, oneLine(d.lastError)].join('\t');
}

async function outbox(onlyFailed: boolean) {
  const store = await openEmbedded();
  try {
    const counts = await store.outboxCounts();
    const list = await store.deliveries(onlyFailed ? ['failed'] : ['pending', 'failed']);
    const lines = [
      `pending: ${counts.pending}, delivered: ${counts.delivered}, failed: ${counts.failed}`,
      ...(list.length
        ? [['id', 'status', 'channel', 'kind', 'attempts', 'next attempt', 'last error'].join('\t')]
        : []),
      ...list.map(deliveryLine),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await store.close();
  }
}

async function retry(id: string | undefined, allFailed: boolean) {
  if (Boolean(id) === allFailed) throw new Error(`retry takes one delivery id or --all-failed.\n${usage}`);
  const store = await openEmbedded();
  try {
    const changed = await store.retry(id ? { id } : { allFailed: true });
    if (id && changed === 0) {
      throw new Error(`No failed (or idle pending) delivery with id ${id}: see npm run leads -- outbox`);
    }
    process.stdout.write(
      `${changed} deliver${changed === 1 ? 'y' : 'ies'} back to pending, due now (a running server sends ${changed === 1 ? 'it' : 'them'} within seconds).\n`,
    );
  } finally {
    await store.close();
  }
}

// A subscription's id is the key of its unsubscribe link: never printed. What a visitor typed is
// printed without control characters, so it cannot move the operator's cursor or colour the terminal.
const visible = (text: string) => text.replace(/\p{Cc}/gu, '?');
const when = (at: Date | null) => (at ? at.toISOString() : '-');
const RECHECK_COLUMNS = [
  'status',
  'email',
  'address',
  'language',
  'created',
  'confirmed',
  'next check',
  'last check',
];

function recheckLine(s: RecheckSubscription): string {
  return [
    s.status,
    visible(s.email),
    visible(s.address),
    s.language,
    when(s.createdAt),
    when(s.confirmedAt),
    when(s.nextCheckAt),
    when(s.lastCheckedAt),
  ].join('\t');
}

async function rechecks() {
  const store = await openEmbedded();
  try {
    const list = await store.rechecks.list();
    const counts: Record<RecheckStatus, number> = { pending: 0, active: 0, unsubscribed: 0 };
    for (const s of list) counts[s.status] += 1;
    const lines = [
      `pending: ${counts.pending}, active: ${counts.active}, unsubscribed: ${counts.unsubscribed}`,
      ...(list.length ? [RECHECK_COLUMNS.join('\t')] : []),
      ...list.map(recheckLine),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await store.close();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      since: { type: 'string' },
      failed: { type: 'boolean', default: false },
      'all-failed': { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (command === 'export' && rest.length === 0) return exportLeads(values);
  if (command === 'outbox' && rest.length === 0) return outbox(values.failed ?? false);
  if (command === 'retry' && rest.length <= 1) return retry(rest[0], values['all-failed'] ?? false);
  if (command === 'rechecks' && rest.length === 0) return rechecks();
  throw new Error(usage);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
