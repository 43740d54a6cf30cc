import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The guides name files a newcomer will open: each one must exist (placeholders such as {id} aside).
const GUIDES = ['docs/architecture.md', 'CONTRIBUTING.md', 'docs/decisions/README.md'];
const PATH =
  /(?:^|[\s`(])((?:src|tests|scripts|content|supabase|docs|public)\/[\w./-]*[\w/]|server\.ts|eslint\.config\.js)/g;

/** Relative Markdown links, resolved from the guide's folder. */
const LINK = /\]\((?!https?:|#|mailto:)([^)#\s]+)/g;

function pathsIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(PATH)) if (!match[1]!.includes('{')) found.add(match[1]!);
  for (const match of text.matchAll(LINK))
    found.add(path.relative('.', path.join(path.dirname(file), match[1]!)));
  return [...found];
}

describe('the guides name files that exist', () => {
  it.each(GUIDES)('%s', (guide) => {
    const base = guide.startsWith('docs/decisions/') ? 'docs/decisions/' : '';
    const paths = pathsIn(guide);
    expect(paths.length).toBeGreaterThan(0);
    const missing = paths.filter((p) => !existsSync(p) && !existsSync(base + p));
    expect(missing).toEqual([]);
  });
});
