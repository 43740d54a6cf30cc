// The six services the site sells. Ids are stable: they appear in URLs
// (`/{lang}/contact?service=…`), in the contact form's select and in stored leads. Titles,
// descriptions and features live in the `services` translation namespace under `items.{id}`.

import { formatUsd } from './format.ts';
import type { Lang } from '../site.ts';

export interface ServiceOffer {
  id: ServiceId;
  /** Starting price in US dollars, excluding VAT, or null for "Contact for Pricing". */
  priceFrom: number | null;
  /** How `priceFrom` is charged: once for the project, or every month (monitoring runs month to month). */
  billing: 'project' | 'monthly';
  /**
   * The service the product specification highlights (its "popular flag"). Nothing counts demand
   * before launch, so the card says it is our recommendation and why (`catalogue.recommendedWhy`).
   */
  recommended: boolean;
}

export const SERVICE_IDS = [
  'ai-visibility-audit',
  'technical-implementation',
  'content-strategy',
  'monitoring-analytics',
  'complete-transformation',
  'compliance-consulting',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const SERVICES: readonly ServiceOffer[] = [
  { id: 'ai-visibility-audit', priceFrom: null, billing: 'project', recommended: false },
  { id: 'technical-implementation', priceFrom: null, billing: 'project', recommended: false },
  { id: 'content-strategy', priceFrom: 1499, billing: 'project', recommended: false },
  { id: 'monitoring-analytics', priceFrom: 799, billing: 'monthly', recommended: false },
  { id: 'complete-transformation', priceFrom: null, billing: 'project', recommended: true },
  { id: 'compliance-consulting', priceFrom: null, billing: 'project', recommended: false },
];

/**
 * The key of a service's price line in the `services` namespace and the amount it takes as
 * `{{price}}`: the card, the page's JSON-LD and llms.txt all say the same thing (excluding VAT,
 * and "a month" for monitoring).
 */
export function priceCopy(service: ServiceOffer, lang: Lang): { key: string; price: string } {
  if (service.priceFrom === null) return { key: 'catalogue.onRequest', price: '' };
  const key = service.billing === 'monthly' ? 'catalogue.priceFromMonthly' : 'catalogue.priceFrom';
  return { key, price: formatUsd(service.priceFrom, lang) };
}

/** Topics the contact form offers besides the services. */
export const CONTACT_TOPICS = ['partnership', 'other'] as const;

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === 'string' && (SERVICE_IDS as readonly string[]).includes(value);
}
