import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from '../server.ts';
import { LANGUAGES, PAGES, localePath, type Lang, type PageId } from '../src/site.ts';
import { ensureBuild } from './ensure-build.mjs';

// The record of when each page's content last really changed (content/pages/dates.json), and the
// digest of that content it was recorded for (content/pages/digests.json). `npm run dates` renders
// every page of the production build in each language and, where the content no longer matches its
// digest, records today's date and the new digest. tests/integration/page-dates.test.ts fails when a page's
// content changed and its date did not.
//
// The content of a page is what a reader gets from it: its title, its description and the text of
// its main region, without markup (a new class name or asset is no change of content). Left out: the
// Tools page's visitor card (it describes whoever is reading) and the element showing the page's own
// date (data-modified), which would otherwise change with every date it records.

export const DATES_FILE = path.resolve('content/pages/dates.json');
export const DIGESTS_FILE = path.resolve('content/pages/digests.json');

export type PageRecord = Partial<Record<PageId, Partial<Record<Lang, string>>>>;

/** A fixed reader, so that pages whose text depends on the visitor read the same every time. */
const READER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** The settings a digest is taken under: the same on every machine. */
const SETTINGS = { SITE_URL: 'https://geo.example', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

function text(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<section[^>]*data-visitor-kind[\s\S]*?<\/section>/g, ' ')
    .replace(/<time[^>]*data-modified[^>]*>[\s\S]*?<\/time>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The reader-facing content of a rendered page: title, description and main text. */
export function pageContent(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return [text(title), text(description), text(main)].join('\n');
}

export function digestOf(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 32);
}

/** Every page's content digest in every language, rendered by the production build (dist/). */
export async function pageDigests(): Promise<PageRecord> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'geo-dates-'));
  const app = await createServer({ env: { ...SETTINGS, DATA_DIR: dataDir } });
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const digests: PageRecord = {};
    for (const page of PAGES)
      for (const lang of LANGUAGES) {
        const url = `${origin}${localePath(lang, page.path)}`;
        const res = await fetch(url, { headers: { 'User-Agent': READER_UA } });
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        (digests[page.id] ??= {})[lang] = digestOf(pageContent(await res.text()));
      }
    return digests;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.locals.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function readRecord(file: string): PageRecord {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PageRecord;
  } catch {
    return {};
  }
}

/** The pages (id and language) whose content differs from the digest recorded for it. */
export function changedPages(recorded: PageRecord, current: PageRecord): { id: PageId; lang: Lang }[] {
  return PAGES.flatMap((page) =>
    LANGUAGES.filter((lang) => recorded[page.id]?.[lang] !== current[page.id]?.[lang]).map((lang) => ({
      id: page.id,
      lang,
    })),
  );
}

async function main() {
  ensureBuild();
  const today = new Date().toISOString().slice(0, 10);
  const dates = readRecord(DATES_FILE);
  const current = await pageDigests();
  const changed = changedPages(readRecord(DIGESTS_FILE), current);
  // Written in the page list's order, and only for pages that exist: a removed page leaves the record.
  const nextDates: PageRecord = {};
  for (const page of PAGES)
    for (const lang of LANGUAGES) {
      const isChanged = changed.some((c) => c.id === page.id && c.lang === lang);
      const date = isChanged ? today : dates[page.id]?.[lang];
      if (date) (nextDates[page.id] ??= {})[lang] = date;
    }
  writeFileSync(DATES_FILE, `${JSON.stringify(nextDates, null, 2)}\n`);
  writeFileSync(DIGESTS_FILE, `${JSON.stringify(current, null, 2)}\n`);
  if (changed.length === 0) console.log('Every page matches its recorded content: no date changed.');
  else
    for (const { id, lang } of changed)
      console.log(
        `${localePath(lang, PAGES.find((p) => p.id === id)!.path)}: content changed, dated ${today}`,
      );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
