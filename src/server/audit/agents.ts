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
