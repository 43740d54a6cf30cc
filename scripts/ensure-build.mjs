// Builds the client and server bundles when dist/ is missing or older than anything it is built
// from. Plain JavaScript so `npm start` needs no TypeScript loader.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCES = [
  'src',
  'public',
  'content',
  'server.ts',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];
const OUTPUTS = ['dist/client/.vite/manifest.json', 'dist/server/renderer.js', 'dist/server/server.js'];

/** @param {string} entry */
function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of readdirSync(entry)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

/** @param {string} root */
export function buildIsStale(root) {
  const outputs = OUTPUTS.map((o) => path.join(root, o));
  if (outputs.some((o) => !existsSync(o))) return true;
  const built = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  return SOURCES.some((s) => newest(path.join(root, s)) > built);
}

export function ensureBuild(root = process.cwd()) {
  if (!buildIsStale(root)) return;
  console.log('Building the site (dist/ is missing or older than the sources)...');
  // Vitest sets NODE_ENV=test; the bundles must be production ones whoever asks for them.
  execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) ensureBuild();
