import { describe, expect, it } from 'vitest';
import { find, text, withRobots } from '../fixtures/audit-inputs.ts';

// The agent signals of 2026, each a check with evidence: content signals in robots.txt
// (contentsignals.org). Refusing training is the site's right; refusing answers is noted.

describe('content signals', () => {
  it('reports the choices stated for every crawler, and never holds ai-train=no against the site', () => {
    const input = withRobots(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n',
    );
    expect(find(input, 'contentSignals').status).toBe('pass');
    expect(text(input, 'contentSignals').evidence).toBe(
      'robots.txt states for every crawler (line 2): search=yes, ai-input=yes, ai-train=no.',
    );
  });

  it('notes a refusal of AI answers, and says nothing was stated when nothing was', () => {
    const refusing = withRobots('User-agent: *\nContent-Signal: search=yes, ai-input=no\n');
    expect(find(refusing, 'contentSignals').status).toBe('warning');
    expect(text(refusing, 'contentSignals', 'fr').recommendation).toContain('ai-input=no demande');
    const silent = withRobots('User-agent: *\nAllow: /\n');
    expect(find(silent, 'contentSignals').status).toBe('pass');
    expect(text(silent, 'contentSignals').evidence).toMatch(/states no content signal/);
  });

  it('tells signals for some crawlers only from signals for all, and names undefined signals', () => {
    const some = withRobots(
      'User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
    );
    expect(text(some, 'contentSignals').evidence).toMatch(/some crawlers only \(1 line\)/);
    const odd = withRobots('User-agent: *\nContent-Signal: search=yes, ai-summaries=no\n');
    expect(text(odd, 'contentSignals').evidence).toContain('ai-summaries');
  });
});
