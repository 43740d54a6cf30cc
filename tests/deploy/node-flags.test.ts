import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTAINER_FLAGS } from '../support/server-process.ts';

// The server runs with the same Node flags in its container and under `npm start`, and the process
// tests and the benches use those (decisions 009, 075): a change to one is a change to all.

describe('the Node flags of the production process', () => {
  it('are the same in the Dockerfile, npm start and the process tests', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...CONTAINER_FLAGS, 'dist/server/server.js']);
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts.start;
    expect(start).toBe(['node', ...CONTAINER_FLAGS, 'scripts/start.mjs'].join(' '));
  });
});
