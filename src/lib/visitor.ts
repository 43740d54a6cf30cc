import { isbot } from 'isbot';

// Visitor classification: a pure function of the user agent, shared by the server
// (logging, crawler rendering), the Tools page and GET /api/visitor.

export type BotCategory = 'training' | 'search' | 'social' | 'monitoring' | 'unknown';
export type BotPriority = 'high' | 'medium' | 'low';

/**
 * What an AI agent does with a page, a finer split than its category, for the glossary, the FAQ and
 * the audit to draw on (category stays the coarse value the policy and the logs use):
 * - training: collects pages to train models (category 'training');
 * - search-index: builds the index an assistant searches when it answers (category 'search');
 * - user-fetch: fetches one page because a person asked the assistant to (category 'search');
 * - agent: browses and acts on sites on a person's behalf (category 'search').
 */
export type AiAgentKind = 'training' | 'search-index' | 'user-fetch' | 'agent';

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

const ai = (
  token: string,
  name: string,
  operator: string,
  kind: AiAgentKind,
  priority: BotPriority,
  source: string,
  options: { robotsTxtOnly?: true } = {},
): CrawlerEntry => ({
  token,
  name,
  operator,
  category: CATEGORY_OF_KIND[kind],
  priority,
  isAICrawler: true,
  kind,
  source,
  ...options,
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

// Sources: the operators' crawler documentation, or ai.robots.txt's robots.json (operator, function,
// respect, frequency per agent) when the operator documents nothing.
const AI_ROBOTS_TXT = 'https://github.com/ai-robots-txt/ai.robots.txt';
const OPENAI = 'https://developers.openai.com/api/docs/bots';
const ANTHROPIC =
  'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler';
const PERPLEXITY = 'https://docs.perplexity.ai/guides/bots';
const GOOGLE_COMMON = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
const GOOGLE_USER_TRIGGERED =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';
const APPLE = 'https://support.apple.com/en-us/119829';
const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers';
const AMAZON = 'https://developer.amazon.com/amazonbot';
const MISTRAL = 'https://docs.mistral.ai/robots';
const KIMI = 'https://www.kimi.com/policies/kimi-crawlers';
const AI2 = 'https://allenai.org/crawler';

/**
 * The catalogue. Its order is the precedence when a user agent names several catalogue tokens: the
 * earliest entry wins, wherever the tokens sit in the string. Real agents rely on this:
 * - Prerender appends its token to a HeadlessChrome or PhantomJS agent, and Lighthouse runs in
 *   headless Chrome, so the generic engines (HeadlessChrome, PhantomJS) come last;
 * - Telegram's preview fetcher says "TelegramBot (like TwitterBot)", so TelegramBot comes before
 *   Twitterbot;
 * - Bing's AdIdxBot carries "bingbot.htm" in its URL, so adidxbot comes before bingbot.
 * Tokens that are prefixes of others (Googlebot / Googlebot-Image, GoogleOther / GoogleOther-Image,
 * AI2Bot / Ai2Bot-Dolma) need no particular order: at any position the longest token is tried first.
 *
 * A few tokens are robots.txt product tokens only and never appear in a user agent (the operator
 * publishes no user-agent string for them), flagged robotsTxtOnly: Google-Extended,
 * Applebot-Extended, YandexAdditional (Google, Apple and Yandex crawl with their ordinary bots and
 * read these tokens as usage controls) and ChatGPT-Agent (ChatGPT agent browses with an ordinary
 * Chrome user agent and identifies itself with HTTP message signatures instead). They are kept for
 * robots.txt and ai.txt.
 */
export const CRAWLERS: readonly CrawlerEntry[] = [
  // OpenAI
  ai('GPTBot', 'GPTBot', 'OpenAI', 'training', 'high', OPENAI),
  ai('OAI-SearchBot', 'OAI-SearchBot', 'OpenAI', 'search-index', 'high', OPENAI),
  ai('ChatGPT-User', 'ChatGPT-User', 'OpenAI', 'user-fetch', 'high', OPENAI),
  ai('ChatGPT-Agent', 'ChatGPT Agent', 'OpenAI', 'agent', 'high', AI_ROBOTS_TXT, { robotsTxtOnly: true }),
  // Checks the landing pages of ads bought in ChatGPT; not an AI crawler in the catalogue's sense.
  classic('OAI-AdsBot', 'OAI-AdsBot', 'OpenAI', 'monitoring', 'low', OPENAI),
  // Anthropic
  ai('ClaudeBot', 'ClaudeBot', 'Anthropic', 'training', 'high', ANTHROPIC),
  ai('Claude-User', 'Claude-User', 'Anthropic', 'user-fetch', 'high', ANTHROPIC),
  ai('Claude-SearchBot', 'Claude-SearchBot', 'Anthropic', 'search-index', 'high', ANTHROPIC),
  ai('Claude-Web', 'Claude-Web', 'Anthropic', 'user-fetch', 'high', AI_ROBOTS_TXT), // retired, still seen in logs
  ai('anthropic-ai', 'Anthropic AI', 'Anthropic', 'training', 'high', AI_ROBOTS_TXT), // retired, still seen in logs
  // Perplexity
  ai('PerplexityBot', 'PerplexityBot', 'Perplexity', 'search-index', 'high', PERPLEXITY),
  ai('Perplexity-User', 'Perplexity-User', 'Perplexity', 'user-fetch', 'high', PERPLEXITY),
  // Google
  ai('Google-Extended', 'Google-Extended', 'Google', 'training', 'high', GOOGLE_COMMON, {
    robotsTxtOnly: true,
  }),
  ai('Google-CloudVertexBot', 'Google-CloudVertexBot', 'Google', 'training', 'medium', GOOGLE_COMMON),
  ai('GoogleOther', 'GoogleOther', 'Google', 'training', 'medium', GOOGLE_COMMON),
  ai('GoogleOther-Image', 'GoogleOther-Image', 'Google', 'training', 'medium', GOOGLE_COMMON),
  ai('GoogleOther-Video', 'GoogleOther-Video', 'Google', 'training', 'medium', GOOGLE_COMMON),
  ai('Gemini-Deep-Research', 'Gemini Deep Research', 'Google', 'user-fetch', 'high', GOOGLE_USER_TRIGGERED),
  ai('Google-Agent', 'Google-Agent', 'Google', 'agent', 'high', GOOGLE_USER_TRIGGERED),
  ai('GoogleAgent-Mariner', 'Project Mariner', 'Google', 'agent', 'medium', AI_ROBOTS_TXT),
  ai('Google-GeminiNotebook', 'Gemini Notebook', 'Google', 'user-fetch', 'medium', GOOGLE_USER_TRIGGERED),
  // NotebookLM's former agent, replaced by Google-GeminiNotebook and still seen in logs.
  ai('Google-NotebookLM', 'NotebookLM', 'Google', 'user-fetch', 'medium', GOOGLE_USER_TRIGGERED),
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
  ai('Applebot-Extended', 'Applebot-Extended', 'Apple', 'training', 'medium', APPLE, { robotsTxtOnly: true }),
  classic('Applebot', 'Applebot', 'Apple', 'search', 'high'),
  // Meta
  ai('Meta-ExternalAgent', 'Meta-ExternalAgent', 'Meta', 'training', 'medium', META),
  ai('Meta-ExternalFetcher', 'Meta-ExternalFetcher', 'Meta', 'user-fetch', 'medium', META),
  ai('Meta-WebIndexer', 'Meta-WebIndexer', 'Meta', 'search-index', 'medium', META),
  ai('FacebookBot', 'FacebookBot', 'Meta', 'training', 'medium', META),
  classic('facebookexternalhit', 'Facebook link preview', 'Meta', 'social', 'medium'),
  // Amazon: Amazonbot's crawl may train Amazon's models; Amzn-SearchBot and Amzn-User do not.
  ai('Amazonbot', 'Amazonbot', 'Amazon', 'training', 'medium', AMAZON),
  ai('Amzn-SearchBot', 'Amzn-SearchBot', 'Amazon', 'search-index', 'medium', AMAZON),
  ai('Amzn-User', 'Amzn-User', 'Amazon', 'user-fetch', 'medium', AMAZON),
  // Mistral
  ai('MistralAI-User', 'MistralAI-User', 'Mistral AI', 'user-fetch', 'high', MISTRAL),
  ai('MistralAI-Index', 'MistralAI-Index', 'Mistral AI', 'search-index', 'medium', MISTRAL),
  ai('MistralAI-Training', 'MistralAI-Training', 'Mistral AI', 'training', 'medium', MISTRAL),
  // Moonshot AI (Kimi)
  ai('KimiBot', 'KimiBot', 'Moonshot AI', 'training', 'low', KIMI),
  ai('Kimi-SearchBot', 'Kimi-SearchBot', 'Moonshot AI', 'search-index', 'medium', KIMI),
  ai('Kimi-User', 'Kimi-User', 'Moonshot AI', 'user-fetch', 'medium', KIMI),
  // ByteDance, Huawei, Yandex, Common Crawl and other AI companies
  ai('Bytespider', 'Bytespider', 'ByteDance', 'training', 'low', AI_ROBOTS_TXT),
  ai('TikTokSpider', 'TikTokSpider', 'ByteDance', 'training', 'low', AI_ROBOTS_TXT),
  ai('CCBot', 'CCBot', 'Common Crawl', 'training', 'medium', 'https://commoncrawl.org/ccbot'),
  ai('cohere-ai', 'Cohere AI', 'Cohere', 'user-fetch', 'medium', AI_ROBOTS_TXT),
  ai(
    'cohere-training-data-crawler',
    'Cohere training crawler',
    'Cohere',
    'training',
    'medium',
    AI_ROBOTS_TXT,
  ),
  ai(
    'DuckAssistBot',
    'DuckAssistBot',
    'DuckDuckGo',
    'user-fetch',
    'medium',
    'https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot',
  ),
  ai('YouBot', 'YouBot', 'You.com', 'search-index', 'medium', 'https://about.you.com/youbot/'),
  ai('PhindBot', 'PhindBot', 'Phind', 'user-fetch', 'medium', AI_ROBOTS_TXT),
  ai('kagi-fetcher', 'Kagi fetcher', 'Kagi', 'user-fetch', 'medium', AI_ROBOTS_TXT),
  ai(
    'YandexAdditional',
    'YandexAdditional',
    'Yandex',
    'search-index',
    'medium',
    'https://yandex.ru/support/webmaster/en/search-appearance/fast',
    { robotsTxtOnly: true },
  ),
  ai(
    'PetalBot',
    'PetalBot',
    'Huawei',
    'search-index',
    'low',
    'https://webmaster.petalsearch.com/site/petalbot',
  ),
  ai('PanguBot', 'PanguBot', 'Huawei', 'training', 'low', AI_ROBOTS_TXT),
  ai('Diffbot', 'Diffbot', 'Diffbot', 'training', 'low', AI_ROBOTS_TXT),
  ai('AI2Bot', 'AI2Bot', 'Allen Institute for AI', 'training', 'low', AI2),
  ai('Ai2Bot-Dolma', 'Ai2Bot-Dolma', 'Allen Institute for AI', 'training', 'low', AI2),
  ai('Timpibot', 'Timpibot', 'Timpi', 'training', 'low', AI_ROBOTS_TXT),
  ai(
    'omgili',
    'Omgili',
    'Webz.io',
    'training',
    'low',
    'https://webz.io/blog/web-data/what-is-the-omgili-bot-and-why-is-it-crawling-your-website/',
  ),
  ai('ImagesiftBot', 'ImagesiftBot', 'ImageSift', 'training', 'low', 'https://imagesift.com/about'),
  ai(
    'Cotoyogi',
    'Cotoyogi',
    'ROIS (Japan)',
    'training',
    'low',
    'https://ds.rois.ac.jp/en_center8/en_crawler/',
  ),
  ai(
    'SBIntuitionsBot',
    'SBIntuitionsBot',
    'SB Intuitions',
    'training',
    'low',
    'https://www.sbintuitions.co.jp/en/bot/',
  ),
  ai(
    'ICC-Crawler',
    'ICC-Crawler',
    'NICT (Japan)',
    'training',
    'low',
    'https://ucri.nict.go.jp/en/icccrawler.html',
  ),
  ai('Brightbot', 'Brightbot', 'Bright Data', 'training', 'low', 'https://brightdata.com/brightbot'),
  ai(
    'TerraCotta',
    'TerraCotta',
    'Ceramic AI',
    'training',
    'low',
    'https://github.com/CeramicTeam/CeramicTerracotta',
  ),
  ai('aiHitBot', 'aiHitBot', 'aiHit', 'training', 'low', 'https://www.aihitdata.com/about'),
  ai('VelenPublicWebCrawler', 'Velen crawler', 'Velen', 'training', 'low', 'https://velen.io'),
  // A downloader anyone can run to build image datasets for model training (LAION and others).
  ai(
    'img2dataset',
    'img2dataset',
    'img2dataset users',
    'training',
    'low',
    'https://github.com/rom1504/img2dataset',
  ),
  // AI search engines and answer APIs
  ai('LinerBot', 'LinerBot', 'Liner', 'search-index', 'low', 'https://docs.getliner.com/docs/linerbot'),
  ai('LinkupBot', 'LinkupBot', 'Linkup', 'search-index', 'low', 'https://linkup.so/bot'),
  ai(
    'ShapBot',
    'ShapBot',
    'Parallel Web Systems',
    'search-index',
    'low',
    'https://docs.parallel.ai/resources/crawler',
  ),
  ai(
    'Anomura',
    'Anomura',
    'Direqt',
    'search-index',
    'low',
    'https://docs.direqt-search.com/direqt-bots/direqt-crawlers-and-user-agents',
  ),
  ai('Channel3Bot', 'Channel3Bot', 'Channel3', 'search-index', 'low', 'https://trychannel3.com/channel3bot'),
  ai('iaskspider', 'iAsk spider', 'iAsk', 'search-index', 'low', AI_ROBOTS_TXT),
  ai('iAskBot', 'iAskBot', 'iAsk', 'search-index', 'low', AI_ROBOTS_TXT),
  // Agents that browse on a person's behalf
  ai('Devin', 'Devin', 'Cognition', 'agent', 'low', AI_ROBOTS_TXT),
  ai('Manus-User', 'Manus', 'Butterfly Effect (Manus)', 'agent', 'low', AI_ROBOTS_TXT),
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
