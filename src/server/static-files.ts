import { readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { COPY_EXTENSIONS, type Encoding } from './compressed.ts';
import { vary } from './vary.ts';

// The hashed client assets (dist/client/assets): compressed at build time (vite.config.ts writes a
// .br and a .gz beside every JS, CSS, SVG and JSON file when smaller) and sent as they are to a client
// that accepts them, so no asset is compressed per response (decision 035).

/** Assets change name when they change: a browser keeps them a year and never revalidates. */
const CACHING = { immutable: true, maxAge: '1y' } as const;

/**
 * Serves `dir` (mount it at /assets): a GET or HEAD of a file that has a compressed copy the client
 * accepts gets that copy, with the original's Content-Type, its own Content-Length and ETag and
 * `Vary: Accept-Encoding`; anything else is express.static's. The directory is read once, here:
 * the build does not change under a running server.
 */
export function hashedAssets(dir: string): RequestHandler {
  const serve = express.static(dir, { ...CACHING, index: false });
  let names: ReadonlySet<string>;
  try {
    names = new Set(readdirSync(dir));
  } catch {
    names = new Set();
  }
  /** Each file's compressed copies (file name → encoding → the copy's name). */
  const copies = new Map<string, ReadonlyArray<readonly [Encoding, string]>>();
  for (const name of names) {
    const found = COPY_EXTENSIONS.filter(([, ext]) => names.has(name + ext)).map(
      ([encoding, ext]) => [encoding, name + ext] as const,
    );
    if (found.length) copies.set(name, found);
  }

  return (req, res, next) => {
    const available =
      req.method === 'GET' || req.method === 'HEAD' ? copies.get(req.path.slice(1)) : undefined;
    if (!available) return serve(req, res, next);
    vary(res, 'Accept-Encoding');
    const copy = available.find(([encoding]) => req.acceptsEncodings(encoding) === encoding);
    if (!copy) return serve(req, res, next);
    const [encoding, file] = copy;
    // Set first: `send` keeps a Content-Type it finds, and the compression middleware leaves a
    // response that has a Content-Encoding alone.
    res.type(path.extname(req.path)).set('Content-Encoding', encoding);
    res.sendFile(file, { ...CACHING, root: dir }, (error?: Error) => {
      if (!error || res.headersSent) return;
      // The copy went missing after start-up: the original, as if there were no copy.
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      serve(req, res, next);
    });
  };
}

/**
 * Serves the top-level files of `dir` (public/'s icons, manifest, social image) for an hour, asking
 * the file system only for their names: the list is read once, here, so a page's address never costs
 * a `stat` (the busiest system call of a cached page's answer before this). Folders are served by
 * their own middleware (assets, images); dot files never.
 */
export function topLevelFiles(dir: string): RequestHandler {
  const serve = express.static(dir, { maxAge: '1h', index: false, dotfiles: 'ignore', redirect: false });
  let files: ReadonlySet<string>;
  try {
    files = new Set(
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => `/${entry.name}`),
    );
  } catch {
    files = new Set();
  }
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}
