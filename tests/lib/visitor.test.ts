import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AI_AGENT_SAMPLES, WITHOUT_PUBLISHED_USER_AGENT } from '../fixtures/ai-user-agents.ts';
import {
  AI_AGENT_COUNT,
  AI_CRAWLERS_CLAIM,
  CATEGORY_OF_KIND,
  CRAWLERS,
  HUMAN,
  classifyVisitor,
  crawlDelayFor,
  type AiAgentKind,
  type BotCategory,
  type BotPriority,
  type CrawlerEntry,
} from '../../src/lib/visitor.ts';

// The visitor classifier (people, search crawlers, AI crawlers by category), tested on real
// user agents: the strings below are the ones the operators publish (the page named above each group)
// or that their agents send as recorded by well-known references (monperrus/crawler-user-agents,
// named where used), with only version numbers of the embedded Chrome (W.X.Y.Z in the docs) filled in.
// The agents the catalogue gained from ai.robots.txt have theirs in tests/fixtures/ai-user-agents.ts.

/** The spec's crawl-delay hint, restated independently of the module: 5 monitoring, 1 high, 2 otherwise. */
function specDelay(category: BotCategory, priority: BotPriority): number {
  if (category === 'monitoring') return 5;
  if (priority === 'high') return 1;
  return 2;
}

const entryByToken = new Map(CRAWLERS.map((c) => [c.token, c]));

// [catalogue token, expected name, category, priority, isAICrawler, real user agent]
type AgentRow = [
  token: string,
  name: string,
  category: BotCategory,
  priority: BotPriority,
  ai: boolean,
  ua: string,
];

const AGENTS: AgentRow[] = [
  // OpenAI (platform.openai.com/docs/bots)
  [
    'GPTBot',
    'GPTBot',
    'training',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  ],
  [
    'GPTBot',
    'GPTBot',
    'training',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.1; +https://openai.com/gptbot',
  ],
  [
    'OAI-SearchBot',
    'OAI-SearchBot',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
  ],
  [
    'ChatGPT-User',
    'ChatGPT-User',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  ],
  [
    'ChatGPT-User',
    'ChatGPT-User',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-User/1.0; +https://openai.com/bot)',
  ],
  // OAI-SearchBot's current agent, in a Chrome user agent, and OAI-AdsBot (an ads landing-page checker,
  // not counted as an AI crawler), from developers.openai.com/api/docs/bots.
  [
    'OAI-SearchBot',
    'OAI-SearchBot',
    'search',
    'high',
    true,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36; compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
  ],
  [
    'OAI-AdsBot',
    'OAI-AdsBot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot',
  ],
  // Anthropic (support.claude.com, "Does Anthropic crawl data from the web")
  [
    'ClaudeBot',
    'ClaudeBot',
    'training',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  ],
  [
    'Claude-User',
    'Claude-User',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
  ],
  [
    'Claude-SearchBot',
    'Claude-SearchBot',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)',
  ],
  // Claude Code's web fetch (as recorded by monperrus/crawler-user-agents).
  [
    'Claude-User',
    'Claude-User',
    'search',
    'high',
    true,
    'Claude-User (claude-code/2.1.86; +https://support.anthropic.com/)',
  ],
  // Retired Anthropic agents, as they appear in server logs.
  [
    'Claude-Web',
    'Claude-Web',
    'search',
    'high',
    true,
    'Mozilla/5.0 (compatible; Claude-Web/1.0; +http://www.anthropic.com/bot.html)',
  ],
  [
    'anthropic-ai',
    'Anthropic AI',
    'training',
    'high',
    true,
    'Mozilla/5.0 (compatible; anthropic-ai/1.0; +http://www.anthropic.com/bot.html)',
  ],
  // Perplexity (docs.perplexity.ai/guides/bots)
  [
    'PerplexityBot',
    'PerplexityBot',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  ],
  [
    'Perplexity-User',
    'Perplexity-User',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
  ],
  // Google (developers.google.com/search/docs/crawling-indexing/overview-google-crawlers)
  ['Google-CloudVertexBot', 'Google-CloudVertexBot', 'training', 'medium', true, 'Google-CloudVertexBot'],
  ['GoogleOther', 'GoogleOther', 'training', 'medium', true, 'GoogleOther'],
  [
    'GoogleOther',
    'GoogleOther',
    'training',
    'medium',
    true,
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; GoogleOther)',
  ],
  [
    'GoogleOther',
    'GoogleOther',
    'training',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleOther) Chrome/131.0.6778.69 Safari/537.36',
  ],
  ['GoogleOther-Image', 'GoogleOther-Image', 'training', 'medium', true, 'GoogleOther-Image/1.0'],
  ['GoogleOther-Video', 'GoogleOther-Video', 'training', 'medium', true, 'GoogleOther-Video/1.0'],
  [
    'Gemini-Deep-Research',
    'Gemini Deep Research',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Gemini-Deep-Research; +https://gemini.google/overview/deep-research/) Chrome/135.0.0.0 Safari/537.36',
  ],
  [
    'Google-CloudVertexBot',
    'Google-CloudVertexBot',
    'training',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-CloudVertexBot; +https://cloud.google.com/enterprise-search) Chrome/131.0.6778.69 Safari/537.36',
  ],
  // Google's user-triggered fetchers (developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers)
  [
    'Google-Agent',
    'Google-Agent',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/131.0.6778.69 Safari/537.36',
  ],
  [
    'Google-GeminiNotebook',
    'Gemini Notebook',
    'search',
    'medium',
    true,
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)',
  ],
  [
    'Google-NotebookLM',
    'NotebookLM',
    'search',
    'medium',
    true,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Safari/537.36 (compatible; Google-NotebookLM; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-notebooklm)',
  ],
  // Project Mariner, as recorded by monperrus/crawler-user-agents.
  [
    'GoogleAgent-Mariner',
    'Project Mariner',
    'search',
    'medium',
    true,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; GoogleAgent-Mariner) Chrome/142.0.7444.162 Safari/537.36',
  ],
  ['Googlebot-Image', 'Googlebot-Image', 'search', 'medium', false, 'Googlebot-Image/1.0'],
  [
    'Googlebot',
    'Googlebot',
    'search',
    'high',
    false,
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  ],
  [
    'Googlebot',
    'Googlebot',
    'search',
    'high',
    false,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.69 Safari/537.36',
  ],
  ['Googlebot', 'Googlebot', 'search', 'high', false, 'Googlebot/2.1 (+http://www.google.com/bot.html)'],
  [
    'Googlebot',
    'Googlebot',
    'search',
    'high',
    false,
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  ],
  ['Googlebot', 'Googlebot', 'search', 'high', false, 'Googlebot-Video/1.0'],
  [
    'Google-InspectionTool',
    'Google Inspection Tool',
    'monitoring',
    'medium',
    false,
    'Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)',
  ],
  [
    'Google-InspectionTool',
    'Google Inspection Tool',
    'monitoring',
    'medium',
    false,
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0;)',
  ],
  [
    'Storebot-Google',
    'Storebot-Google',
    'search',
    'low',
    false,
    'Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Safari/537.36',
  ],
  [
    'Storebot-Google',
    'Storebot-Google',
    'search',
    'low',
    false,
    'Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36',
  ],
  [
    'AdsBot-Google',
    'AdsBot-Google',
    'monitoring',
    'low',
    false,
    'AdsBot-Google (+http://www.google.com/adsbot.html)',
  ],
  [
    'AdsBot-Google',
    'AdsBot-Google',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
  ],
  // Microsoft (bing.com/webmasters/help/which-crawlers-does-bing-use)
  [
    'adidxbot',
    'AdIdxBot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)',
  ],
  [
    'adidxbot',
    'AdIdxBot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)',
  ],
  [
    'bingbot',
    'Bingbot',
    'search',
    'high',
    false,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.2903.86 Safari/537.36',
  ],
  [
    'bingbot',
    'Bingbot',
    'search',
    'high',
    false,
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.2903.86 Mobile Safari/537.36 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ],
  [
    'bingbot',
    'Bingbot',
    'search',
    'high',
    false,
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  ],
  [
    'MicrosoftPreview',
    'Microsoft link preview',
    'social',
    'low',
    false,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview) Chrome/131.0.2903.86 Safari/537.36',
  ],
  // Apple (support.apple.com/en-us/119829)
  [
    'Applebot',
    'Applebot',
    'search',
    'high',
    false,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ],
  [
    'Applebot',
    'Applebot',
    'search',
    'high',
    false,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 8_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12B410 Safari/600.1.4 (Applebot/0.1; +http://www.apple.com/go/applebot)',
  ],
  // Meta (developers.facebook.com/docs/sharing/webmasters/web-crawlers)
  [
    'Meta-ExternalAgent',
    'Meta-ExternalAgent',
    'training',
    'medium',
    true,
    'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
  ],
  [
    'Meta-ExternalFetcher',
    'Meta-ExternalFetcher',
    'search',
    'medium',
    true,
    'meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
  ],
  [
    'Meta-WebIndexer',
    'Meta-WebIndexer',
    'search',
    'medium',
    true,
    'meta-webindexer/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
  ],
  [
    'FacebookBot',
    'FacebookBot',
    'training',
    'medium',
    true,
    'Mozilla/5.0 (compatible; FacebookBot/1.0; +https://developers.facebook.com/docs/sharing/webmasters/facebookbot/)',
  ],
  [
    'facebookexternalhit',
    'Facebook link preview',
    'social',
    'medium',
    false,
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  ],
  ['facebookexternalhit', 'Facebook link preview', 'social', 'medium', false, 'facebookexternalhit/1.1'],
  // Amazon, ByteDance, Huawei, Common Crawl and other AI companies
  [
    'Amazonbot',
    'Amazonbot',
    'training',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
  ],
  [
    'Amazonbot',
    'Amazonbot',
    'training',
    'medium',
    true,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)',
  ],
  [
    'Bytespider',
    'Bytespider',
    'training',
    'low',
    true,
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  ],
  [
    'Bytespider',
    'Bytespider',
    'training',
    'low',
    true,
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; https://zhanzhang.toutiao.com/)',
  ],
  [
    'TikTokSpider',
    'TikTokSpider',
    'training',
    'low',
    true,
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; TikTokSpider; ttspider-feedback@tiktok.com)',
  ],
  ['CCBot', 'CCBot', 'training', 'medium', true, 'CCBot/2.0 (https://commoncrawl.org/faq/)'],
  [
    'cohere-ai',
    'Cohere AI',
    'search',
    'medium',
    true,
    'Mozilla/5.0 (compatible; cohere-ai/1.0; +http://www.cohere.ai/bot.html)',
  ],
  [
    'MistralAI-User',
    'MistralAI-User',
    'search',
    'high',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
  ],
  [
    'DuckAssistBot',
    'DuckAssistBot',
    'search',
    'medium',
    true,
    'DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)',
  ],
  [
    'YouBot',
    'YouBot',
    'search',
    'medium',
    true,
    'Mozilla/5.0 (compatible; YouBot/1.0; +https://about.you.com/youbot/)',
  ],
  [
    'PhindBot',
    'PhindBot',
    'search',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PhindBot/1.0; +https://phind.com/bot)',
  ],
  [
    'Diffbot',
    'Diffbot',
    'training',
    'low',
    true,
    'Mozilla/5.0 (Windows; U; Windows NT 5.1; en-US; rv:1.9.1.2) Gecko/20090729 Firefox/3.5.2 (.NET CLR 3.5.30729; Diffbot/0.1; +http://www.diffbot.com)',
  ],
  [
    'AI2Bot',
    'AI2Bot',
    'training',
    'low',
    true,
    'Mozilla/5.0 (compatible) AI2Bot (+https://www.allenai.org/crawler)',
  ],
  ['Timpibot', 'Timpibot', 'training', 'low', true, 'Timpibot/0.8 (+http://www.timpi.io)'],
  ['omgili', 'Omgili', 'training', 'low', true, 'omgili/0.5 +http://omgili.com'],
  [
    'ImagesiftBot',
    'ImagesiftBot',
    'training',
    'low',
    true,
    'Mozilla/5.0 (compatible; ImagesiftBot; +imagesift.com)',
  ],
  [
    'PetalBot',
    'PetalBot',
    'search',
    'low',
    true,
    'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
  ],
  [
    'PanguBot',
    'PanguBot',
    'training',
    'low',
    true,
    'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PanguBot;pangubot@huawei.com)',
  ],
  [
    'kagi-fetcher',
    'Kagi fetcher',
    'search',
    'medium',
    true,
    'Mozilla/5.0 (compatible; kagi-fetcher/1.0; +https://kagi.com/bot)',
  ],
  // Amazon (developer.amazon.com/amazonbot)
  [
    'Amzn-SearchBot',
    'Amzn-SearchBot',
    'search',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amzn-SearchBot/0.1) Chrome/119.0.6045.214 Safari/537.36',
  ],
  [
    'Amzn-User',
    'Amzn-User',
    'search',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amzn-User/0.1) Chrome/119.0.6045.214 Safari/537.36',
  ],
  // Mistral AI (docs.mistral.ai/robots)
  [
    'MistralAI-Index',
    'MistralAI-Index',
    'search',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-Index/1.0; +https://docs.mistral.ai/robots)',
  ],
  [
    'MistralAI-Training',
    'MistralAI-Training',
    'training',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-Training/1.0; +https://docs.mistral.ai/robots)',
  ],
  // Moonshot AI (www.kimi.com/policies/kimi-crawlers)
  [
    'KimiBot',
    'KimiBot',
    'training',
    'low',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; KimiBot/1.0; +https://www.kimi.com/policies/kimi-crawlers',
  ],
  [
    'Kimi-SearchBot',
    'Kimi-SearchBot',
    'search',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; Kimi-SearchBot/1.0; +https://www.kimi.com/policies/kimi-crawlers',
  ],
  [
    'Kimi-User',
    'Kimi-User',
    'search',
    'medium',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; Kimi-User/1.0; +https://www.kimi.com/policies/kimi-crawlers',
  ],
  // Ai2 (allenai.org/crawler)
  [
    'Ai2Bot-Dolma',
    'Ai2Bot-Dolma',
    'training',
    'low',
    true,
    'Mozilla/5.0 (compatible) Ai2Bot-Dolma (+https://www.allenai.org/crawler)',
  ],
  // Research institutes and data companies that collect training data. The user agents are the ones
  // the operators document, as recorded by monperrus/crawler-user-agents (and DataDome's bot
  // directory for Cohere's crawler).
  [
    'cohere-training-data-crawler',
    'Cohere training crawler',
    'training',
    'medium',
    true,
    'cohere-training-data-crawler (+crawler@cohere.ai)',
  ],
  [
    'Cotoyogi',
    'Cotoyogi',
    'training',
    'low',
    true,
    'Mozilla/5.0 (compatible; Cotoyogi/4.0; +https://ds.rois.ac.jp/center8/crawler/)',
  ],
  [
    'SBIntuitionsBot',
    'SBIntuitionsBot',
    'training',
    'low',
    true,
    'Mozilla/5.0 (compatible; SBIntuitionsBot/0.1; +https://www.sbintuitions.co.jp/bot/)',
  ],
  [
    'ICC-Crawler',
    'ICC-Crawler',
    'training',
    'low',
    true,
    'ICC-Crawler/2.0 (Mozilla-compatible; ; http://ucri.nict.go.jp/en/icccrawler.html)',
  ],
  ['Brightbot', 'Brightbot', 'training', 'low', true, 'Brightbot 1.0'],
  [
    'TerraCotta',
    'TerraCotta',
    'training',
    'low',
    true,
    'TerraCotta https://github.com/CeramicTeam/CeramicTerracotta',
  ],
  [
    'aiHitBot',
    'aiHitBot',
    'training',
    'low',
    true,
    'Mozilla/5.0 (compatible; aiHitBot/2.9; +https://www.aihitdata.com/about)',
  ],
  ['VelenPublicWebCrawler', 'Velen crawler', 'training', 'low', true, 'VelenPublicWebCrawler (velen.io)'],
  // img2dataset's default user agent (its source, github.com/rom1504/img2dataset).
  [
    'img2dataset',
    'img2dataset',
    'training',
    'low',
    true,
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:72.0) Gecko/20100101 Firefox/72.0 (compatible; img2dataset; +https://github.com/rom1504/img2dataset)',
  ],
  // AI search engines and answer APIs (their crawler pages, as recorded by monperrus/crawler-user-agents)
  [
    'LinerBot',
    'LinerBot',
    'search',
    'low',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; LinerBot/1.0; +https://docs.getliner.com/docs/linerbot)',
  ],
  [
    'LinkupBot',
    'LinkupBot',
    'search',
    'low',
    true,
    'LinkupBot/1.0 (LinkupBot for web indexing; https://linkup.so/bot; bot@linkup.so)',
  ],
  [
    'ShapBot',
    'ShapBot',
    'search',
    'low',
    true,
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ShapBot/0.1.0',
  ],
  ['Anomura', 'Anomura', 'search', 'low', true, 'Anomura/1.2 (+https://www.direqt.ai)'],
  [
    'Channel3Bot',
    'Channel3Bot',
    'search',
    'low',
    true,
    'Mozilla/5.0 (compatible; Channel3Bot/1.0; +https://trychannel3.com/channel3bot)',
  ],
  ['iaskspider', 'iAsk spider', 'search', 'low', true, 'iaskspider/2.0'],
  [
    'iAskBot',
    'iAskBot',
    'search',
    'low',
    true,
    'Mozilla/5.0 AppleWebKit/605.1.15 (KHTML, like Gecko; compatible; iAskBot/1.0; +https://iask.ai/) Chrome/120.0.6099.119 Safari/605.1.15',
  ],
  // Agents that browse on a person's behalf, appending their name to a Chrome agent
  [
    'Devin',
    'Devin',
    'search',
    'low',
    true,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36; Devin/1.0; +https://devin.ai',
  ],
  [
    'Manus-User',
    'Manus',
    'search',
    'low',
    true,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36; Manus-User/1.0',
  ],
  // Classic search engines
  [
    'DuckDuckBot',
    'DuckDuckBot',
    'search',
    'medium',
    false,
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
  ],
  [
    'DuckDuckBot',
    'DuckDuckBot',
    'search',
    'medium',
    false,
    'Mozilla/5.0 (compatible; DuckDuckBot-Https/1.1; https://duckduckgo.com/duckduckbot)',
  ],
  [
    'YandexBot',
    'YandexBot',
    'search',
    'medium',
    false,
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  ],
  [
    'YandexMobileBot',
    'YandexMobileBot',
    'search',
    'medium',
    false,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 8_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12B411 Safari/600.1.4 (compatible; YandexMobileBot/3.0; +http://yandex.com/bots)',
  ],
  [
    'YandexImages',
    'YandexImages',
    'search',
    'low',
    false,
    'Mozilla/5.0 (compatible; YandexImages/3.0; +http://yandex.com/bots)',
  ],
  [
    'Baiduspider',
    'Baiduspider',
    'search',
    'low',
    false,
    'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  ],
  [
    'Baiduspider',
    'Baiduspider',
    'search',
    'low',
    false,
    'Mozilla/5.0 (compatible; Baiduspider-render/2.0; +http://www.baidu.com/search/spider.html)',
  ],
  [
    'Qwantbot',
    'Qwantbot',
    'search',
    'medium',
    false,
    'Mozilla/5.0 (compatible; Qwantbot/1.0_4193332; +https://help.qwant.com/bot/)',
  ],
  [
    'Slurp',
    'Yahoo Slurp',
    'search',
    'low',
    false,
    'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  ],
  [
    'SeznamBot',
    'SeznamBot',
    'search',
    'low',
    false,
    'Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/)',
  ],
  [
    'MojeekBot',
    'MojeekBot',
    'search',
    'low',
    false,
    'Mozilla/5.0 (compatible; MojeekBot/0.11; +https://www.mojeek.com/bot.html)',
  ],
  // Social previews
  ['TelegramBot', 'TelegramBot', 'social', 'low', false, 'TelegramBot (like TwitterBot)'],
  ['Twitterbot', 'Twitterbot', 'social', 'medium', false, 'Twitterbot/1.0'],
  [
    'LinkedInBot',
    'LinkedInBot',
    'social',
    'medium',
    false,
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  ],
  [
    'Slackbot',
    'Slackbot',
    'social',
    'low',
    false,
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  ],
  ['Slackbot', 'Slackbot', 'social', 'low', false, 'Slackbot 1.0 (+https://api.slack.com/robots)'],
  [
    'Discordbot',
    'Discordbot',
    'social',
    'low',
    false,
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  ],
  ['WhatsApp', 'WhatsApp link preview', 'social', 'low', false, 'WhatsApp/2.23.20.0 A'],
  ['WhatsApp', 'WhatsApp link preview', 'social', 'low', false, 'WhatsApp/2.23.18.78 i'],
  [
    'Pinterestbot',
    'Pinterestbot',
    'social',
    'low',
    false,
    'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)',
  ],
  [
    'redditbot',
    'Redditbot',
    'social',
    'low',
    false,
    'Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)',
  ],
  [
    'Embedly',
    'Embedly',
    'social',
    'low',
    false,
    'Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)',
  ],
  [
    'vkShare',
    'VK link preview',
    'social',
    'low',
    false,
    'Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)',
  ],
  // SEO tools and monitoring
  [
    'AhrefsBot',
    'AhrefsBot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  ],
  [
    'AhrefsSiteAudit',
    'Ahrefs Site Audit',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (compatible; AhrefsSiteAudit/6.1; +http://ahrefs.com/robot/)',
  ],
  [
    'SemrushBot',
    'SemrushBot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
  ],
  [
    'SemrushBot',
    'SemrushBot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (compatible; SemrushBot-SA/0.97; +http://www.semrush.com/bot.html)',
  ],
  [
    'MJ12bot',
    'MJ12bot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)',
  ],
  [
    'DotBot',
    'DotBot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (compatible; DotBot/1.2; +https://opensiteexplorer.org/dotbot; help@moz.com)',
  ],
  [
    'UptimeRobot',
    'UptimeRobot',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
  ],
  ['Pingdom', 'Pingdom', 'monitoring', 'low', false, 'Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)'],
  [
    'Pingdom',
    'Pingdom',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/61.0.3163.100 Safari/537.36 PingdomPageSpeed/1.0 (pingbot/2.0; +http://www.pingdom.com/)',
  ],
  [
    'PingdomTMS',
    'Pingdom',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (Windows NT 6.3; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) browser/22.1.0 Chrome/108.0.5359.179 Electron/22.1.0 Safari/537.36 PingdomTMS/22.1',
  ],
  [
    'StatusCake',
    'StatusCake',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 (StatusCake)',
  ],
  [
    'Site24x7',
    'Site24x7',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 13_2_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.3 Mobile/15E148 Safari/604.1 Site24x7',
  ],
  [
    'DatadogSynthetics',
    'Datadog Synthetics',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.5845.96 Safari/537.36 DatadogSynthetics',
  ],
  [
    'Chrome-Lighthouse',
    'Lighthouse',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  ],
  [
    'Chrome-Lighthouse',
    'Lighthouse',
    'monitoring',
    'low',
    false,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Chrome-Lighthouse',
  ],
  // Headless and prerender browsers
  [
    'Prerender',
    'Prerender',
    'unknown',
    'low',
    false,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/114.0.5735.133 Safari/537.36 Prerender (+https://github.com/prerender/prerender)',
  ],
  [
    'Prerender',
    'Prerender',
    'unknown',
    'low',
    false,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 Prerender (+https://github.com/prerender/prerender)',
  ],
  [
    'Prerender',
    'Prerender',
    'unknown',
    'low',
    false,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X) AppleWebKit/534.34 (KHTML, like Gecko) PhantomJS/1.9.8 Safari/534.34 Prerender (+https://github.com/prerender/prerender)',
  ],
  // Puppeteer's and Playwright's default Chromium agents (headless shell) on Linux, macOS and Windows.
  [
    'HeadlessChrome',
    'Headless Chrome',
    'unknown',
    'low',
    false,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  ],
  [
    'HeadlessChrome',
    'Headless Chrome',
    'unknown',
    'low',
    false,
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  ],
  [
    'HeadlessChrome',
    'Headless Chrome',
    'unknown',
    'low',
    false,
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  ],
  [
    'PhantomJS',
    'PhantomJS',
    'unknown',
    'low',
    false,
    'Mozilla/5.0 (Unknown; Linux x86_64) AppleWebKit/538.1 (KHTML, like Gecko) PhantomJS/2.1.1 Safari/538.1',
  ],
];

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
    const tested = new Set([...AGENTS.map(([token]) => token), ...SAMPLED]);
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

function expectEntry(profile: ReturnType<typeof classifyVisitor>, entry: CrawlerEntry): void {
  expect(profile).toEqual({
    isBot: true,
    isAICrawler: entry.isAICrawler,
    name: entry.name,
    category: entry.category,
    priority: entry.priority,
    operator: entry.operator,
    crawlDelay: specDelay(entry.category, entry.priority),
  });
}

describe('real crawler user agents', () => {
  it.each(AGENTS)('%s → %s (%s, %s, AI %s): %s', (token, name, category, priority, ai, ua) => {
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

// Real browsers. Each must be a person: isBot false, category human, crawl delay 1.
const BROWSERS: [label: string, ua: string][] = [
  // Desktop
  [
    'Chrome, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
  [
    'Chrome, Windows 7 (WOW64)',
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
  ],
  [
    'Edge, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  ],
  ['Firefox, Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [
    'Opera, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  ],
  [
    'Opera GX, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0 (Edition std-2)',
  ],
  [
    'Vivaldi, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Vivaldi/7.0.3495.18',
  ],
  [
    'Yandex Browser, Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 YaBrowser/24.10.0.0 Safari/537.36',
  ],
  [
    'Chrome, macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
  [
    'Safari, macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  ],
  ['Firefox, macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [
    'Edge, macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  ],
  [
    'DuckDuckGo browser, macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15 Ddg/17.6',
  ],
  [
    'Chrome or Brave, Linux',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
  ['Firefox, Ubuntu', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  ['Firefox ESR, Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'],
  [
    'Chrome, ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
  [
    'Samsung smart TV',
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36',
  ],
  [
    'PlayStation 5',
    'Mozilla/5.0 (PlayStation; PlayStation 5/6.50) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.4 Safari/605.1.15',
  ],
  // iPhone and iPad
  [
    'Safari, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ],
  [
    'Safari, iPad',
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  ],
  [
    'Chrome, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ],
  [
    'Firefox, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15',
  ],
  [
    'Edge, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
  ],
  [
    'Google app, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/325.0.660421837 Mobile/15E148 Safari/604.1',
  ],
  // Android
  [
    'Chrome, Android (reduced agent)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Chrome, Pixel 7',
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Chrome, Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
  [
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  ],
  ['Firefox, Android', 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0'],
  [
    'Edge, Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0',
  ],
  [
    'Opera, Android',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 OPR/86.0.0.0',
  ],
  [
    'DuckDuckGo browser, Android',
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36 DuckDuckGo/5',
  ],
  [
    'Xiaomi MIUI Browser',
    'Mozilla/5.0 (Linux; U; Android 13; en-us; 2201117TG Build/TKQ1.221114.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/112.0.5615.136 Mobile Safari/537.36 XiaoMi/MiuiBrowser/14.8.1-gn',
  ],
  [
    'Huawei Browser',
    'Mozilla/5.0 (Linux; Android 10; HarmonyOS; ELS-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  ],
  [
    'Amazon Silk, Fire tablet',
    'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/130.4.1 like Chrome/130.0.6723.102 Safari/537.36',
  ],
  [
    'Android WebView (wv)',
    'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.39 Mobile Safari/537.36',
  ],
  // Devices and libraries whose names contain "bot" or "agent" (narrow exceptions in the classifier)
  [
    'Chrome on a CUBOT phone',
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  ],
  [
    'WebView on a CUBOT phone',
    'Mozilla/5.0 (Linux; Android 9; CUBOT_X20_PRO Build/PPR1.180610.011) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/96.0.4664.104 Mobile Safari/537.36',
  ],
  [
    'Facebook app on a Cubot phone',
    'Mozilla/5.0 (Linux; Android 11; Cubot Note 20 Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/441.0.0.23.105;]',
  ],
  [
    'AgentWeb in-app browser',
    'Mozilla/5.0 (Linux; Android 10; M2003J15SC Build/QP1A.190711.020; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.101 Mobile Safari/537.36 AgentWeb/4.1.3 UCBrowser/11.6.4.950',
  ],
  [
    'AgentWeb in-app browser, older library',
    'Mozilla/5.0 (Linux; Android 11; 21091116AC Build/RP1A.200720.011; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/94.0.4606.85 Mobile Safari/537.36 agentweb/4.0.2  UCBrowser/11.6.4.950',
  ],
  // In-app browsers. The Facebook app's browser (FBAN/FBAV, FB_IAB) is a person, unlike facebookexternalhit.
  [
    'Facebook app, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/483.0.0.50.107;FBBV/657345987;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.6.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/658971245]',
  ],
  [
    'Facebook app, Android',
    'Mozilla/5.0 (Linux; Android 14; SM-S911B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.107 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/489.0.0.66.81;]',
  ],
  [
    'Messenger, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/466.0.0.39.109;FBBV/615243618;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]',
  ],
  [
    'Instagram, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 356.0.0.22.92 (iPhone14,5; iOS 18_1; en_US; en; scale=3.00; 1170x2532; 656234516; IABMV/1)',
  ],
  [
    'Instagram, Pixel (with "Google/google")',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.100 Mobile Safari/537.36 Instagram 352.0.0.38.100 Android (34/14; 420dpi; 1080x2400; Google/google; Pixel 8; shiba; shiba; en_US; 646720193)',
  ],
  [
    'LinkedIn app, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.30.1245',
  ],
  [
    'LinkedIn app, Android',
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 [LinkedInApp]/4.1.905',
  ],
  [
    'TikTok, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_35.4.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6',
  ],
  [
    'TikTok, Android',
    'Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 trill_320404 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.4.4 ByteLocale/en ByteFullLocale/en Region/US AppId/1180 Spark/1.4.6.3-bugfix AppVersion/32.4.4 BytedanceWebview/d8a21c6',
  ],
  [
    'Snapchat, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/13.16.0.44 (like Safari/8618.1.15.10.15, panda)',
  ],
  [
    'LINE, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.9.0',
  ],
  [
    'LINE, Android',
    'Mozilla/5.0 (Linux; Android 13; SM-G998B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 Line/14.10.1/IAB',
  ],
  [
    'WeChat, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN',
  ],
  [
    'WeChat, Android',
    'Mozilla/5.0 (Linux; Android 12; V2148A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5235 MMWEBSDK/20230701 MMWEBID/1234 MicroMessenger/8.0.40.2420(0x28002837) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  ],
  [
    'X (Twitter) app, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.52',
  ],
  [
    'X (Twitter) app, Android',
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP1A.240505.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 TwitterAndroid',
  ],
  [
    'Pinterest app, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]',
  ],
  [
    'Telegram app, Android',
    'Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.81 Mobile Safari/537.36 Telegram-Android/11.2.2 (Samsung SM-A546B; Android 14; SDK 34; AVERAGE)',
  ],
  [
    'KakaoTalk, iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.8.5',
  ],
];

describe('real browsers stay human', () => {
  it('has a broad set of browsers', () => {
    expect(BROWSERS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(BROWSERS)('%s', (_label, ua) => {
    const profile = classifyVisitor(ua);
    expect(profile).toEqual(HUMAN);
    expect(profile.isBot).toBe(false);
    expect(profile.category).toBe('human');
    expect(profile.crawlDelay).toBe(1);
  });
});

describe('edge cases', () => {
  const UNKNOWN = {
    isBot: true,
    isAICrawler: false,
    name: 'Unknown Bot',
    category: 'unknown',
    priority: 'low',
    crawlDelay: 2,
  };

  it.each([undefined, null, '', '   ', '\t'])('treats a missing or blank user agent (%j) as a bot', (ua) => {
    expect(classifyVisitor(ua)).toMatchObject(UNKNOWN);
  });

  it.each([
    'curl/8.5.0',
    'curl/7.81.0',
    'Wget/1.21.4',
    'Wget/1.20.3 (linux-gnu)',
    'python-requests/2.32.3',
    'Python-urllib/3.12',
    'Go-http-client/2.0',
    'Go-http-client/1.1',
    'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
    'node-fetch',
    'node',
    'axios/1.7.7',
    'okhttp/4.12.0',
    'Apache-HttpClient/4.5.14 (Java/17.0.9)',
    'PostmanRuntime/7.42.0',
  ])('counts the command-line tool or HTTP library %s as an unknown bot', (ua) => {
    expect(classifyVisitor(ua)).toMatchObject(UNKNOWN);
  });

  it.each([
    'FooCrawler/1.0',
    'my-scraper',
    'SomeAgent/2',
    'ExampleBot/0.1 (+https://example.com/bot)',
    'Mozilla/5.0 (compatible; FooSpider/3.1; +https://foo.example/spider)',
    // A generic word on a Chrome-like agent is still a bot.
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 (compatible; SomeNewBot/1.0)',
  ])('calls the unknown agent %s an Unknown Bot (unknown, low, delay 2)', (ua) => {
    expect(classifyVisitor(ua)).toEqual({ ...UNKNOWN, operator: 'unknown' });
  });

  it('does not match a token glued inside another word', () => {
    // Not GPTBot, but it still contains "bot", so it is an unknown bot.
    expect(classifyVisitor('NotGPTBotX')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('Mozilla/5.0 (compatible; XGooglebot/2.1)')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('SuperClaudeBot/1.0')).toMatchObject(UNKNOWN);
    for (const entry of CRAWLERS) {
      // "XGoogle-NotebookLM" still holds the token NotebookLM, another spelling of the same agent.
      const spelledInside = CRAWLERS.some(
        (other) =>
          other !== entry &&
          other.name === entry.name &&
          new RegExp(`[^a-z0-9]${other.token}$`, 'i').test(entry.token),
      );
      if (spelledInside) continue;
      for (const glued of [`X${entry.token}`, `${entry.token}X`, `9${entry.token}9`]) {
        expect(classifyVisitor(`Mozilla/5.0 (compatible; ${glued}/1.0)`).name, glued).not.toBe(entry.name);
      }
    }
  });

  it('takes no ordinary word for an AI agent: addresses, other crawlers, libraries', () => {
    for (const ua of [
      // "code" in an address is not VS Code ("Code/1.96"), "scrapy.org" is not Scrapy/2.11.
      'AppEngine-Google; (+http://code.google.com/appengine; appid: s~virustotalcloud)',
      'crawler4j (http://code.google.com/p/crawler4j/)',
      'UniversalFeedParser/5.2.1 +https://code.google.com/p/feedparser/',
      'Mozilla/5.0 (WhatsMyIP.org Text_to_Code_Ratio_Tool) http://whatsmyip.org/ua',
      'Mozilla/5.0 (compatible; FooBot/1.0; built with Scrapy; +https://scrapy.org)',
      // "spider" is every crawler's word; ai.robots.txt's "Spider" is published, never matched.
      'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
      'Mozilla/5.0 (compatible; FooSpider/3.1; +https://foo.example/spider)',
      // Every OpenAI agent names openai.com: the word alone says nothing.
      'Mozilla/5.0 (compatible; SomeTool/1.0; +https://openai.com/)',
    ])
      expect(classifyVisitor(ua).isAICrawler, ua).toBe(false);
    // OpenAI's ads checker keeps its own name although its address says "openai".
    expect(
      classifyVisitor(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot',
      ).name,
    ).toBe('OAI-AdsBot');
  });

  it('never calls a search engine, a browser or a command-line tool an AI crawler', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
      'Mozilla/5.0 (compatible; Qwantbot/1.0_4193332; +https://help.qwant.com/bot/)',
      'curl/8.5.0',
      'Wget/1.21.4',
      'python-requests/2.32.3',
      ...BROWSERS.map(([, ua]) => ua),
    ])
      expect(classifyVisitor(ua).isAICrawler, ua).toBe(false);
  });

  it('finds tokens between any punctuation, at either end of the agent', () => {
    for (const ua of [
      'GPTBot',
      'GPTBot/1.2',
      '(GPTBot)',
      'x;GPTBot;x',
      'x GPTBot',
      'x+GPTBot_1',
      'x-GPTBot-x',
      '"GPTBot"',
    ]) {
      expect(classifyVisitor(ua).name, ua).toBe('GPTBot');
    }
  });

  it('ignores case', () => {
    expect(classifyVisitor('gptbot/1.2').name).toBe('GPTBot');
    expect(classifyVisitor('GOOGLEBOT/2.1 (+http://www.google.com/bot.html)').name).toBe('Googlebot');
    expect(
      classifyVisitor('Mozilla/5.0 (compatible; BINGBOT/2.0; +http://www.bing.com/bingbot.htm)').name,
    ).toBe('Bingbot');
    expect(classifyVisitor('META-EXTERNALAGENT/1.1').name).toBe('Meta-ExternalAgent');
    expect(
      classifyVisitor(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) headlesschrome/131.0.0.0 Safari/537.36',
      ).name,
    ).toBe('Headless Chrome');
    expect(classifyVisitor('SOMEAGENT/2')).toMatchObject(UNKNOWN);
  });

  it('prefers the named agent over the engine or the agent it imitates', () => {
    // Prerender runs in headless Chrome (or PhantomJS) and appends its own token after the engine's.
    expect(
      classifyVisitor(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/114.0.5735.133 Safari/537.36 Prerender (+https://github.com/prerender/prerender)',
      ).name,
    ).toBe('Prerender');
    // Telegram's fetcher says it behaves like Twitter's.
    expect(classifyVisitor('TelegramBot (like TwitterBot)').name).toBe('TelegramBot');
    // Bing's ads crawler links to the bingbot page.
    expect(
      classifyVisitor('Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)').name,
    ).toBe('AdIdxBot');
    // Apple's iMessage link preview names three preview agents; any of them is a social preview bot.
    const imessage = classifyVisitor(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    );
    expect(imessage).toMatchObject({ isBot: true, category: 'social', name: 'Facebook link preview' });
  });

  it('keeps the human exceptions narrow', () => {
    // A bot on a CUBOT-named device, or an AgentWeb app announcing a bot, is still a bot.
    expect(
      classifyVisitor(
        'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; FooBot/1.0)',
      ),
    ).toMatchObject(UNKNOWN);
    expect(
      classifyVisitor(
        'Mozilla/5.0 (Linux; Android 10; K; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.101 Mobile Safari/537.36 AgentWeb/4.1.3 UCBrowser/11.6.4.950 SomeAgent/2',
      ),
    ).toMatchObject(UNKNOWN);
    // The words are only excused as they appear in browsers, not inside other names.
    expect(classifyVisitor('CubotCrawler/1.0')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('Mozilla/5.0 (compatible; MyCubot/1.0)')).toMatchObject(UNKNOWN);
    expect(classifyVisitor('Mozilla/5.0 (compatible; AgentWebber/1.0)')).toMatchObject(UNKNOWN);
    // A catalogue agent is found whatever else the string says.
    expect(
      classifyVisitor(
        'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; GPTBot/1.2)',
      ).name,
    ).toBe('GPTBot');
  });

  it('classifies overlong user agents without throwing', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const tenKb = 10 * 1024;
    const cases = [
      'a'.repeat(tenKb),
      `${chrome} ${'x'.repeat(tenKb)}`,
      `${chrome} ${'bot '.repeat(tenKb / 4)}`,
      `${'GPTBot/1.2 '.repeat(tenKb / 11)}`,
      `${'('.repeat(tenKb)}GPTBot`,
      `${'Mozilla/5.0 '.repeat(tenKb / 12)}`,
      `${'-'.repeat(tenKb)}!`,
      'Googlebot'.repeat(tenKb / 9),
    ];
    for (const ua of cases) {
      const profile = classifyVisitor(ua);
      expect(typeof profile.isBot).toBe('boolean');
      expect(profile.crawlDelay).toBe(crawlDelayFor(profile));
    }
    // A token near the start is still found in a 10 KB agent.
    expect(
      classifyVisitor(
        `Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot) ${'x '.repeat(tenKb / 2)}`,
      ).name,
    ).toBe('GPTBot');
    expect(classifyVisitor('bot '.repeat(tenKb / 4))).toMatchObject(UNKNOWN);
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
