import { describe, expect, it } from 'vitest';
import { AI_AGENT_SAMPLES } from '../fixtures/ai-user-agents.ts';
import { BROWSER_SAMPLES } from '../fixtures/browser-user-agents.ts';
import { CRAWLER_SAMPLES } from '../fixtures/crawler-user-agents.ts';
import { CATEGORY_OF_KIND, HUMAN, classifyVisitor, crawlDelayFor } from '../../src/lib/visitor.ts';
import { entryByToken, expectEntry, specDelay } from '../support/visitor.ts';

// The visitor classifier (people, search crawlers, AI crawlers by category), tested on real
// user agents (tests/fixtures/crawler-user-agents.ts, browser-user-agents.ts): the strings are the ones the operators publish (the page named above each group)
// or that their agents send as recorded by well-known references (monperrus/crawler-user-agents,
// named where used), with only version numbers of the embedded Chrome (W.X.Y.Z in the docs) filled in.
// The agents the catalogue gained from ai.robots.txt have theirs in tests/fixtures/ai-user-agents.ts.
// The catalogue itself is tested in tests/lib/crawler-catalogue.test.ts, odd and hostile user agents
// in tests/lib/visitor-edge-cases.test.ts.

const SAMPLED = new Set(AI_AGENT_SAMPLES.map(([token]) => token));

describe('real crawler user agents', () => {
  it.each(CRAWLER_SAMPLES)('%s → %s (%s, %s, AI %s): %s', (token, name, category, priority, ai, ua) => {
    const entry = entryByToken.get(token);
    expect(entry, `no catalogue entry ${token}`).toBeDefined();
    // The row states the expected profile independently of the catalogue...
    expect(classifyVisitor(ua)).toEqual({
      isBot: true,
      isAICrawler: ai,
      name,
      category,
      priority,
      operator: entry!.operator,
      crawlDelay: specDelay(category, priority),
    });
    // ...and the catalogue entry agrees with it.
    expect(entry).toMatchObject({ name, category, priority, isAICrawler: ai });
  });

  it('gives the spec crawl delays: 1 for high-priority AI fetchers, 2 otherwise, 5 for monitoring', () => {
    expect(
      classifyVisitor(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
      ).crawlDelay,
    ).toBe(1);
    expect(classifyVisitor('CCBot/2.0 (https://commoncrawl.org/faq/)').crawlDelay).toBe(2);
    expect(classifyVisitor('Twitterbot/1.0').crawlDelay).toBe(2);
    expect(
      classifyVisitor('Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)').crawlDelay,
    ).toBe(5);
    // Monitoring wins over priority: the Inspection Tool is medium priority and still gets 5.
    expect(classifyVisitor('Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)').crawlDelay).toBe(5);
  });
});

describe('AI agents new to the catalogue, on the user agents they publish', () => {
  it('has a sample for most of them', () => {
    expect(AI_AGENT_SAMPLES.length).toBeGreaterThanOrEqual(50);
    // Tokens with a space or a dot are matched as written.
    for (const token of ['Kangaroo Bot', 'Linguee Bot', 'Sidetrade indexer bot', 'bigsur.ai'])
      expect(SAMPLED, token).toContain(token);
  });

  it.each(AI_AGENT_SAMPLES)('%s: %s', (token, ua) => {
    const entry = entryByToken.get(token);
    expect(entry, `no catalogue entry ${token}`).toBeDefined();
    expect(entry!.isAICrawler).toBe(true);
    expect(entry!.category).toBe(CATEGORY_OF_KIND[entry!.kind!]);
    expectEntry(classifyVisitor(ua), entry!);
  });
});

describe('real browsers stay human', () => {
  it('has a broad set of browsers', () => {
    expect(BROWSER_SAMPLES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(BROWSER_SAMPLES)('%s', (_label, ua) => {
    const profile = classifyVisitor(ua);
    expect(profile).toEqual(HUMAN);
    expect(profile.isBot).toBe(false);
    expect(profile.category).toBe('human');
    expect(profile.crawlDelay).toBe(1);
  });
});

describe('crawlDelayFor and HUMAN', () => {
  it('follows the spec: 1 for humans, 5 for monitoring, 1 for high priority, 2 otherwise', () => {
    expect(crawlDelayFor({ isBot: false, category: 'human', priority: 'none' })).toBe(1);
    expect(crawlDelayFor({ isBot: true, category: 'monitoring', priority: 'high' })).toBe(5);
    expect(crawlDelayFor({ isBot: true, category: 'monitoring', priority: 'low' })).toBe(5);
    expect(crawlDelayFor({ isBot: true, category: 'training', priority: 'high' })).toBe(1);
    expect(crawlDelayFor({ isBot: true, category: 'search', priority: 'medium' })).toBe(2);
    expect(crawlDelayFor({ isBot: true, category: 'unknown', priority: 'low' })).toBe(2);
  });

  it('describes a person', () => {
    expect(HUMAN).toEqual({
      isBot: false,
      isAICrawler: false,
      name: 'Human',
      category: 'human',
      priority: 'none',
      crawlDelay: 1,
    });
    expect(Object.isFrozen(HUMAN)).toBe(true);
  });
});
