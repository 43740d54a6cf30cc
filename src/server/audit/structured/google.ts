// The properties Google documents as required or recommended for the rich results of the types the
// audit meets most, from Google Search Central's structured data documentation ("Search Gallery",
// one page per feature: Product snippets and Merchant listings, Article, Organization, Breadcrumb,
// FAQ, Review snippet, Recipe, Event, Local business, Job posting, Video), cross-checked with the
// rules of @adobe/structured-data-validator 1.7.1 (decision 056). A rule applies to a type and to
// every type inheriting from it (a NewsArticle is an Article, a Restaurant a LocalBusiness).

export interface GoogleRule {
  /** Each must be present. */
  required?: readonly string[];
  /** At least one of each group must be present. */
  oneOf?: readonly (readonly string[])[];
  /** Required unless the entity is nested under the thing it is about (a Review inside a Product). */
  requiredUnlessNested?: readonly string[];
  recommended?: readonly string[];
}

export const GOOGLE_RULES: Readonly<Record<string, GoogleRule>> = {
  Product: {
    required: ['name'],
    oneOf: [['offers', 'review', 'aggregateRating']],
    recommended: ['image', 'description', 'brand'],
  },
  Offer: { oneOf: [['price', 'priceSpecification']], recommended: ['priceCurrency', 'availability'] },
  AggregateOffer: { required: ['lowPrice', 'priceCurrency'], recommended: ['highPrice', 'offerCount'] },
  Article: { recommended: ['headline', 'author', 'datePublished', 'dateModified', 'image'] },
  Organization: { recommended: ['name', 'url', 'logo'] },
  Brand: { required: ['name'] },
  Person: { required: ['name'] },
  BreadcrumbList: { required: ['itemListElement'] },
  ListItem: { required: ['position'], oneOf: [['name', 'item']] },
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
    required: ['name', 'startDate', 'location'],
    recommended: ['description', 'endDate', 'eventStatus', 'image', 'offers', 'organizer', 'performer'],
  },
  LocalBusiness: {
    required: ['name', 'address'],
    recommended: ['telephone', 'url', 'openingHoursSpecification', 'geo', 'priceRange', 'image'],
  },
  JobPosting: {
    required: ['title', 'description', 'datePosted', 'hiringOrganization'],
    oneOf: [['jobLocation', 'applicantLocationRequirements']],
    recommended: ['baseSalary', 'employmentType', 'validThrough', 'identifier', 'directApply'],
  },
  VideoObject: {
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: ['description', 'duration', 'contentUrl', 'embedUrl'],
  },
};
