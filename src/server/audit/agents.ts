// The agents the audit judges robots.txt for: AI search and user-triggered agents, whose access
// decides whether answers can cite the page, and training crawlers, whose access is the site's choice.

/** AI search and user-triggered agents: they fetch pages to answer and cite. Blocking one fails. */
export const SEARCH_AGENTS = [
  'OAI-SearchBot',
  'ChatGPT-User',
  'Claude-SearchBot',
  'Claude-User',
  'PerplexityBot',
  'Perplexity-User',
  'Googlebot',
  'Bingbot',
  'Applebot',
] as const;

/** Training crawlers: whether to feed them is the site's choice, reported and never penalised. */
export const TRAINING_AGENTS = [
  'GPTBot',
  'ClaudeBot',
  'Google-Extended',
  'Applebot-Extended',
  'CCBot',
  'Meta-ExternalAgent',
  'Bytespider',
] as const;

/** What a crawler view's agent does with the page, which decides what a refusal means. */
export type ViewRole = 'assistant' | 'training' | 'searchEngine';

/**
 * The agents the page is also fetched as, in parallel with the browser's fetch, with the user agent
 * strings their operators publish (OpenAI, Anthropic, Perplexity and Google's crawler pages); the
 * audit's own name follows each, so a site's logs say who really asked.
 */
export const VIEW_AGENTS: readonly { token: string; role: ViewRole; userAgent: string }[] = [
  {
    token: 'OAI-SearchBot',
    role: 'assistant',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
  },
  {
    token: 'PerplexityBot',
    role: 'assistant',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  },
  {
    token: 'GPTBot',
    role: 'training',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)',
  },
  {
    token: 'ClaudeBot',
    role: 'training',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  },
  {
    token: 'Googlebot',
    role: 'searchEngine',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  },
];

export interface AuditUserAgents {
  /** The browser's fetch of the page and the site's files: a desktop browser's string and ours. */
  userAgent: string;
  /** One per crawler view, in VIEW_AGENTS order. */
  views: { agent: string; role: ViewRole; userAgent: string }[];
}

/** The audit's user agents, each ending with its own name and the address that explains it. */
export function auditUserAgents(siteUrl: string): AuditUserAgents {
  const self = `GEOPlatformAudit/1.0 (+${siteUrl}/en/tools)`;
  return {
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 ${self}`,
    views: VIEW_AGENTS.map((v) => ({ agent: v.token, role: v.role, userAgent: `${v.userAgent} ${self}` })),
  };
}
