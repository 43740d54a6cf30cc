import type { APIRequestContext } from '@playwright/test';
import { MAIL_SINK } from './servers.ts';
import type { SunkMail } from '../fixtures/mail-sink.ts';
import { parseMail } from '../support/delivery-peers.ts';
import { expect } from './fixtures.ts';

/**
 * The newest email the mail sink (the site's SMTP server in the e2e runs) holds for `address`, once
 * it holds `count` of them, parsed.
 */
export async function mailTo(request: APIRequestContext, address: string, count = 1) {
  const url = `http://127.0.0.1:${MAIL_SINK.httpPort}/messages?to=${encodeURIComponent(address)}`;
  let messages: SunkMail[] = [];
  await expect
    .poll(
      async () => {
        messages = (await (await request.get(url)).json()) as SunkMail[];
        return messages.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return parseMail(messages.at(-1)!.raw.replace(/\r?\n/g, '\r\n'));
}
