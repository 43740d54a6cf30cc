import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
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
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    const secret = randomBytes(32);
    // `wx`: when two processes start on one directory, the second keeps the first one's key.
    try {
      writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    }
  }
}
