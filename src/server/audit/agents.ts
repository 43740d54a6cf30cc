import { CRAWLERS, type BotCategory } from '../../lib/visitor.ts';

// The agents the audit judges robots.txt for, taken from the site's crawler catalogue (the entries
// marked `audited` in src/lib/visitor.ts and src/lib/crawler-catalogue.ts), in its order, by the
// name the report shows. robots.txt matches user-agent lines without regard to case (RFC 9309
// §2.2.1), so "Bingbot" finds a "bingbot" group.

function auditedAgents(category: BotCategory): readonly string[] {
  return CRAWLERS.filter((c) => c.audited && c.category === category).map((c) => c.name);
}

/**
 * AI search and user-triggered agents and the search engines: they fetch pages to answer, cite and
 * list them. Blocking one fails.
 */
export const SEARCH_AGENTS = auditedAgents('search');

/**
 * The search agents that fetch a page because a person asked about it (ChatGPT-User,
 * Perplexity-User, Claude-User): their operators say how far robots.txt binds them, so a rule
 * against one is shown for information, never judged as a crawler's (issue 37).
 */
export const USER_FETCHERS = CRAWLERS.filter((c) => c.audited && c.kind === 'user-fetch').map((c) => c.name);

/** Training crawlers: whether to feed them is the site's choice, reported and never penalised. */
export const TRAINING_AGENTS = auditedAgents('training');

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
