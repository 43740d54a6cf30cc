import { execSync } from 'node:child_process';
import { buildIsStale } from './build-state.ts';

// Builds the client and server bundles when dist/ is missing or older than the sources.
export function ensureBuild(root = process.cwd()): void {
  if (!buildIsStale(root)) return;
  console.log('Building the site (dist/ is missing or older than the sources)...');
  // Vitest sets NODE_ENV=test; the bundles must be production ones whoever asks for them.
  execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
