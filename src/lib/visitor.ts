import { isbot } from 'isbot';
import { AI_AGENTS, type AiAgentKindName, type AiAgentRecord } from './crawler-catalogue.ts';

// Visitor classification: a pure function of the user agent, used by the server (logging, metrics,
// page renders and the Tools page's visitor card, robots.txt and ai.txt, GET /api/visitor). The
// browser imports types from here only: the catalogue never ships to it.

export type BotCategory = 'training' | 'search' | 'social' | 'monitoring' | 'unknown';
export type BotPriority = 'high' | 'medium' | 'low';

/**
 * What an AI agent does with a page, a finer split than its category, for the glossary, the FAQ and
 * the audit to draw on (category stays the coarse value the policy and the logs use):
 * - training: collects pages in bulk to train models or to build datasets that feed them (the
 *   "AI data scrapers" and data providers of ai.robots.txt; category 'training');
 * - search-index: builds the index an assistant searches when it answers (category 'search');
 * - user-fetch: fetches one page because a person asked the assistant to (category 'search');
 * - agent: browses and acts on sites on a person's behalf (category 'search').
 */
export type AiAgentKind = AiAgentKindName;

export interface CrawlerEntry {
  /**
   * Token looked for anywhere in the user agent, case-insensitively, not glued to other letters or
   * digits ("GPTBot/1.2" and "(compatible; GPTBot)" match, "NotGPTBotX" does not). It is also the
   * robots.txt product token the site publishes rules for. A few hold a space ("Kangaroo Bot"),
   * matched as written, spaces included.
   */
  token: string;
  name: string;
  operator: string;
  category: BotCategory;
  priority: BotPriority;
  isAICrawler: boolean;
  /** For AI agents: what the agent does with the page. Its category follows from it. */
  kind?: AiAgentKind;
  /**
   * Where the token, operator and purpose come from: the operator's own documentation, or the
   * ai.robots.txt project's list (github.com/ai-robots-txt/ai.robots.txt, robots.json) when the
   * operator publishes none. Every AI agent has one.
   */
  source?: string;
  /**
   * A robots.txt product token only: the operator publishes no user agent carrying it, so it is kept
   * for robots.txt and ai.txt and never expected in a request.
   */
  robotsTxtOnly?: boolean;
  /**
   * How a user agent must carry the token when the token is an ordinary word (it is published in
   * robots.txt and ai.txt either way): unset, anywhere, as above; 'as-product', only as a product
   * with its version ("Code/1.96", "Scrapy/2.11"), since the bare word turns up in addresses
   * ("code.google.com", "scrapy.org") and in other names; 'never', not looked for at all, the word
   * naming no one agent ("Spider" is in "Sogou web spider", "OpenAI" in every OpenAI agent's URL).
   */
  inUserAgent?: 'as-product' | 'never';
  /**
   * The free audit reads the audited site's robots.txt for this agent (src/server/audit/agents.ts),
   * by its category: blocking a search agent (an assistant's index or fetcher, or a search engine)
   * fails the audit, while a training crawler's access is reported as the site's choice. Marked on
   * the main agents of the largest assistants and search engines; the report names each by its
   * `name`, which for these is the token as its operator writes it.
   */
  audited?: true;
}

export interface VisitorProfile {
  isBot: boolean;
  isAICrawler: boolean;
  name: string;
  category: BotCategory | 'human';
  priority: BotPriority | 'none';
  crawlDelay: number;
  /** The user agent's operator when the catalogue knows it. */
  operator?: string;
}

/** The category an AI agent of each kind falls under: training crawlers apart, everything else helps search. */
export const CATEGORY_OF_KIND: Readonly<Record<AiAgentKind, BotCategory>> = Object.freeze({
  training: 'training',
  'search-index': 'search',
  'user-fetch': 'search',
  agent: 'search',
});

const ai = ({ name, kind, ...record }: AiAgentRecord): CrawlerEntry => ({
  ...record,
  name: name ?? record.token,
  category: CATEGORY_OF_KIND[kind],
  isAICrawler: true,
  kind,
});
const classic = (
  token: string,
  name: string,
  operator: string,
  category: BotCategory,
  priority: BotPriority,
  source?: string,
): CrawlerEntry => ({
  token,
  name,
  operator,
  category,
  priority,
  isAICrawler: false,
  ...(source ? { source } : {}),
});

/**
 * The catalogue: the AI agents of src/lib/crawler-catalogue.ts, then the search engines, social
 * previews and monitoring bots. Its order is the precedence when a user agent names several
 * catalogue tokens: the earliest entry wins, wherever the tokens sit in the string. Real agents rely
 * on this:
 * - Claude Code fetches as "Claude-User (claude-code/…)", so Claude-User comes before Claude-Code;
 * - Prerender appends its token to a HeadlessChrome or PhantomJS agent, and Lighthouse runs in
 *   headless Chrome, so the generic engines (HeadlessChrome, PhantomJS) come last;
 * - Telegram's preview fetcher says "TelegramBot (like TwitterBot)", so TelegramBot comes before
 *   Twitterbot;
 * - Bing's AdIdxBot carries "bingbot.htm" in its URL, so adidxbot comes before bingbot.
 * Tokens that are prefixes of others (Googlebot / Googlebot-Image, GoogleOther / GoogleOther-Image,
 * AI2Bot / Ai2Bot-Dolma, SemrushBot / SemrushBot-OCOB) need no particular order: at any position the
 * longest token is tried first.
 *
 * A few tokens are robots.txt product tokens only and never appear in a user agent (the operator
 * publishes no user-agent string for them), flagged robotsTxtOnly: Google-Extended,
 * Applebot-Extended, YandexAdditional (Google, Apple and Yandex crawl with their ordinary bots and
 * read these tokens as usage controls) and ChatGPT-Agent (ChatGPT agent browses with an ordinary
 * Chrome user agent and identifies itself with HTTP message signatures instead). They are kept for
 * robots.txt and ai.txt.
 */
export const CRAWLERS: readonly CrawlerEntry[] = [
  ...AI_AGENTS.map(ai),
  // Checks the landing pages of ads bought in ChatGPT; not an AI crawler in the catalogue's sense.
  classic(
    'OAI-AdsBot',
    'OAI-AdsBot',
    'OpenAI',
    'monitoring',
    'low',
    'https://developers.openai.com/api/docs/bots',
  ),
  // Google
  classic('Googlebot-Image', 'Googlebot-Image', 'Google', 'search', 'medium'),
  { ...classic('Googlebot', 'Googlebot', 'Google', 'search', 'high'), audited: true }, // also Googlebot-Video, -Mobile
  classic('Google-InspectionTool', 'Google Inspection Tool', 'Google', 'monitoring', 'medium'),
  classic('Storebot-Google', 'Storebot-Google', 'Google', 'search', 'low'),
  classic('AdsBot-Google', 'AdsBot-Google', 'Google', 'monitoring', 'low'), // also AdsBot-Google-Mobile
  // Microsoft
  classic('adidxbot', 'AdIdxBot', 'Microsoft', 'monitoring', 'low'),
  { ...classic('bingbot', 'Bingbot', 'Microsoft', 'search', 'high'), audited: true },
  classic('MicrosoftPreview', 'Microsoft link preview', 'Microsoft', 'social', 'low'),
  // Apple: ai.robots.txt lists Applebot among AI search crawlers; it is Apple's search crawler, whose
  // use for training is controlled by Applebot-Extended.
  { ...classic('Applebot', 'Applebot', 'Apple', 'search', 'high'), audited: true },
  // Meta
  classic('facebookexternalhit', 'Facebook link preview', 'Meta', 'social', 'medium'),
  // Classic search engines
  classic('DuckDuckBot', 'DuckDuckBot', 'DuckDuckGo', 'search', 'medium'),
  classic('YandexBot', 'YandexBot', 'Yandex', 'search', 'medium'),
  classic('YandexMobileBot', 'YandexMobileBot', 'Yandex', 'search', 'medium'),
  classic('YandexImages', 'YandexImages', 'Yandex', 'search', 'low'),
  classic('Baiduspider', 'Baiduspider', 'Baidu', 'search', 'low'),
  classic('Qwantbot', 'Qwantbot', 'Qwant', 'search', 'medium'),
  classic('Slurp', 'Yahoo Slurp', 'Yahoo', 'search', 'low'),
  classic('SeznamBot', 'SeznamBot', 'Seznam', 'search', 'low'),
  classic('MojeekBot', 'MojeekBot', 'Mojeek', 'search', 'low'),
  // Social previews
  classic('TelegramBot', 'TelegramBot', 'Telegram', 'social', 'low'), // "TelegramBot (like TwitterBot)"
  classic('Twitterbot', 'Twitterbot', 'X', 'social', 'medium'),
  classic('LinkedInBot', 'LinkedInBot', 'LinkedIn', 'social', 'medium'),
  classic('Slackbot', 'Slackbot', 'Slack', 'social', 'low'), // also Slackbot-LinkExpanding
  classic('Discordbot', 'Discordbot', 'Discord', 'social', 'low'),
  classic('WhatsApp', 'WhatsApp link preview', 'Meta', 'social', 'low'),
  classic('Pinterestbot', 'Pinterestbot', 'Pinterest', 'social', 'low'),
  classic('redditbot', 'Redditbot', 'Reddit', 'social', 'low'),
  classic('Embedly', 'Embedly', 'Embedly', 'social', 'low'),
  classic('vkShare', 'VK link preview', 'VK', 'social', 'low'),
  // SEO tools and monitoring
  classic('AhrefsBot', 'AhrefsBot', 'Ahrefs', 'monitoring', 'low'),
  classic('AhrefsSiteAudit', 'Ahrefs Site Audit', 'Ahrefs', 'monitoring', 'low'),
  classic('SemrushBot', 'SemrushBot', 'Semrush', 'monitoring', 'low'),
  classic('MJ12bot', 'MJ12bot', 'Majestic', 'monitoring', 'low'),
  classic('DotBot', 'DotBot', 'Moz', 'monitoring', 'low'),
  classic('UptimeRobot', 'UptimeRobot', 'UptimeRobot', 'monitoring', 'low'),
  classic('Pingdom', 'Pingdom', 'SolarWinds', 'monitoring', 'low'),
  classic('PingdomTMS', 'Pingdom', 'SolarWinds', 'monitoring', 'low'), // transaction checks, no "Pingdom" word of its own
  classic('StatusCake', 'StatusCake', 'StatusCake', 'monitoring', 'low'),
  classic('Site24x7', 'Site24x7', 'Zoho', 'monitoring', 'low'),
  classic('DatadogSynthetics', 'Datadog Synthetics', 'Datadog', 'monitoring', 'low'),
  classic('Chrome-Lighthouse', 'Lighthouse', 'Google', 'monitoring', 'low'),
  // Headless and prerender browsers: generic engines, so last (bots built on them name themselves)
  classic('Prerender', 'Prerender', 'Prerender.io', 'unknown', 'low'),
  classic('HeadlessChrome', 'Headless Chrome', 'Google', 'unknown', 'low'),
  classic('PhantomJS', 'PhantomJS', 'PhantomJS', 'unknown', 'low'),
];

/**
 * How many AI agents the catalogue recognises: its AI entries, two spellings of one agent (which
 * share a name) counted once. The site states it rounded down to ten, as AI_CRAWLERS_CLAIM.
 */
export const AI_AGENT_COUNT = new Set(CRAWLERS.filter((c) => c.isAICrawler).map((c) => c.name)).size;

/**
 * The AI crawler count the copy states ("{{crawlers}}+ AI crawlers supported", « plus de
 * {{crawlers}} robots d’IA »): AI_AGENT_COUNT rounded down to ten, so the claim stays true while the
 * catalogue grows and moves only by tens. Passed to the pages through the site context.
 */
export const AI_CRAWLERS_CLAIM = Math.floor(AI_AGENT_COUNT / 10) * 10;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// One regular expression for the whole catalogue, scanned once over the user agent (it runs on
// every request). A token must not be glued to other letters or digits, so "Googlebot" does not
// match inside "NotGooglebotX" but does in "Googlebot/2.1", "(compatible; Googlebot)" or
// "Googlebot-Video". Longest tokens first, so that at one position "Googlebot-Image" wins over
// "Googlebot"; among the tokens found, the earliest catalogue entry wins (see CRAWLERS). Tokens
// that are ordinary words are looked for as products only, or not at all (CrawlerEntry.inUserAgent).
const CATALOGUE_PATTERN = new RegExp(
  `(?:^|[^a-z0-9])(${CRAWLERS.filter((c) => c.inUserAgent !== 'never')
    .sort((a, b) => b.token.length - a.token.length)
    .map((c) => escapeRegExp(c.token) + (c.inUserAgent === 'as-product' ? '(?=/)' : ''))
    .join('|')})(?![a-z0-9])`,
  'gi',
);
const RANK_BY_TOKEN: ReadonlyMap<string, number> = new Map(
  CRAWLERS.map((c, index) => [c.token.toLowerCase(), index]),
);

function catalogueEntry(ua: string): CrawlerEntry | undefined {
  let best: number | undefined;
  // matchAll works on a copy of the pattern, so the shared global regex keeps no state.
  for (const hit of ua.matchAll(CATALOGUE_PATTERN)) {
    const rank = hit[1] === undefined ? undefined : RANK_BY_TOKEN.get(hit[1].toLowerCase());
    if (rank !== undefined && (best === undefined || rank < best)) best = rank;
    if (best === 0) break;
  }
  return best === undefined ? undefined : CRAWLERS[best];
}

const GENERIC_BOT = /bot|crawler|spider|scraper|agent/i;

/**
 * Pieces of real browsers' user agents that contain one of the generic words above and yet belong
 * to people. They are removed before the generic test (and before isbot), and nothing else is:
 * - "CUBOT": a phone brand ("Android 10; CUBOT X30", "CUBOT_X20_PRO Build/...", "Cubot Note 20");
 * - "AgentWeb/4.1.3": an Android WebView library that many apps' in-app browsers (mostly in
 *   China) append to the system WebView's agent, followed by a fake "UCBrowser/11.6.4.950".
 */
const HUMAN_FRAGMENTS = /(^|[^a-z0-9])(?:cubot(?![a-z0-9])|agentweb\/[\d.]+)/gi;

export function crawlDelayFor(profile: Pick<VisitorProfile, 'isBot' | 'category' | 'priority'>): number {
  if (!profile.isBot) return 1;
  if (profile.category === 'monitoring') return 5;
  if (profile.priority === 'high') return 1;
  return 2;
}

export const HUMAN: VisitorProfile = Object.freeze({
  isBot: false,
  isAICrawler: false,
  name: 'Human',
  category: 'human',
  priority: 'none',
  crawlDelay: 1,
});

function profileOf(entry: Omit<CrawlerEntry, 'token'>): VisitorProfile {
  const base = {
    isBot: true,
    isAICrawler: entry.isAICrawler,
    name: entry.name,
    category: entry.category,
    priority: entry.priority,
  };
  return { ...base, operator: entry.operator, crawlDelay: crawlDelayFor(base) };
}

const UNKNOWN_BOT = Object.freeze(
  profileOf({
    name: 'Unknown Bot',
    operator: 'unknown',
    category: 'unknown',
    priority: 'low',
    isAICrawler: false,
  }),
);

/** Longer user agents are cut before matching: real ones are a few hundred characters. */
export const MAX_USER_AGENT_LENGTH = 1024;

export function classifyVisitor(userAgent: string | undefined | null): VisitorProfile {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH);
  // A request without a user agent is a script, not a person.
  if (ua.trim() === '') return UNKNOWN_BOT;
  const entry = catalogueEntry(ua);
  if (entry) return profileOf(entry);
  // isbot also counts curl, wget and scripting libraries (python-requests, Go-http-client, axios...).
  const rest = ua.replace(HUMAN_FRAGMENTS, '$1');
  if (GENERIC_BOT.test(rest) || isbot(rest)) return UNKNOWN_BOT;
  return HUMAN;
}
