import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `npm run leads -- …args` on the embedded store in `dataDir` (Supabase switched off), its output. */
export const leadsCli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SUPABASE_URL: '', SUPABASE_ANON_KEY: '' },
  });
