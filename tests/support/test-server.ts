import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type App, type ServerOptions } from '../../server.ts';

export const HUMAN_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const GPTBOT_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';

/** A server on the production build with a private data directory and silent logs. */
export async function testServer(
  env: Record<string, string> = {},
  options: Omit<ServerOptions, 'env'> = {},
): Promise<App> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-test-'));
  return createServer({
    ...options,
    // The site-wide per-address limit is tested on its own; other suites send many requests from one address.
    env: {
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SITE_URL: 'https://geo.example',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
  });
}

/**
 * The visible text of an HTML document: no scripts, styles, hidden blocks or tags. The Tools page's
 * visitor card is left out: saying who is reading (a person or which crawler) is its purpose (spec).
 */
export function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<section[^>]*data-visitor-kind[\s\S]*?<\/section>/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<(\w+)[^>]*\shidden(?:=""|\s|>)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * All the text a page's body carries, hidden blocks and microdata values included (no scripts or
 * tags): what must be the same for a person and a crawler, since text only crawlers get is cloaking.
 * The Tools page's visitor card is left out, as in visibleText.
 */
export function bodyText(html: string): string {
  return html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<section[^>]*data-visitor-kind[\s\S]*?<\/section>/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<meta\b[^>]*\scontent="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
