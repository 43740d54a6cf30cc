import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';

// A store that fills for real, for tests/integration/store-full-*.test.ts and the delivery suite:
// a small tmpfs mounted as DATA_DIR (a real full disk: needs the right to mount, as root on CI), a
// loopback website to audit (each audit a person runs is saved: reports fill the store), and a
// logger that keeps the server's lines so a test can count them.

/** A tmpfs of `sizeKb` at a new directory, or undefined when this process may not mount one. */
export function mountTmpfs(sizeKb: number): { dir: string; unmount: () => void } | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'geo-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k,mode=0700`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    dir,
    unmount: () => {
      // Lazily: a test that failed may still hold the store's files open.
      execFileSync('umount', ['--lazy', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, as on CI). */
export function canMountTmpfs(): boolean {
  const mounted = mountTmpfs(64);
  mounted?.unmount();
  return mounted !== undefined;
}

/** A website with one page worth auditing, on loopback. */
export async function startAuditedSite(): Promise<{ host: string; close: () => Promise<void> }> {
  const paragraphs = Array.from(
    { length: 40 },
    (_, i) =>
      `<h2>Farm ${i + 1}</h2><p>Our green tea from farm ${i + 1} has been picked by hand since ${1990 + i}, shipped to ${i + 3} countries, <a href="/farm-${i}">read its story</a>.</p>`,
  ).join('');
  const page = [
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Tea from forty farms</title>',
    '<meta name="description" content="A shop that sells green tea from forty farms in Japan and ships across Europe.">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    `<body><main><h1>Tea from forty farms</h1>${paragraphs}</main></body></html>`,
  ].join('');
  const site: Server = createHttpServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(site.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}

/** A logger at `info` whose lines the test reads (`lines`), parsed. */
export function keptLogger() {
  const lines: { msg: string; level: number; [key: string]: unknown }[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
        callback();
      },
    }),
  );
  return { logger, lines, count: (msg: string) => lines.filter((line) => line.msg === msg).length };
}
