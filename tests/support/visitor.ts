import { expect } from 'vitest';
import {
  CRAWLERS,
  type classifyVisitor,
  type BotCategory,
  type BotPriority,
  type CrawlerEntry,
} from '../../src/lib/visitor.ts';

// What the visitor classifier's tests share: the spec's crawl delays restated, the catalogue by
// token, and the profile an entry must get.

/** The spec's crawl-delay hint, restated independently of the module: 5 monitoring, 1 high, 2 otherwise. */
export function specDelay(category: BotCategory, priority: BotPriority): number {
  if (category === 'monitoring') return 5;
  if (priority === 'high') return 1;
  return 2;
}

export const entryByToken = new Map(CRAWLERS.map((c) => [c.token, c]));

export function expectEntry(profile: ReturnType<typeof classifyVisitor>, entry: CrawlerEntry): void {
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
