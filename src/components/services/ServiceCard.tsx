import { Link } from 'react-router-dom';
import { useLang, useT } from '../../i18n/hooks.ts';
import { priceCopy, type ServiceOffer } from '../../lib/services.ts';
import { useSite } from '../../site-context.tsx';
import { localePath } from '../../site.ts';
import { ArrowRight, SparkIcon } from '../Icons.tsx';
import { Badge } from '../Primitives.tsx';
import { CheckList } from '../sections/PageBlocks.tsx';

/** The price line of a service in the page language ("From $1,499, excl. VAT", "Contact for Pricing"). */
export function usePriceLabel() {
  const { t } = useT('services');
  const lang = useLang();
  return (service: ServiceOffer) => {
    const { key, price } = priceCopy(service, lang);
    return t(key, { price });
  };
}

/** One service: category, title, description, price and duration, features, and a contact link that preselects it. */
export function ServiceCard({ service }: { service: ServiceOffer }) {
  const { t, copy } = useT('services');
  const lang = useLang();
  const price = usePriceLabel()(service);
  const { aiCrawlers } = useSite();
  const item = copy(`items.${service.id}`, { crawlers: aiCrawlers });
  const base = `service-${service.id}`;
  return (
    <article
      aria-labelledby={`${base}-title`}
      className={service.recommended ? 'card highlight h-full' : 'card h-full'}
    >
      <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-brand">{item.category}</span>
        {service.recommended ? (
          <Badge>
            <SparkIcon width={14} height={14} />
            {t('catalogue.recommended')}
          </Badge>
        ) : null}
      </div>
      <h3 id={`${base}-title`} className="card-title">
        {item.title}
      </h3>
      <p className="text-muted">{item.description}</p>
      {service.recommended ? (
        <p className="text-sm font-semibold" data-recommended-why>
          {t('catalogue.recommendedWhy')}
        </p>
      ) : null}
      <dl className="grid grid-cols-[3fr_2fr] gap-3 border-y border-border py-3">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted">{t('catalogue.price')}</dt>
          <dd className="text-base leading-tight font-extrabold" data-price>
            {price}
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-muted">{t('catalogue.duration')}</dt>
          <dd className="text-base leading-tight font-extrabold">{item.duration}</dd>
        </div>
      </dl>
      <h4 id={`${base}-included`} className="text-sm font-bold">
        {t('catalogue.included')}
      </h4>
      <CheckList
        items={item.features}
        iconSize={16}
        aria-labelledby={`${base}-included`}
        className="mb-2 text-sm"
      />
      <Link
        to={`${localePath(lang, 'contact')}?service=${service.id}`}
        className={service.recommended ? 'btn btn-primary mt-auto w-full' : 'btn btn-outline mt-auto w-full'}
      >
        {service.priceFrom === null ? t('catalogue.ctaQuote') : t('catalogue.ctaPriced')}
        <span className="sr-only"> {t('catalogue.ctaFor', { service: item.title })}</span>
        <ArrowRight width={18} height={18} />
      </Link>
    </article>
  );
}
