import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTAINER_ENV, CONTAINER_FLAGS } from '../support/server-process.ts';

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

  it("come with the Dockerfile's memory settings in the environment, which the benches use too", () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    // The runtime stage's ENV instruction, its continuation lines joined.
    const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile.split(/^FROM .* AS runtime$/m)[1] ?? '')?.[1] ?? '';
    const pairs = Object.fromEntries(
      env
        .split(/\\\n|\s+/)
        .filter((part) => part.includes('='))
        .map((part) => part.split('=') as [string, string]),
    );
    for (const [name, value] of Object.entries(CONTAINER_ENV)) expect(pairs[name], name).toBe(value);
  });
});
