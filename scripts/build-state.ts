import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Whether dist/ is missing or older than anything it is built from.
const SOURCES = ['src', 'public', 'content', 'vite.config.ts', 'package.json', 'package-lock.json'];
const OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/server/entry-server.js'];

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of readdirSync(entry)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

export function buildIsStale(root: string): boolean {
  const outputs = OUTPUTS.map((o) => path.join(root, o));
  if (outputs.some((o) => !existsSync(o))) return true;
  const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return SOURCES.some((s) => newest(path.join(root, s)) > built);
}
