import { copyReader } from '../i18n/copy.ts';
import { priceCopy, SERVICES } from '../lib/services.ts';
import { organizationId } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';
import { localePath } from '../site.ts';

// The services page's own structured data: the six service cards as Service nodes in an
// ItemList, each with its Offer: a minimum price in USD, excluding VAT as the card says, per month
// for monitoring (a UnitPriceSpecification in months, UN/CEFACT code MON), or a price on request.
const jsonLd: PageJsonLd = ({ t, lang, pageUrl, siteUrl }) => {
  const copy = copyReader(t, 'services');
  const contactUrl = `${siteUrl}${localePath(lang, 'contact')}`;
  return [
    {
      '@type': 'ItemList',
      '@id': `${pageUrl}#services`,
      name: t('services:catalogue.title'),
      description: t('services:catalogue.lead'),
      numberOfItems: SERVICES.length,
      itemListElement: SERVICES.map((service, i) => {
        const item = copy(`items.${service.id}`);
        const url = `${contactUrl}?service=${service.id}`;
        const { key, price } = priceCopy(service, lang);
        const description = t(`services:${key}`, { price });
        const monthly = service.billing === 'monthly';
        const offer =
          service.priceFrom === null
            ? { description }
            : {
                description,
                priceCurrency: 'USD',
                priceSpecification: {
                  '@type': monthly ? 'UnitPriceSpecification' : 'PriceSpecification',
                  minPrice: service.priceFrom,
                  priceCurrency: 'USD',
                  valueAddedTaxIncluded: false,
                  ...(monthly ? { unitCode: 'MON', unitText: 'month' } : {}),
                },
              };
        return {
          '@type': 'ListItem',
          position: i + 1,
          item: {
            '@type': 'Service',
            '@id': `${pageUrl}#service-${service.id}`,
            name: item.title,
            description: item.description,
            serviceType: item.category,
            provider: { '@id': organizationId(siteUrl) },
            areaServed: { '@type': 'Place', name: 'Worldwide' },
            offers: { '@type': 'Offer', '@id': `${pageUrl}#offer-${service.id}`, url, ...offer },
          },
        };
      }),
    },
  ];
};
export default jsonLd;
