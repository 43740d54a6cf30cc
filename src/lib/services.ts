// The six services the site sells. Ids are stable: they appear in URLs
// (`/{lang}/contact?service=…`), in the contact form's select and in stored leads. Titles,
// descriptions and features live in the `services` translation namespace under `items.{id}`.

export interface ServiceOffer {
  id: ServiceId;
  /** Starting price in US dollars, or null for "Contact for Pricing". */
  priceFrom: number | null;
  popular: boolean;
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
  { id: 'ai-visibility-audit', priceFrom: null, popular: false },
  { id: 'technical-implementation', priceFrom: null, popular: false },
  { id: 'content-strategy', priceFrom: 1499, popular: false },
  { id: 'monitoring-analytics', priceFrom: 799, popular: false },
  { id: 'complete-transformation', priceFrom: null, popular: true },
  { id: 'compliance-consulting', priceFrom: null, popular: false },
];

/** Topics the contact form offers besides the services. */
export const CONTACT_TOPICS = ['partnership', 'other'] as const;

export function isServiceId(value: unknown): value is ServiceId {
  return typeof value === 'string' && (SERVICE_IDS as readonly string[]).includes(value);
}
