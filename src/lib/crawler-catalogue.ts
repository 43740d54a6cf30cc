// The AI agents the site recognises, as data: one record per robots.txt product token. The list
// covers the community list ai.robots.txt (github.com/ai-robots-txt/ai.robots.txt, robots.json) and
// the agents the operators document themselves. Facts carry over (token, operator, function); the
// kind is robots.json's "function" read with judgement, and where the operator's own documentation
// says otherwise the operator wins and is the source. No description is copied from anywhere.
//
// Read only by src/lib/visitor.ts, which adds the search engines, social previews and monitoring
// bots; that module runs on the server (logging, page renders, robots.txt, GET /api/visitor) and
// never ships to the browser, which gets the visitor's profile and the count instead.

/** What an AI agent does with a page (see AiAgentKind in src/lib/visitor.ts). */
export type AiAgentKindName = 'training' | 'search-index' | 'user-fetch' | 'agent';

export interface AiAgentRecord {
  /** robots.txt product token, also looked for in user agents (see CrawlerEntry.token). */
  token: string;
  /** Shown name when it is not the token; two spellings of one agent share a name. */
  name?: string;
  /** Who runs it: the operator named by its documentation or by robots.json, or 'unknown'. */
  operator: string;
  kind: AiAgentKindName;
  priority: 'high' | 'medium' | 'low';
  /** The operator's documentation of the agent, or ai.robots.txt when the operator publishes none. */
  source: string;
  /** No user agent carries the token: it is a robots.txt control only (see CrawlerEntry). */
  robotsTxtOnly?: true;
  /** How user agents carry the token, when not anywhere (see CrawlerEntry.inUserAgent). */
  inUserAgent?: 'as-product' | 'never';
  /** The free audit reads robots.txt for this agent (see CrawlerEntry.audited). */
  audited?: true;
}

export const AI_ROBOTS_TXT = 'https://github.com/ai-robots-txt/ai.robots.txt';
export const OPENAI = 'https://developers.openai.com/api/docs/bots';
export const ANTHROPIC =
  'https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler';
export const PERPLEXITY = 'https://docs.perplexity.ai/guides/bots';
const GOOGLE_COMMON = 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers';
const GOOGLE_USER_TRIGGERED =
  'https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers';
const APPLE = 'https://support.apple.com/en-us/119829';
const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers';
const AMAZON = 'https://developer.amazon.com/amazonbot';
const BEDROCK = 'https://docs.aws.amazon.com/bedrock/latest/userguide/webcrawl-data-source-connector.html';
const MISTRAL = 'https://docs.mistral.ai/robots';
const KIMI = 'https://www.kimi.com/policies/kimi-crawlers';
const AI2 = 'https://allenai.org/crawler';
const YANDEX = 'https://yandex.ru/support/webmaster/en/search-appearance/fast';
const WEBZ = 'https://webz.io/blog/web-data/what-is-the-omgili-bot-and-why-is-it-crawling-your-website/';
const SEMRUSH = 'https://www.semrush.com/bot/';

/**
 * In precedence order (the earliest entry wins when a user agent names several tokens, see
 * CRAWLERS): an operator's specific agents before its generic ones, e.g. Claude-User before
 * Claude-Code, since Claude Code fetches as "Claude-User (claude-code/…)".
 */
export const AI_AGENTS: readonly AiAgentRecord[] = [
  // OpenAI
  { token: 'GPTBot', operator: 'OpenAI', kind: 'training', priority: 'high', source: OPENAI, audited: true },
  {
    token: 'OAI-SearchBot',
    operator: 'OpenAI',
    kind: 'search-index',
    priority: 'high',
    source: OPENAI,
    audited: true,
  },
  {
    token: 'ChatGPT-User',
    operator: 'OpenAI',
    kind: 'user-fetch',
    priority: 'high',
    source: OPENAI,
    audited: true,
  },
  // ChatGPT agent browses with an ordinary Chrome agent and signs its requests; ai.robots.txt has
  // published both spellings of its token.
  {
    token: 'ChatGPT-Agent',
    name: 'ChatGPT Agent',
    operator: 'OpenAI',
    kind: 'agent',
    priority: 'high',
    source: AI_ROBOTS_TXT,
    robotsTxtOnly: true,
  },
  {
    token: 'ChatGPT Agent',
    operator: 'OpenAI',
    kind: 'agent',
    priority: 'high',
    source: AI_ROBOTS_TXT,
    robotsTxtOnly: true,
  },
  {
    token: 'Operator',
    operator: 'OpenAI',
    kind: 'agent',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'as-product',
  },
  // robots.json gives no purpose for this one; an undocumented crawler of a model maker is treated
  // as collecting training data, the cautious reading under an opt-out policy. Every OpenAI agent
  // names openai.com in its user agent, so the word identifies none of them: published only.
  {
    token: 'OpenAI',
    operator: 'OpenAI',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'never',
  },

  // Anthropic
  {
    token: 'ClaudeBot',
    operator: 'Anthropic',
    kind: 'training',
    priority: 'high',
    source: ANTHROPIC,
    audited: true,
  },
  {
    token: 'Claude-User',
    operator: 'Anthropic',
    kind: 'user-fetch',
    priority: 'high',
    source: ANTHROPIC,
    audited: true,
  },
  {
    token: 'Claude-SearchBot',
    operator: 'Anthropic',
    kind: 'search-index',
    priority: 'high',
    source: ANTHROPIC,
    audited: true,
  },
  // Retired, still seen in logs.
  { token: 'Claude-Web', operator: 'Anthropic', kind: 'user-fetch', priority: 'high', source: AI_ROBOTS_TXT },
  {
    token: 'anthropic-ai',
    name: 'Anthropic AI',
    operator: 'Anthropic',
    kind: 'training',
    priority: 'high',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Claude-Code',
    name: 'Claude Code',
    operator: 'Anthropic',
    kind: 'agent',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },

  // Perplexity
  {
    token: 'PerplexityBot',
    operator: 'Perplexity',
    kind: 'search-index',
    priority: 'high',
    source: PERPLEXITY,
    audited: true,
  },
  {
    token: 'Perplexity-User',
    operator: 'Perplexity',
    kind: 'user-fetch',
    priority: 'high',
    source: PERPLEXITY,
    audited: true,
  },

  // Google. Google-Extended is a robots.txt control read by Googlebot, never a user agent.
  {
    token: 'Google-Extended',
    operator: 'Google',
    kind: 'training',
    priority: 'high',
    source: GOOGLE_COMMON,
    robotsTxtOnly: true,
    audited: true,
  },
  {
    token: 'Google-CloudVertexBot',
    operator: 'Google',
    kind: 'training',
    priority: 'medium',
    source: GOOGLE_COMMON,
  },
  {
    token: 'CloudVertexBot',
    name: 'Google-CloudVertexBot',
    operator: 'Google',
    kind: 'training',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },
  { token: 'GoogleOther', operator: 'Google', kind: 'training', priority: 'medium', source: GOOGLE_COMMON },
  {
    token: 'GoogleOther-Image',
    operator: 'Google',
    kind: 'training',
    priority: 'medium',
    source: GOOGLE_COMMON,
  },
  {
    token: 'GoogleOther-Video',
    operator: 'Google',
    kind: 'training',
    priority: 'medium',
    source: GOOGLE_COMMON,
  },
  {
    token: 'Gemini-Deep-Research',
    name: 'Gemini Deep Research',
    operator: 'Google',
    kind: 'user-fetch',
    priority: 'high',
    source: GOOGLE_USER_TRIGGERED,
  },
  {
    token: 'Google-Agent',
    operator: 'Google',
    kind: 'agent',
    priority: 'high',
    source: GOOGLE_USER_TRIGGERED,
  },
  {
    token: 'GoogleAgent-Mariner',
    name: 'Project Mariner',
    operator: 'Google',
    kind: 'agent',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'GoogleAgent-URLContext',
    operator: 'Google',
    kind: 'user-fetch',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Google-GeminiNotebook',
    name: 'Gemini Notebook',
    operator: 'Google',
    kind: 'user-fetch',
    priority: 'medium',
    source: GOOGLE_USER_TRIGGERED,
  },
  // NotebookLM's former agent, replaced by Google-GeminiNotebook and still seen in logs.
  {
    token: 'Google-NotebookLM',
    name: 'NotebookLM',
    operator: 'Google',
    kind: 'user-fetch',
    priority: 'medium',
    source: GOOGLE_USER_TRIGGERED,
  },
  { token: 'NotebookLM', operator: 'Google', kind: 'user-fetch', priority: 'medium', source: AI_ROBOTS_TXT },
  // Fetches the pages a Pinpoint user adds to a document collection (listed by Google, not ai.robots.txt).
  {
    token: 'Google-Pinpoint',
    operator: 'Google',
    kind: 'user-fetch',
    priority: 'low',
    source: GOOGLE_USER_TRIGGERED,
  },
  {
    token: 'Google-Firebase',
    operator: 'Google',
    kind: 'user-fetch',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Google-Gemini-CLI',
    operator: 'Google',
    kind: 'agent',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },

  // Microsoft and GitHub. VS Code, where GitHub Copilot's agent runs, fetches as "Code/1.x"; the
  // bare word is in addresses (code.google.com), so only the product form counts.
  {
    token: 'AzureAI-SearchBot',
    operator: 'Microsoft',
    kind: 'search-index',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Code',
    name: 'Code (GitHub Copilot)',
    operator: 'Microsoft',
    kind: 'agent',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'as-product',
  },

  // Apple: a robots.txt control read by Applebot, never a user agent.
  {
    token: 'Applebot-Extended',
    operator: 'Apple',
    kind: 'training',
    priority: 'medium',
    source: APPLE,
    robotsTxtOnly: true,
    audited: true,
  },

  // Meta
  {
    token: 'Meta-ExternalAgent',
    operator: 'Meta',
    kind: 'training',
    priority: 'medium',
    source: META,
    audited: true,
  },
  { token: 'Meta-ExternalFetcher', operator: 'Meta', kind: 'user-fetch', priority: 'medium', source: META },
  { token: 'Meta-WebIndexer', operator: 'Meta', kind: 'search-index', priority: 'medium', source: META },
  { token: 'FacebookBot', operator: 'Meta', kind: 'training', priority: 'medium', source: META },

  // Amazon: Amazonbot's crawl may train Amazon's models; Amzn-SearchBot and Amzn-User do not.
  { token: 'Amazonbot', operator: 'Amazon', kind: 'training', priority: 'medium', source: AMAZON },
  { token: 'Amzn-SearchBot', operator: 'Amazon', kind: 'search-index', priority: 'medium', source: AMAZON },
  { token: 'Amzn-User', operator: 'Amazon', kind: 'user-fetch', priority: 'medium', source: AMAZON },
  { token: 'AmazonBuyForMe', operator: 'Amazon', kind: 'agent', priority: 'medium', source: AI_ROBOTS_TXT },
  { token: 'NovaAct', operator: 'Amazon', kind: 'agent', priority: 'low', source: AI_ROBOTS_TXT },
  // Crawls the sites a customer picks for a Bedrock knowledge base, which its application searches.
  { token: 'bedrockbot', operator: 'Amazon', kind: 'search-index', priority: 'low', source: BEDROCK },
  {
    token: 'amazon-kendra',
    operator: 'Amazon',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'amazon-QBusiness',
    operator: 'Amazon',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },

  // Mistral
  { token: 'MistralAI-User', operator: 'Mistral AI', kind: 'user-fetch', priority: 'high', source: MISTRAL },
  {
    token: 'MistralAI-Index',
    operator: 'Mistral AI',
    kind: 'search-index',
    priority: 'medium',
    source: MISTRAL,
  },
  {
    token: 'MistralAI-Training',
    operator: 'Mistral AI',
    kind: 'training',
    priority: 'medium',
    source: MISTRAL,
  },

  // Moonshot AI (Kimi)
  { token: 'KimiBot', operator: 'Moonshot AI', kind: 'training', priority: 'low', source: KIMI },
  {
    token: 'Kimi-SearchBot',
    operator: 'Moonshot AI',
    kind: 'search-index',
    priority: 'medium',
    source: KIMI,
  },
  { token: 'Kimi-User', operator: 'Moonshot AI', kind: 'user-fetch', priority: 'medium', source: KIMI },

  // Chinese model makers and assistants
  {
    token: 'Bytespider',
    operator: 'ByteDance',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    audited: true,
  },
  { token: 'TikTokSpider', operator: 'ByteDance', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Trae',
    operator: 'ByteDance',
    kind: 'agent',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'as-product',
  },
  { token: 'DeepSeekBot', operator: 'DeepSeek', kind: 'training', priority: 'medium', source: AI_ROBOTS_TXT },
  { token: 'TongyiBot', operator: 'Alibaba', kind: 'user-fetch', priority: 'medium', source: AI_ROBOTS_TXT },
  { token: 'YiyanBot', operator: 'Baidu', kind: 'user-fetch', priority: 'medium', source: AI_ROBOTS_TXT },
  { token: 'ChatGLM-Spider', operator: 'Zhipu AI', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'PetalBot',
    operator: 'Huawei',
    kind: 'search-index',
    priority: 'low',
    source: 'https://webmaster.petalsearch.com/site/petalbot',
  },
  { token: 'PanguBot', operator: 'Huawei', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },

  // Yandex: YandexAdditional is a robots.txt control for its AI answers, read by its ordinary bots.
  {
    token: 'YandexAdditional',
    operator: 'Yandex',
    kind: 'search-index',
    priority: 'medium',
    source: YANDEX,
    robotsTxtOnly: true,
  },
  {
    token: 'YandexAdditionalBot',
    operator: 'Yandex',
    kind: 'search-index',
    priority: 'medium',
    source: YANDEX,
  },

  // Open datasets and research
  {
    token: 'CCBot',
    operator: 'Common Crawl',
    kind: 'training',
    priority: 'medium',
    source: 'https://commoncrawl.org/ccbot',
    audited: true,
  },
  { token: 'AI2Bot', operator: 'Allen Institute for AI', kind: 'training', priority: 'low', source: AI2 },
  {
    token: 'Ai2Bot-Dolma',
    operator: 'Allen Institute for AI',
    kind: 'training',
    priority: 'low',
    source: AI2,
  },
  {
    token: 'AI2Bot-DeepResearchEval',
    operator: 'Allen Institute for AI',
    kind: 'user-fetch',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'LAIONDownloader',
    operator: 'LAION',
    kind: 'training',
    priority: 'low',
    source: 'https://laion.ai/faq/',
  },
  {
    token: 'laion-huggingface-processor',
    operator: 'LAION',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  // A downloader anyone can run to build image datasets for model training (LAION and others).
  {
    token: 'img2dataset',
    operator: 'img2dataset users',
    kind: 'training',
    priority: 'low',
    source: 'https://github.com/rom1504/img2dataset',
  },
  {
    token: 'Cotoyogi',
    operator: 'ROIS (Japan)',
    kind: 'training',
    priority: 'low',
    source: 'https://ds.rois.ac.jp/en_center8/en_crawler/',
  },
  {
    token: 'ICC-Crawler',
    operator: 'NICT (Japan)',
    kind: 'training',
    priority: 'low',
    source: 'https://ucri.nict.go.jp/en/icccrawler.html',
  },
  {
    token: 'SBIntuitionsBot',
    operator: 'SB Intuitions',
    kind: 'training',
    priority: 'low',
    source: 'https://www.sbintuitions.co.jp/en/bot/',
  },
  {
    token: 'Kangaroo Bot',
    operator: 'Kangaroo LLM',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Reflectionbot',
    operator: 'Reflection AI',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Poseidon Research Crawler',
    operator: 'Poseidon Research',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'Linguee Bot', operator: 'Linguee', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'LCC', operator: 'unknown', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'FriendlyCrawler', operator: 'unknown', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },

  // Cohere
  {
    token: 'cohere-ai',
    name: 'Cohere AI',
    operator: 'Cohere',
    kind: 'user-fetch',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'cohere-training-data-crawler',
    name: 'Cohere training crawler',
    operator: 'Cohere',
    kind: 'training',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },

  // AI search engines, answer engines and search APIs
  {
    token: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    kind: 'user-fetch',
    priority: 'medium',
    source: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot',
  },
  {
    token: 'YouBot',
    operator: 'You.com',
    kind: 'search-index',
    priority: 'medium',
    source: 'https://about.you.com/youbot/',
  },
  {
    token: 'Bravebot',
    operator: 'Brave',
    kind: 'search-index',
    priority: 'medium',
    source: 'https://safe.search.brave.com/help/brave-search-crawler',
  },
  { token: 'PhindBot', operator: 'Phind', kind: 'user-fetch', priority: 'medium', source: AI_ROBOTS_TXT },
  {
    token: 'kagi-fetcher',
    name: 'Kagi fetcher',
    operator: 'Kagi',
    kind: 'user-fetch',
    priority: 'medium',
    source: AI_ROBOTS_TXT,
  },
  { token: 'Andibot', operator: 'Andi', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'iaskspider',
    name: 'iAsk spider',
    operator: 'iAsk',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'iAskBot', operator: 'iAsk', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'LinerBot',
    operator: 'Liner',
    kind: 'search-index',
    priority: 'low',
    source: 'https://docs.getliner.com/docs/linerbot',
  },
  {
    token: 'LinkupBot',
    operator: 'Linkup',
    kind: 'search-index',
    priority: 'low',
    source: 'https://linkup.so/bot',
  },
  {
    token: 'ShapBot',
    operator: 'Parallel Web Systems',
    kind: 'search-index',
    priority: 'low',
    source: 'https://docs.parallel.ai/resources/crawler',
  },
  {
    token: 'Shap-User',
    operator: 'Parallel Web Systems',
    kind: 'user-fetch',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Anomura',
    operator: 'Direqt',
    kind: 'search-index',
    priority: 'low',
    source: 'https://docs.direqt-search.com/direqt-bots/direqt-crawlers-and-user-agents',
  },
  {
    token: 'Channel3Bot',
    operator: 'Channel3',
    kind: 'search-index',
    priority: 'low',
    source: 'https://trychannel3.com/channel3bot',
  },
  // Gist.ai's answer engine (documented by its operator, not listed by ai.robots.txt).
  {
    token: 'ProRataInc',
    name: 'ProRata (Gist)',
    operator: 'ProRata.ai',
    kind: 'search-index',
    priority: 'low',
    source: 'https://platform.gist.ai/docs/prorata-ai-crawler-bot',
  },
  { token: 'ExaBot', operator: 'Exa', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'ExaSearchBot', operator: 'Exa', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'TavilyBot', operator: 'Tavily', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'QueritBot', operator: 'Querit', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Querit-SearchBot',
    operator: 'Querit',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'HenkBot', operator: 'Valyu', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'AIWebIndex', operator: 'Lyrenth', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'ZanistaBot',
    operator: 'Zanista AI',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Aranet-SearchBot',
    operator: 'unknown',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'AddSearchBot',
    operator: 'AddSearch',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'TerraCotta',
    operator: 'Ceramic AI',
    kind: 'training',
    priority: 'low',
    source: 'https://github.com/CeramicTeam/CeramicTerracotta',
  },
  {
    token: 'Terra Cotta',
    name: 'TerraCotta',
    operator: 'Ceramic AI',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },

  // Search built on a customer's own sites, for its assistant or chatbot
  {
    token: 'atlassian-bot',
    operator: 'Atlassian',
    kind: 'search-index',
    priority: 'low',
    source: 'https://support.atlassian.com/organization-administration/docs/connect-custom-website-to-rovo/',
  },
  {
    token: 'Cloudflare-AutoRAG',
    operator: 'Cloudflare',
    kind: 'search-index',
    priority: 'low',
    source: 'https://developers.cloudflare.com/autorag',
  },
  {
    token: 'KlaviyoAIBot',
    operator: 'Klaviyo',
    kind: 'search-index',
    priority: 'low',
    source: 'https://help.klaviyo.com/hc/en-us/articles/40496146232219',
  },
  {
    token: 'QualifiedBot',
    operator: 'Qualified',
    kind: 'search-index',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'wpbot', operator: 'QuantumCloud', kind: 'search-index', priority: 'low', source: AI_ROBOTS_TXT },

  // Assistants that fetch a page when their user asks
  { token: 'bigsur.ai', operator: 'Big Sur AI', kind: 'user-fetch', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'BuddyBot',
    operator: 'BuddyBot Learning',
    kind: 'user-fetch',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'GeistHaus-PageFetcher',
    operator: 'GeistHaus',
    kind: 'user-fetch',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Poggio-Citations',
    operator: 'Poggio',
    kind: 'user-fetch',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'QuillBot', operator: 'QuillBot', kind: 'user-fetch', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'UseAI', operator: 'Use AI', kind: 'user-fetch', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'WRTNBot', operator: 'Wrtn', kind: 'user-fetch', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Mozilla-Tabstack',
    operator: 'Mozilla',
    kind: 'user-fetch',
    priority: 'low',
    source: 'https://docs.tabstack.ai/trust/controlling-access',
  },
  // Semrush's AI writing tools: each fetches the pages its user names.
  { token: 'SemrushBot-OCOB', operator: 'Semrush', kind: 'user-fetch', priority: 'low', source: SEMRUSH },
  { token: 'SemrushBot-SWA', operator: 'Semrush', kind: 'user-fetch', priority: 'low', source: SEMRUSH },

  // Agents that browse or code on a person's behalf
  { token: 'Devin', operator: 'Cognition', kind: 'agent', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Manus-User',
    name: 'Manus',
    operator: 'Butterfly Effect (Manus)',
    kind: 'agent',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'TwinAgent', operator: 'Twin', kind: 'agent', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Cursor',
    operator: 'Anysphere',
    kind: 'agent',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'as-product',
  },
  {
    token: 'opencode',
    name: 'OpenCode',
    operator: 'OpenCode',
    kind: 'agent',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },

  // Data providers and scrapers whose collections feed AI products and models
  { token: 'Diffbot', operator: 'Diffbot', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Brightbot',
    operator: 'Bright Data',
    kind: 'training',
    priority: 'low',
    source: 'https://brightdata.com/brightbot',
  },
  {
    token: 'FirecrawlAgent',
    operator: 'Firecrawl',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'ApifyBot', operator: 'Apify', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'ApifyWebsiteContentCrawler',
    operator: 'Apify',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'Crawlspace', operator: 'Crawlspace', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'CragCrawler',
    operator: 'CragSoftware',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'Timpibot', operator: 'Timpi', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'omgili', name: 'Omgili', operator: 'Webz.io', kind: 'training', priority: 'low', source: WEBZ },
  {
    token: 'omgilibot',
    name: 'Omgili',
    operator: 'Webz.io',
    kind: 'training',
    priority: 'low',
    source: WEBZ,
  },
  // Webz.io's AI-use crawler; its other crawler, "webzio", feeds its data platform.
  {
    token: 'Webzio-Extended',
    operator: 'Webz.io',
    kind: 'training',
    priority: 'low',
    source: 'https://webz.io/bot.html',
  },
  {
    token: 'ImagesiftBot',
    operator: 'ImageSift',
    kind: 'training',
    priority: 'low',
    source: 'https://imagesift.com/about',
  },
  { token: 'imageSpider', operator: 'unknown', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'aiHitBot',
    operator: 'aiHit',
    kind: 'training',
    priority: 'low',
    source: 'https://www.aihitdata.com/about',
  },
  {
    token: 'VelenPublicWebCrawler',
    name: 'Velen crawler',
    operator: 'Velen',
    kind: 'training',
    priority: 'low',
    source: 'https://velen.io',
  },
  {
    token: 'Panscient',
    operator: 'Panscient',
    kind: 'training',
    priority: 'low',
    source: 'https://panscient.com/faq.htm',
  },
  {
    token: 'Factset_spyderbot',
    operator: 'FactSet',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'ISSCyberRiskCrawler',
    operator: 'ISS Corporate',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'Sidetrade indexer bot',
    operator: 'Sidetrade',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'YaK',
    operator: 'Meltwater',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'as-product',
  },
  { token: 'Awario', operator: 'Awario', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'EchoboxBot', operator: 'Echobox', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'Echobot Bot', operator: 'Echobox', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Datenbank Crawler',
    operator: 'Datenbank',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  {
    token: 'netEstate Imprint Crawler',
    operator: 'netEstate',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'WARDBot', operator: 'WEBSPARK', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'Thinkbot', operator: 'Thinkbot', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'AgentTimes',
    operator: 'The Agent Times',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'NagetBot', operator: 'Naget', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  { token: 'KunatoCrawler', operator: 'Kunato', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'MyCentralAIScraperBot',
    operator: 'unknown',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
  },
  { token: 'newsai', operator: 'unknown', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  // Tools anyone can run; robots.json lists them for the datasets they are used to build.
  {
    token: 'Scrapy',
    operator: 'Scrapy users',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'as-product',
  },
  { token: 'Crawl4AI', operator: 'Crawl4AI users', kind: 'training', priority: 'low', source: AI_ROBOTS_TXT },
  {
    token: 'Lightpanda',
    operator: 'Lightpanda users',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'as-product',
  },
  // "Spider" is any crawler's word ("Sogou web spider", ".../spider"): published, never matched.
  {
    token: 'Spider',
    operator: 'unknown',
    kind: 'training',
    priority: 'low',
    source: AI_ROBOTS_TXT,
    inUserAgent: 'never',
  },
];
