import { isbot } from 'isbot';

// Visitor classification (design §2): a pure function of the user agent, shared by the server
// (logging, crawler rendering), the Tools page and GET /api/visitor.

export type BotCategory = 'training' | 'search' | 'social' | 'monitoring' | 'unknown';
export type BotPriority = 'high' | 'medium' | 'low';

export interface CrawlerEntry {
  /** Token looked for anywhere in the user agent, case-insensitively, on word boundaries. */
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

const ai = (token: string, name: string, operator: string, category: BotCategory, priority: BotPriority): CrawlerEntry => ({
  token, name, operator, category, priority, isAICrawler: true,
});
const classic = (token: string, name: string, operator: string, category: BotCategory, priority: BotPriority): CrawlerEntry => ({
  token, name, operator, category, priority, isAICrawler: false,
});

/**
 * The catalogue, most specific tokens first (e.g. `Googlebot-Image` before `Googlebot`,
 * `ChatGPT-User` before nothing else contains it). Matching stops at the first hit.
 */
export const CRAWLERS: readonly CrawlerEntry[] = [
  // OpenAI
  ai('GPTBot', 'GPTBot', 'OpenAI', 'training', 'high'),
  ai('OAI-SearchBot', 'OAI-SearchBot', 'OpenAI', 'search', 'high'),
  ai('ChatGPT-User', 'ChatGPT-User', 'OpenAI', 'search', 'high'),
  ai('ChatGPT-Agent', 'ChatGPT Agent', 'OpenAI', 'search', 'high'),
  // Anthropic
  ai('ClaudeBot', 'ClaudeBot', 'Anthropic', 'training', 'high'),
  ai('Claude-User', 'Claude-User', 'Anthropic', 'search', 'high'),
  ai('Claude-SearchBot', 'Claude-SearchBot', 'Anthropic', 'search', 'high'),
  ai('Claude-Web', 'Claude-Web', 'Anthropic', 'search', 'high'),
  ai('anthropic-ai', 'Anthropic AI', 'Anthropic', 'training', 'high'),
  // Perplexity
  ai('PerplexityBot', 'PerplexityBot', 'Perplexity', 'search', 'high'),
  ai('Perplexity-User', 'Perplexity-User', 'Perplexity', 'search', 'high'),
  // Google
  ai('Google-Extended', 'Google-Extended', 'Google', 'training', 'high'),
  ai('Google-CloudVertexBot', 'Google-CloudVertexBot', 'Google', 'training', 'medium'),
  ai('GoogleOther', 'GoogleOther', 'Google', 'training', 'medium'),
  classic('Googlebot-Image', 'Googlebot-Image', 'Google', 'search', 'medium'),
  classic('Googlebot', 'Googlebot', 'Google', 'search', 'high'),
  classic('Google-InspectionTool', 'Google Inspection Tool', 'Google', 'monitoring', 'medium'),
  classic('Storebot-Google', 'Storebot-Google', 'Google', 'search', 'low'),
  // Microsoft
  classic('bingbot', 'Bingbot', 'Microsoft', 'search', 'high'),
  // Apple
  ai('Applebot-Extended', 'Applebot-Extended', 'Apple', 'training', 'medium'),
  classic('Applebot', 'Applebot', 'Apple', 'search', 'high'),
  // Meta
  ai('Meta-ExternalAgent', 'Meta-ExternalAgent', 'Meta', 'training', 'medium'),
  ai('Meta-ExternalFetcher', 'Meta-ExternalFetcher', 'Meta', 'search', 'medium'),
  ai('FacebookBot', 'FacebookBot', 'Meta', 'training', 'medium'),
  classic('facebookexternalhit', 'Facebook link preview', 'Meta', 'social', 'medium'),
  // Amazon, ByteDance, Common Crawl and other AI companies
  ai('Amazonbot', 'Amazonbot', 'Amazon', 'search', 'medium'),
  ai('Bytespider', 'Bytespider', 'ByteDance', 'training', 'low'),
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
  ai('kagi-fetcher', 'Kagi fetcher', 'Kagi', 'search', 'medium'),
  // Classic search engines
  classic('DuckDuckBot', 'DuckDuckBot', 'DuckDuckGo', 'search', 'medium'),
  classic('YandexBot', 'YandexBot', 'Yandex', 'search', 'medium'),
  classic('Baiduspider', 'Baiduspider', 'Baidu', 'search', 'low'),
  classic('Qwantbot', 'Qwantbot', 'Qwant', 'search', 'medium'),
  classic('Slurp', 'Yahoo Slurp', 'Yahoo', 'search', 'low'),
  classic('SeznamBot', 'SeznamBot', 'Seznam', 'search', 'low'),
  // Social previews
  classic('Twitterbot', 'Twitterbot', 'X', 'social', 'medium'),
  classic('LinkedInBot', 'LinkedInBot', 'LinkedIn', 'social', 'medium'),
  classic('Slackbot', 'Slackbot', 'Slack', 'social', 'low'),
  classic('Discordbot', 'Discordbot', 'Discord', 'social', 'low'),
  classic('TelegramBot', 'TelegramBot', 'Telegram', 'social', 'low'),
  classic('WhatsApp', 'WhatsApp link preview', 'Meta', 'social', 'low'),
  classic('Pinterestbot', 'Pinterestbot', 'Pinterest', 'social', 'low'),
  // SEO tools and monitoring
  classic('AhrefsBot', 'AhrefsBot', 'Ahrefs', 'monitoring', 'low'),
  classic('SemrushBot', 'SemrushBot', 'Semrush', 'monitoring', 'low'),
  classic('MJ12bot', 'MJ12bot', 'Majestic', 'monitoring', 'low'),
  classic('DotBot', 'DotBot', 'Moz', 'monitoring', 'low'),
  classic('UptimeRobot', 'UptimeRobot', 'UptimeRobot', 'monitoring', 'low'),
  classic('Pingdom', 'Pingdom', 'SolarWinds', 'monitoring', 'low'),
  classic('Chrome-Lighthouse', 'Lighthouse', 'Google', 'monitoring', 'low'),
  // Headless and prerender browsers
  classic('HeadlessChrome', 'Headless Chrome', 'Google', 'unknown', 'low'),
  classic('Prerender', 'Prerender', 'Prerender.io', 'unknown', 'low'),
  classic('PhantomJS', 'PhantomJS', 'PhantomJS', 'unknown', 'low'),
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// One pass over the user agent for the whole catalogue; a token must not be glued to other
// letters or digits, so "Googlebot" does not match inside "NotGooglebotX" but does in "Googlebot/2.1".
const CATALOGUE_PATTERN = new RegExp(
  `(?:^|[^a-z0-9])(${CRAWLERS.map((c) => escapeRegExp(c.token)).join('|')})(?![a-z0-9])`,
  'i',
);
const BY_TOKEN = new Map(CRAWLERS.map((c) => [c.token.toLowerCase(), c]));
const GENERIC_BOT = /bot|crawler|spider|scraper|agent/i;

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
  const base = { isBot: true, isAICrawler: entry.isAICrawler, name: entry.name, category: entry.category, priority: entry.priority };
  return { ...base, operator: entry.operator, crawlDelay: crawlDelayFor(base) };
}

const UNKNOWN_BOT = Object.freeze(
  profileOf({ name: 'Unknown Bot', operator: 'unknown', category: 'unknown', priority: 'low', isAICrawler: false }),
);

export function classifyVisitor(userAgent: string | undefined | null): VisitorProfile {
  const ua = (userAgent ?? '').slice(0, 1024);
  const hit = CATALOGUE_PATTERN.exec(ua);
  if (hit?.[1]) {
    const entry = BY_TOKEN.get(hit[1].toLowerCase());
    if (entry) return profileOf(entry);
  }
  // isbot also counts an empty user agent, curl and scripting libraries as bots.
  if (GENERIC_BOT.test(ua) || isbot(ua) || ua.trim() === '') return UNKNOWN_BOT;
  return HUMAN;
}
