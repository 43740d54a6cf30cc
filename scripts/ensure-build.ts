import { execSync } from 'node:child_process';
import { buildIsStale } from './build-state.ts';

// Builds the client and server bundles when dist/ is missing or older than the sources.
export function ensureBuild(root = process.cwd()): void {
  if (!buildIsStale(root)) return;
  console.log('Building the site (dist/ is missing or older than the sources)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
