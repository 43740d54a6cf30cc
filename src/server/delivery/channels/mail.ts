import { createTransport, type SendMailOptions } from 'nodemailer';
import { parseMailbox } from '../parse.ts';

// The SMTP side shared by the team and visitor emails: one nodemailer transport over SMTP_URL
// (`smtp://` with STARTTLS when offered, or `smtps://`), with deadlines so a silent server fails an
// attempt instead of holding it for minutes (nodemailer's defaults are 2 and 10 minutes).

export const SMTP_TIMEOUTS = {
  /** TCP (and TLS) connection. */
  connectionTimeout: 10_000,
  /** The server's greeting once connected. */
  greetingTimeout: 10_000,
  /** Silence on an open connection. */
  socketTimeout: 20_000,
} as const;

/** What the channels need from nodemailer (a stand-in in unit tests). */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ accepted: unknown[]; rejected: unknown[] }>;
  close(): void;
}

export function createMailTransport(smtpUrl: string): MailTransport {
  return createTransport({
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
    // A few connections kept open and reused: a burst of leads is not a burst of SMTP handshakes.
    pool: true,
    maxConnections: 4,
    maxMessages: 100,
    // Message content never names files or URLs to attach: refuse them if it ever does.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/** A stable Message-ID for a delivery: `<delivery id@sender's domain>`, the same on every retry. */
export function messageIdFor(deliveryId: string, mailFrom: string): string {
  const domain = parseMailbox(mailFrom)?.address.split('@').pop() || 'localhost';
  return `<${deliveryId}@${domain}>`;
}
