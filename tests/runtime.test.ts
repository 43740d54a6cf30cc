import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The project runs on Node 24 LTS (decision 052): the `node` package in devDependencies puts its
// binary first on the PATH of every npm script, whatever Node the machine has.

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('the runtime', () => {
  it('is the Node 24 the project brings, which its engines field asks for', () => {
    expect(process.version).toMatch(/^v24\./);
    expect(pkg.devDependencies.node).toMatch(/^\^24\./);
    const [major, minor] = process.versions.node.split('.').map(Number);
    const [, wantMajor, wantMinor] = /^>=(\d+)\.(\d+)$/.exec(pkg.engines.node)!.map(Number);
    expect(major! > wantMajor! || (major === wantMajor && minor! >= wantMinor!)).toBe(true);
  });
});
