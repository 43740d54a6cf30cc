import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';

// The key that signs the newsletter's confirm and unsubscribe links. NEWSLETTER_SECRET when set
// (every replica must share it; loadConfig has checked its length); with the embedded store, a key
// made once and kept in DATA_DIR, so that links keep working across restarts with no set-up. With
// Supabase and visitor emails on, no key is a start-up error naming the setting: the emails would
// have no links to sign.

const FILE = 'newsletter-secret';

export function newsletterSecret(options: {
  env: Record<string, string | undefined>;
  dataDir: string;
  supabase: boolean;
  /** Whether visitor emails (and so newsletter links) are on. */
  needed: boolean;
}): Buffer | undefined {
  const given = options.env.NEWSLETTER_SECRET;
  if (given) return Buffer.from(given, 'utf8');
  if (!options.needed) return undefined;
  if (options.supabase) {
    throw new ConfigError(
      'Invalid configuration: NEWSLETTER_SECRET must be set when Supabase stores the leads and visitor emails are on (every replica signs the same links)',
    );
  }
  const file = path.join(options.dataDir, FILE);
  const kept = readSecret(file);
  if (kept) return kept;
  // Written whole under a name of its own, then linked into place: the key file appears complete or
  // not at all. When two processes start on one directory, the second one's link fails (EEXIST) and
  // it keeps the first one's key; it can never read a file still being written.
  const secret = randomBytes(32);
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, secret.toString('hex'), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const first = readSecret(file);
    if (first) return first;
    throw new ConfigError(
      `Invalid data directory: ${file} holds no key (delete it and a new one is made; links already sent stop working)`,
    );
  } finally {
    rmSync(draft, { force: true });
  }
}

/** The key kept in `file`, or undefined when there is none yet. */
function readSecret(file: string): Buffer | undefined {
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    return key.length > 0 ? key : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
