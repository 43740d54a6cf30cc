import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

// Small parsers shared by the settings and the channels.

export const isEmail = (value: string) => z.email().safeParse(value).success;

/** The single mailbox of an address field such as `Geo <leads@example.com>`, or null. */
export function parseMailbox(value: string): { name: string; address: string } | null {
  if (/[\r\n]/.test(value)) return null;
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1 || !isEmail(parsed[0]!.address)) return null;
  return parsed[0]!;
}

/** The signing key of a Standard Webhooks secret: the bytes after `whsec_`. */
export function webhookKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}
