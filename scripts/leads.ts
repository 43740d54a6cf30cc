import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { leadsToCsv, leadsToJson } from '../src/server/lead-export.ts';
import { EmbeddedStore } from '../src/server/store/embedded.ts';

// npm run leads -- export --format csv|json [--since YYYY-MM-DD]
// Prints every lead of the embedded store (DATA_DIR) to standard output.

const usage = 'Usage: npm run leads -- export --format csv|json [--since YYYY-MM-DD]';

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { format: { type: 'string', default: 'csv' }, since: { type: 'string' } },
  });
  if (positionals[0] !== 'export') throw new Error(usage);
  const format = values.format;
  if (format !== 'csv' && format !== 'json') throw new Error(`--format must be csv or json. ${usage}`);
  let since: Date | undefined;
  if (values.since) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.since) || Number.isNaN(Date.parse(`${values.since}T00:00:00Z`))) {
      throw new Error(`--since must be a date like 2025-01-31. ${usage}`);
    }
    since = new Date(`${values.since}T00:00:00Z`);
  }
  const config = loadConfig();
  if (config.supabaseUrl)
    throw new Error('Leads are in Supabase (SUPABASE_URL is set): export them from the Supabase dashboard.');
  const store = await EmbeddedStore.open(config.dataDir);
  try {
    const rows = await store.list(since);
    process.stdout.write(format === 'csv' ? leadsToCsv(rows) : leadsToJson(rows));
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
