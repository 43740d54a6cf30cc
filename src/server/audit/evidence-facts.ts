import { clip } from '../../lib/text.ts';
import type { AuditContext } from './context.ts';
import { SEARCH_AGENTS, TRAINING_AGENTS } from './agents.ts';
import { agentVerdict } from './read/robots.ts';
import { displayType } from './structured/validate.ts';

// The facts "what changed" compares at the level of evidence (issue 37, item 7): which crawlers
// robots.txt lets in, and which properties the page's own entities give. Language-neutral, stored
// with the run result, bounded: the audited site chooses the names.

/** Entities and properties kept per report, at most, and characters of each name. */
const MAX_ENTITIES = 10;
const MAX_PROPERTIES = 40;
const NAME_CHARS = 40;

export interface CrawlerAccess {
  agent: string;
  allowed: boolean;
}

export interface MarkupProperties {
  /** The entity's types, as written (joined). */
  type: string;
  properties: string[];
}

/** Whether robots.txt lets each audited crawler (search and training) fetch the page. */
export function crawlerAccess(ctx: Pick<AuditContext, 'robots' | 'input'>): CrawlerAccess[] {
  return [...SEARCH_AGENTS, ...TRAINING_AGENTS].map((agent) => ({
    agent,
    allowed: agentVerdict(ctx.robots, ctx.input.page.finalUrl, agent).allowed,
  }));
}

/** The properties of the page's top-level entities (its own markup, not what they hold), by type. */
export function markupProperties(ctx: Pick<AuditContext, 'structured'>): MarkupProperties[] {
  const byType = new Map<string, Set<string>>();
  for (const entity of ctx.structured.entities) {
    if (entity.parent) continue;
    const type = displayType(entity);
    if (!byType.has(type) && byType.size >= MAX_ENTITIES) continue;
    const properties = byType.get(type) ?? new Set<string>();
    for (const name of entity.properties.keys()) {
      if (properties.size >= MAX_PROPERTIES) break;
      properties.add(clip(name, NAME_CHARS));
    }
    byType.set(type, properties);
  }
  return [...byType].map(([type, properties]) => ({ type, properties: [...properties].sort() }));
}
