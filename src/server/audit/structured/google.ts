import type { Entity } from './graph.ts';

// The properties Google documents as required or recommended for the rich results of the types the
// audit meets most, from Google Search Central's structured data documentation (one page per
// feature: Product snippets and Merchant listings, Article, Organization, Breadcrumb, FAQ, Review
// snippet, Recipe and its instructions, Event, Local business, Job posting, Video with its Clip,
// key moments and live badge), cross-checked with the
// rules of @adobe/structured-data-validator 1.7.1 (decision 058). A rule applies to a type and to
// every type inheriting from it (a NewsArticle is an Article, a Restaurant a LocalBusiness), unless
// `exact` or `when` says otherwise.
//
// A property name with dots is a path through nested entities (`item.name`: the name of the entity
// in `item`); in `required`, a path is only asked for when its first step is there (a JobPosting's
// `jobLocation.address.addressCountry` when it has a jobLocation).

/** What a rule needs to decide whether it applies to an entity. */
export interface RuleContext {
  entity: Entity;
  parent: Entity | undefined;
  /** The types of the entities a property holds (`itemOffered` → `["Product"]`). */
  typesIn(property: string): string[];
  /** Whether one of these types is, or inherits from, `type`. */
  isA(types: readonly string[], type: string): boolean;
  /** Whether the entity sits, at any depth, under one of these properties. */
  nestedUnder(properties: ReadonlySet<string>): boolean;
  /** Whether the entity sits, at any depth, inside an entity of this type. */
  inside(type: string): boolean;
}

export interface GoogleRule {
  /** Only for this very type, not the types inheriting from it. */
  exact?: boolean;
  /** Only where this holds (an Offer only for a product, a LocalBusiness only as the page's subject). */
  when?: (context: RuleContext) => boolean;
  /** Each must be present. */
  required?: readonly string[];
  /** At least one of each group must be present. */
  oneOf?: readonly (readonly string[])[];
  /** Required unless the entity is nested under the thing it is about (a Review inside a Product). */
  requiredUnlessNested?: readonly string[];
  /** Properties whose values must be entities, not text (a breadcrumb's list items). */
  entities?: readonly string[];
  recommended?: readonly string[];
}

/** An Offer or Brand of a product: nested in one, or offering one. */
const forProduct = ({ parent, typesIn, isA }: RuleContext): boolean =>
  (parent !== undefined && isA(parent.types, 'Product')) || isA(typesIn('itemOffered'), 'Product');

/**
 * Where an organization is someone else: a merchant (`seller`), a maker (`brand`, `manufacturer`), a
 * reviewed business or a list item. Google's Organization recommendations are for the organization a
 * site describes as itself, or as its articles' publisher.
 */
const SOMEONE_ELSES = new Set([
  'offers',
  'seller',
  'brand',
  'manufacturer',
  'review',
  'reviews',
  'itemListElement',
]);

/** A page's own subject, not a business reviewed or mentioned inside another entity. */
const topLevel = ({ parent }: RuleContext): boolean => parent === undefined;

export const GOOGLE_RULES: Readonly<Record<string, GoogleRule>> = {
  Product: {
    required: ['name'],
    oneOf: [['offers', 'review', 'aggregateRating']],
    recommended: ['image', 'description', 'brand'],
  },
  Offer: {
    exact: true,
    when: forProduct,
    oneOf: [['price', 'priceSpecification']],
    recommended: ['priceCurrency', 'availability'],
  },
  AggregateOffer: {
    when: forProduct,
    required: ['lowPrice', 'priceCurrency'],
    recommended: ['highPrice', 'offerCount'],
  },
  // Merchant listings' price specifications, wherever they stand, but not a service's "from" price
  // (minPrice): a Service is no merchant listing.
  PriceSpecification: { exact: true, when: ({ inside }) => !inside('Service'), required: ['price'] },
  UnitPriceSpecification: { exact: true, when: ({ inside }) => !inside('Service'), required: ['price'] },
  Article: { recommended: ['headline', 'author', 'datePublished', 'dateModified', 'image'] },
  Organization: {
    when: ({ nestedUnder }) => !nestedUnder(SOMEONE_ELSES),
    recommended: ['name', 'url', 'logo'],
  },
  Brand: { required: ['name'] },
  Person: { required: ['name'] },
  BreadcrumbList: { required: ['itemListElement'], entities: ['itemListElement'] },
  // Breadcrumb items (HowToStep and other ListItem subtypes have rules of their own).
  ListItem: { exact: true, required: ['position'], oneOf: [['name', 'item.name']] },
  FAQPage: { required: ['mainEntity'] },
  Question: { required: ['name', 'acceptedAnswer'] },
  Answer: { required: ['text'] },
  Review: {
    required: ['author', 'reviewRating'],
    requiredUnlessNested: ['itemReviewed'],
    recommended: ['datePublished'],
  },
  Rating: { required: ['ratingValue'], recommended: ['bestRating', 'worstRating'] },
  AggregateRating: {
    required: ['ratingValue'],
    oneOf: [['ratingCount', 'reviewCount']],
    requiredUnlessNested: ['itemReviewed'],
  },
  Recipe: {
    required: ['name', 'image'],
    recommended: [
      'author',
      'datePublished',
      'description',
      'recipeIngredient',
      'recipeInstructions',
      'totalTime',
      'recipeYield',
    ],
  },
  Event: {
    // A BroadcastEvent (a video's live broadcast) is a PublicationEvent, with the Video rules' own needs.
    when: ({ entity, isA }) => !isA(entity.types, 'PublicationEvent'),
    required: ['name', 'startDate', 'location'],
    recommended: ['description', 'endDate', 'eventStatus', 'image', 'offers', 'organizer', 'performer'],
  },
  LocalBusiness: {
    when: topLevel,
    required: ['name', 'address'],
    recommended: ['telephone', 'url', 'openingHoursSpecification', 'geo', 'priceRange', 'image'],
  },
  JobPosting: {
    required: [
      'title',
      'description',
      'datePosted',
      'hiringOrganization',
      'jobLocation.address.addressCountry',
    ],
    oneOf: [['jobLocation', 'applicantLocationRequirements']],
    recommended: ['baseSalary', 'employmentType', 'validThrough', 'identifier', 'directApply'],
  },
  VideoObject: {
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: ['description', 'duration', 'contentUrl', 'embedUrl'],
  },
  Clip: { required: ['name', 'startOffset', 'url'] },
  // A video's live broadcast (the LIVE badge) and its key moments.
  BroadcastEvent: { required: ['isLiveBroadcast', 'startDate', 'endDate'] },
  SeekToAction: { required: ['target', 'startOffset-input'] },
  // A recipe's instructions (Recipe documentation, recipeInstructions).
  HowToStep: { oneOf: [['text', 'itemListElement']] },
  HowToSection: { required: ['name', 'itemListElement'] },
  HowToDirection: { required: ['text'] },
  HowToTip: { required: ['text'] },
};
