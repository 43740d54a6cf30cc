import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AI_AGENT_SAMPLES, WITHOUT_PUBLISHED_USER_AGENT } from '../fixtures/ai-user-agents.ts';
import { CRAWLER_SAMPLES } from '../fixtures/crawler-user-agents.ts';
import {
  AI_AGENT_COUNT,
  AI_CRAWLERS_CLAIM,
  CATEGORY_OF_KIND,
  CRAWLERS,
  classifyVisitor,
  type AiAgentKind,
  type BotCategory,
} from '../../src/lib/visitor.ts';
import { entryByToken, expectEntry } from '../support/visitor.ts';

// The crawler catalogue (src/lib/crawler-catalogue.ts, CRAWLERS in src/lib/visitor.ts): every entry
// fully described, the count the copy states, every token recognised, and a real user agent tested
// for every entry that has one (tests/lib/visitor.test.ts).

/**
 * Catalogue tokens for which the operator publishes no user-agent string: they exist for robots.txt
 * and ai.txt only (flagged robotsTxtOnly in the catalogue), so there is no real agent to test them
 * with. They are tested as tokens instead, below.
 */
const ROBOTS_TXT_ONLY: Record<string, string> = {
  'Google-Extended':
    'Google: a robots.txt control for Gemini training and grounding; crawling is done by Googlebot',
  'Applebot-Extended': 'Apple: a robots.txt control for training; crawling is done by Applebot',
  YandexAdditional:
    'Yandex: a robots.txt control for Yandex AI answers (YandexGPT); crawling is done by YandexBot',
  'ChatGPT-Agent':
    'OpenAI: ChatGPT agent browses with an ordinary Chrome agent and signs its requests instead',
  'ChatGPT Agent': 'OpenAI: the second spelling of the token above that ai.robots.txt has published',
};

const AI_AGENTS = CRAWLERS.filter((c) => c.isAICrawler);

/** Every string of a locale file as "en/home.json:stats.items.1.value"; a stat's value and label also as one phrase. */
function localeStrings(file: string): [where: string, text: string][] {
  const name = path.relative(path.resolve('src/i18n/locales'), file);
  const out: [string, string][] = [];
  const walk = (node: unknown, at: string): void => {
    if (typeof node === 'string') out.push([`${name}:${at}`, node]);
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}.${i}`));
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record.value === 'string' && typeof record.label === 'string')
        out.push([`${name}:${at} (value + label)`, `${record.value} ${record.label}`]);
      for (const [key, value] of Object.entries(record)) walk(value, at ? `${at}.${key}` : key);
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')), '');
  return out;
}

const LOCALE_FILES = ['en', 'fr'].flatMap((lang) =>
  readdirSync(path.resolve('src/i18n/locales', lang)).map((f) => path.resolve('src/i18n/locales', lang, f)),
);

/** The AI crawler count written in figures: "50+ AI crawlers", « plus de 50 robots d’IA ». */
const WRITTEN_CRAWLER_COUNT =
  /\d+\+?[\s\u00a0\u202f]+(?:AI crawlers|robots d’IA)|plus de \d+[\s\u00a0\u202f]+robots/iu;

const SAMPLED = new Set(AI_AGENT_SAMPLES.map(([token]) => token));

describe('catalogue', () => {
  it('has at least 40 agents, each fully described', () => {
    expect(CRAWLERS.length).toBeGreaterThanOrEqual(40);
    for (const c of CRAWLERS) {
      // Product tokens as published, a few with a space or a dot ("Kangaroo Bot", "bigsur.ai").
      expect(c.token, JSON.stringify(c)).toMatch(/^[A-Za-z0-9][A-Za-z0-9._ -]*[A-Za-z0-9]$/);
      expect(c.name.trim(), c.token).not.toBe('');
      expect(c.operator.trim(), c.token).not.toBe('');
      expect(['training', 'search', 'social', 'monitoring', 'unknown'], c.token).toContain(c.category);
      expect(['high', 'medium', 'low'], c.token).toContain(c.priority);
      expect(typeof c.isAICrawler, c.token).toBe('boolean');
    }
  });

  it('has no duplicate token, ignoring case (matching ignores case)', () => {
    const tokens = CRAWLERS.map((c) => c.token.toLowerCase());
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('covers AI, search, social and monitoring agents', () => {
    expect(AI_AGENTS.length).toBeGreaterThanOrEqual(20);
    for (const category of ['training', 'search', 'social', 'monitoring'] as const) {
      expect(
        CRAWLERS.some((c) => c.category === category),
        category,
      ).toBe(true);
    }
  });

  it("recognises at least 150 AI agents: ai.robots.txt's list and the agents operators document", () => {
    // Two spellings of one agent (ChatGPT-Agent and "ChatGPT Agent") share a name and count once.
    expect(AI_AGENT_COUNT).toBe(new Set(AI_AGENTS.map((c) => c.name)).size);
    expect(AI_AGENT_COUNT).toBeGreaterThanOrEqual(150);
    // The examples of agents the catalogue used to miss.
    for (const token of [
      'DeepSeekBot',
      'ExaBot',
      'FirecrawlAgent',
      'Kangaroo Bot',
      'Webzio-Extended',
      'Cloudflare-AutoRAG',
      'bedrockbot',
      'AzureAI-SearchBot',
      'atlassian-bot',
    ])
      expect(entryByToken.get(token), token).toMatchObject({ isAICrawler: true });
  });

  it('states the claim as the count rounded down to ten, never in figures in the copy', () => {
    expect(AI_CRAWLERS_CLAIM).toBe(Math.floor(AI_AGENT_COUNT / 10) * 10);
    expect(AI_CRAWLERS_CLAIM).toBeLessThanOrEqual(AI_AGENT_COUNT);
    expect(AI_CRAWLERS_CLAIM).toBeGreaterThan(AI_AGENT_COUNT - 10);
    const written = LOCALE_FILES.flatMap((file) =>
      localeStrings(file)
        .filter(([, text]) => WRITTEN_CRAWLER_COUNT.test(text))
        .map(([where, text]) => `${where}: ${text.slice(0, 80)}`),
    );
    expect(written).toEqual([]);
  });

  it('fills {{crawlers}} wherever the copy states the count, in both languages alike', () => {
    const uses = LOCALE_FILES.flatMap((file) =>
      localeStrings(file)
        .filter(([where, text]) => !where.endsWith('(value + label)') && text.includes('{{crawlers}}'))
        .map(([where]) => where),
    );
    const en = uses.filter((where) => where.startsWith('en/')).map((where) => where.slice(3));
    const fr = uses.filter((where) => where.startsWith('fr/')).map((where) => where.slice(3));
    expect(fr.sort()).toEqual(en.sort());
    expect(en).toContain('common.json:footer.badges.crawlers');
    // The footer badge, shown on every page, reads as the claim in each language.
    const badge = (lang: 'en' | 'fr') =>
      (
        JSON.parse(readFileSync(path.resolve(`src/i18n/locales/${lang}/common.json`), 'utf8')) as {
          footer: { badges: { crawlers: string } };
        }
      ).footer.badges.crawlers.replace('{{crawlers}}', String(AI_CRAWLERS_CLAIM));
    expect(badge('en')).toBe(`${AI_CRAWLERS_CLAIM}+ AI crawlers supported`);
    expect(badge('fr')).toBe(`Plus de ${AI_CRAWLERS_CLAIM}\u00a0robots d’IA pris en charge`);
  });

  it('gives every AI agent a kind consistent with its category, and a source', () => {
    const kinds: Record<AiAgentKind, BotCategory> = {
      training: 'training',
      'search-index': 'search',
      'user-fetch': 'search',
      agent: 'search',
    };
    expect(CATEGORY_OF_KIND).toEqual(kinds);
    for (const c of AI_AGENTS) {
      expect(Object.keys(kinds), c.token).toContain(c.kind);
      expect(c.category, c.token).toBe(kinds[c.kind!]);
      expect(c.source, c.token).toMatch(/^https:\/\/[^\s]+$/);
    }
    // Kinds describe AI agents only.
    for (const c of CRAWLERS.filter((entry) => !entry.isAICrawler)) expect(c.kind, c.token).toBeUndefined();
    // Each kind is represented.
    for (const kind of Object.keys(kinds))
      expect(
        AI_AGENTS.some((c) => c.kind === kind),
        kind,
      ).toBe(true);
  });

  it.each([
    // Search indexers: they build the index an assistant searches, ahead of any question.
    ['OAI-SearchBot', 'search-index'],
    ['PerplexityBot', 'search-index'],
    ['Claude-SearchBot', 'search-index'],
    ['Meta-WebIndexer', 'search-index'],
    ['Amzn-SearchBot', 'search-index'],
    ['MistralAI-Index', 'search-index'],
    // User-triggered fetchers: one page, because a person asked.
    ['ChatGPT-User', 'user-fetch'],
    ['Perplexity-User', 'user-fetch'],
    ['Claude-User', 'user-fetch'],
    ['MistralAI-User', 'user-fetch'],
    ['Meta-ExternalFetcher', 'user-fetch'],
    ['Amzn-User', 'user-fetch'],
    ['Kimi-User', 'user-fetch'],
    ['Google-GeminiNotebook', 'user-fetch'],
    ['Google-Pinpoint', 'user-fetch'],
    // Indexes built for one customer's assistant or search (Bedrock knowledge bases, AutoRAG, Rovo).
    ['bedrockbot', 'search-index'],
    ['Cloudflare-AutoRAG', 'search-index'],
    ['atlassian-bot', 'search-index'],
    // Agents acting on a person's behalf.
    ['ChatGPT-Agent', 'agent'],
    ['Google-Agent', 'agent'],
    // Training crawlers.
    ['GPTBot', 'training'],
    ['ClaudeBot', 'training'],
    ['Google-Extended', 'training'],
    ['Applebot-Extended', 'training'],
    ['Meta-ExternalAgent', 'training'],
    ['CCBot', 'training'],
    ['MistralAI-Training', 'training'],
  ] as const)('classifies %s as %s, as its operator documents', (token, kind) => {
    const entry = entryByToken.get(token);
    expect(entry).toMatchObject({
      isAICrawler: true,
      kind,
      category: kind === 'training' ? 'training' : 'search',
    });
  });

  it.each(CRAWLERS.filter((c) => c.inUserAgent !== 'never').map((c) => [c.token, c] as const))(
    'classifies its own token %s to itself',
    (token, entry) => {
      // A token that is an ordinary word counts only as a product with its version ("Code/1.96").
      if (entry.inUserAgent !== 'as-product') {
        expectEntry(classifyVisitor(token), entry);
        expectEntry(classifyVisitor(token.toUpperCase()), entry);
      }
      // ...in any case, with a version, and inside a Chrome-like agent, as assistants' fetchers send it.
      expectEntry(classifyVisitor(`${token.toUpperCase()}/1.0`), entry);
      expectEntry(classifyVisitor(`${token}/1.0`), entry);
      expectEntry(
        classifyVisitor(
          `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}/1.0; +https://example.com/) Chrome/131.0.0.0 Safari/537.36`,
        ),
        entry,
      );
    },
  );

  it('is tested below with a real user agent for every entry that has one', () => {
    const tested = new Set([...CRAWLER_SAMPLES.map(([token]) => token), ...SAMPLED]);
    const tokenOnly = { ...ROBOTS_TXT_ONLY, ...WITHOUT_PUBLISHED_USER_AGENT };
    const untested = CRAWLERS.map((c) => c.token).filter((t) => !tested.has(t) && !(t in tokenOnly));
    expect(untested).toEqual([]);
    for (const token of [...tested, ...Object.keys(tokenOnly)])
      expect(entryByToken.has(token), token).toBe(true);
    for (const token of Object.keys(tokenOnly)) expect(tested.has(token), token).toBe(false);
    // Tokens never looked for in a user agent have no sample to pass.
    for (const c of CRAWLERS.filter((entry) => entry.inUserAgent === 'never'))
      expect(tokenOnly, c.token).toHaveProperty([c.token]);
    // The list above is exactly the catalogue's robots.txt-only flag.
    expect(
      CRAWLERS.filter((c) => c.robotsTxtOnly)
        .map((c) => c.token)
        .sort(),
    ).toEqual(Object.keys(ROBOTS_TXT_ONLY).sort());
  });

  it.each(Object.keys(ROBOTS_TXT_ONLY))(
    'publishes the robots.txt-only token %s and recognises it if it ever appears',
    (token) => {
      const entry = entryByToken.get(token)!;
      expect(entry).toMatchObject({ isAICrawler: true, robotsTxtOnly: true });
      // The token is what robots.txt and ai.txt name; a request carrying it is attributed to it.
      expect(classifyVisitor(token)).toMatchObject({ isBot: true, isAICrawler: true, name: entry.name });
      // The crawler that actually fetches for Google and Apple is the ordinary search bot.
      if (token === 'Google-Extended')
        expect(classifyVisitor('Googlebot/2.1 (+http://www.google.com/bot.html)').name).toBe('Googlebot');
      if (token === 'Applebot-Extended')
        expect(
          classifyVisitor(
            'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
          ).name,
        ).toBe('Applebot');
    },
  );
});
