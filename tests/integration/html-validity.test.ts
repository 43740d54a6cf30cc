import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { loadBlog } from '../../src/renderer/blog-loader.ts';
import { LANGUAGES, PAGES, localePath } from '../../src/site.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// The W3C Nu HTML checker (vnu-jar, with the system's Java) over every page, human and crawler
// renders, in both languages: zero errors.

const run = promisify(execFile);
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;
// A short-lived checker: the JVM's first compiler only (C2's optimising compiler never pays back in a
// one-off run of a few seconds) halves the CPU it takes (32 pages, this 2-core machine: 4.7 s of CPU
// by default, 2.2 s with these flags; the same messages). C1's frames are larger, and the checker's
// schema recurses deep: it asks for a 512 KB stack at least, 8 MB leaves room.
const JAVA_FLAGS = ['-XX:TieredStopAtLevel=1', '-Xss8m'];

let app: App;
beforeAll(async () => {
  app = await testServer();
});

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

describe('HTML validity', () => {
  it('every page validates with the Nu HTML checker, for people and crawlers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'));
    const slugs = loadBlog()
      .summaries('en')
      .map((p) => `blog/${p.slug}`);
    const paths = [...PAGES.map((p) => p.path), ...slugs, 'blog?category=Legal', 'offline', 'no-such-page'];
    const files: string[] = [];
    for (const lang of LANGUAGES) {
      for (const p of paths) {
        for (const [kind, ua] of [
          ['human', HUMAN_UA],
          ['crawler', GPTBOT_UA],
        ] as const) {
          const res = await request(app).get(localePath(lang, p)).set('User-Agent', ua);
          const file = path.join(dir, `${lang}-${p.replace(/[/?=]/g, '_') || 'home'}-${kind}.html`);
          writeFileSync(file, res.text);
          files.push(file);
        }
      }
    }
    const bad = await request(app).get('/%');
    writeFileSync(path.join(dir, 'status-400.html'), bad.text);
    files.push(path.join(dir, 'status-400.html'));

    let output: string;
    try {
      output = (
        await run('java', [...JAVA_FLAGS, '-jar', vnuJar, '--format', 'json', '--errors-only', ...files], {
          maxBuffer: 64 * 1024 * 1024,
        })
      ).stderr;
    } catch (error) {
      output = (error as { stderr: string }).stderr;
    }
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
    const summary = errors.map(
      (m) => `${path.basename(m.url)}: ${m.message} [${(m.extract ?? '').slice(0, 80)}]`,
    );
    expect(summary, `${files.length} documents checked`).toEqual([]);
    expect(files.length).toBeGreaterThan(70);
  }, 180_000);
});
