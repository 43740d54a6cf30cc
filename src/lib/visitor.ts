import { isbot } from 'isbot';

// Visitor classification (design §2): a pure function of the user agent, shared by the server
// (logging, crawler rendering), the Tools page and GET /api/visitor.

export type BotCategory = 'training' | 'search' | 'social' | 'monitoring' | 'unknown';
export type BotPriority = 'high' | 'medium' | 'low';

export interface CrawlerEntry {
  /**
   * Token looked for anywhere in the user agent, case-insensitively, not glued to other letters or
   * digits ("GPTBot/1.2" and "(compatible; GPTBot)" match, "NotGPTBotX" does not). It is also the
   * robots.txt product token the site publishes rules for.
   */
  token: string;
  name: string;
  operator: string;
  category: BotCategory;
  priority: BotPriority;
  isAICrawler: boolean;
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

const ai = (
  token: string,
  name: string,
  operator: string,
  category: BotCategory,
  priority: BotPriority,
): CrawlerEntry => ({
  token,
  name,
  operator,
  category,
  priority,
  isAICrawler: true,
});
const classic = (
  token: string,
  name: string,
  operator: string,
  category: BotCategory,
  priority: BotPriority,
): CrawlerEntry => ({
  token,
  name,
  operator,
  category,
  priority,
  isAICrawler: false,
});

/**
 * The catalogue. Its order is the precedence when a user agent names several catalogue tokens: the
 * earliest entry wins, wherever the tokens sit in the string. Real agents rely on this:
 * - Prerender appends its token to a HeadlessChrome or PhantomJS agent, and Lighthouse runs in
 *   headless Chrome, so the generic engines (HeadlessChrome, PhantomJS) come last;
 * - Telegram's preview fetcher says "TelegramBot (like TwitterBot)", so TelegramBot comes before
 *   Twitterbot;
 * - Bing's AdIdxBot carries "bingbot.htm" in its URL, so adidxbot comes before bingbot.
 * Tokens that are prefixes of others (Googlebot / Googlebot-Image) need no particular order: at any
 * position the longest token is tried first.
 *
 * A few tokens are robots.txt product tokens only and never appear in a user agent (the operator
 * publishes no user-agent string for them): Google-Extended, Applebot-Extended and ChatGPT-Agent
 * (ChatGPT agent browses with an ordinary Chrome user agent and identifies itself with HTTP message
 * signatures instead). They are kept for robots.txt and ai.txt.
 */
export const CRAWLERS: readonly CrawlerEntry[] = [
  // OpenAI
  ai('GPTBot', 'GPTBot', 'OpenAI', 'training', 'high'),
  ai('OAI-SearchBot', 'OAI-SearchBot', 'OpenAI', 'search', 'high'),
  ai('ChatGPT-User', 'ChatGPT-User', 'OpenAI', 'search', 'high'),
  ai('ChatGPT-Agent', 'ChatGPT Agent', 'OpenAI', 'search', 'high'), // robots.txt token only
  // Anthropic
  ai('ClaudeBot', 'ClaudeBot', 'Anthropic', 'training', 'high'),
  ai('Claude-User', 'Claude-User', 'Anthropic', 'search', 'high'),
  ai('Claude-SearchBot', 'Claude-SearchBot', 'Anthropic', 'search', 'high'),
  ai('Claude-Web', 'Claude-Web', 'Anthropic', 'search', 'high'), // retired, still seen in logs
  ai('anthropic-ai', 'Anthropic AI', 'Anthropic', 'training', 'high'), // retired, still seen in logs
  // Perplexity
  ai('PerplexityBot', 'PerplexityBot', 'Perplexity', 'search', 'high'),
  ai('Perplexity-User', 'Perplexity-User', 'Perplexity', 'search', 'high'),
  // Google
  ai('Google-Extended', 'Google-Extended', 'Google', 'training', 'high'), // robots.txt token only
  ai('Google-CloudVertexBot', 'Google-CloudVertexBot', 'Google', 'training', 'medium'),
  ai('GoogleOther', 'GoogleOther', 'Google', 'training', 'medium'), // also GoogleOther-Image/-Video
  ai('Gemini-Deep-Research', 'Gemini Deep Research', 'Google', 'search', 'high'),
  classic('Googlebot-Image', 'Googlebot-Image', 'Google', 'search', 'medium'),
  classic('Googlebot', 'Googlebot', 'Google', 'search', 'high'), // also Googlebot-Video, -Mobile
  classic('Google-InspectionTool', 'Google Inspection Tool', 'Google', 'monitoring', 'medium'),
  classic('Storebot-Google', 'Storebot-Google', 'Google', 'search', 'low'),
  classic('AdsBot-Google', 'AdsBot-Google', 'Google', 'monitoring', 'low'), // also AdsBot-Google-Mobile
  // Microsoft
  classic('adidxbot', 'AdIdxBot', 'Microsoft', 'monitoring', 'low'),
  classic('bingbot', 'Bingbot', 'Microsoft', 'search', 'high'),
  classic('MicrosoftPreview', 'Microsoft link preview', 'Microsoft', 'social', 'low'),
  // Apple
  ai('Applebot-Extended', 'Applebot-Extended', 'Apple', 'training', 'medium'), // robots.txt token only
  classic('Applebot', 'Applebot', 'Apple', 'search', 'high'),
  // Meta
  ai('Meta-ExternalAgent', 'Meta-ExternalAgent', 'Meta', 'training', 'medium'),
  ai('Meta-ExternalFetcher', 'Meta-ExternalFetcher', 'Meta', 'search', 'medium'),
  ai('Meta-WebIndexer', 'Meta-WebIndexer', 'Meta', 'search', 'medium'),
  ai('FacebookBot', 'FacebookBot', 'Meta', 'training', 'medium'),
  classic('facebookexternalhit', 'Facebook link preview', 'Meta', 'social', 'medium'),
  // Amazon, ByteDance, Huawei, Common Crawl and other AI companies
  ai('Amazonbot', 'Amazonbot', 'Amazon', 'search', 'medium'),
  ai('Bytespider', 'Bytespider', 'ByteDance', 'training', 'low'),
  ai('TikTokSpider', 'TikTokSpider', 'ByteDance', 'training', 'low'),
  ai('CCBot', 'CCBot', 'Common Crawl', 'training', 'medium'),
  ai('cohere-ai', 'Cohere AI', 'Cohere', 'training', 'medium'),
  ai('cohere-training-data-crawler', 'Cohere training crawler', 'Cohere', 'training', 'medium'),
  ai('MistralAI-User', 'MistralAI-User', 'Mistral AI', 'search', 'high'),
  ai('DuckAssistBot', 'DuckAssistBot', 'DuckDuckGo', 'search', 'medium'),
  ai('YouBot', 'YouBot', 'You.com', 'search', 'medium'),
  ai('PhindBot', 'PhindBot', 'Phind', 'search', 'medium'),
  ai('Diffbot', 'Diffbot', 'Diffbot', 'training', 'low'),
  ai('AI2Bot', 'AI2Bot', 'Allen Institute for AI', 'training', 'low'),
  ai('Timpibot', 'Timpibot', 'Timpi', 'training', 'low'),
  ai('omgili', 'Omgili', 'Webz.io', 'training', 'low'),
  ai('ImagesiftBot', 'ImagesiftBot', 'ImageSift', 'training', 'low'),
  ai('PetalBot', 'PetalBot', 'Huawei', 'search', 'low'),
  ai('PanguBot', 'PanguBot', 'Huawei', 'training', 'low'),
  ai('kagi-fetcher', 'Kagi fetcher', 'Kagi', 'search', 'medium'),
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// One regular expression for the whole catalogue, scanned once over the user agent (it runs on
// every request). A token must not be glued to other letters or digits, so "Googlebot" does not
// match inside "NotGooglebotX" but does in "Googlebot/2.1", "(compatible; Googlebot)" or
// "Googlebot-Video". Longest tokens first, so that at one position "Googlebot-Image" wins over
// "Googlebot"; among the tokens found, the earliest catalogue entry wins (see CRAWLERS).
const CATALOGUE_PATTERN = new RegExp(
  `(?:^|[^a-z0-9])(${[...CRAWLERS]
    .map((c) => c.token)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?![a-z0-9])`,
  'gi',
);
const RANK_BY_TOKEN = new Map(CRAWLERS.map((c, index) => [c.token.toLowerCase(), index]));

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
const MAX_USER_AGENT_LENGTH = 1024;

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
