import { Link, useLoaderData } from 'react-router-dom';
import { useLang, useT } from '../i18n/hooks.ts';
import { newsletterPath, type NewsletterOutcome } from '../lib/newsletter.ts';
import { localePath } from '../site.ts';

/**
 * Where the newsletter emails' links lead: the outcome of a confirmation or an unsubscription, said
 * in the page's language. Unsubscribing asks for one click on a button, a plain form post that
 * works without JavaScript.
 */
export default function NewsletterPage() {
  const { t } = useT('newsletter');
  const lang = useLang();
  const outcome = useLoaderData() as NewsletterOutcome | null;
  const result = outcome?.result ?? 'invalid';
  const key = `results.${result}`;
  return (
    <section
      className="section"
      aria-labelledby="newsletter-title"
      data-testid="newsletter-outcome"
      data-result={result}
    >
      <div className="container narrow grid gap-5">
        <h1 id="newsletter-title" className="section-title">
          {t(`${key}.title`)}
        </h1>
        <p className="section-lead wrap-anywhere">{t(`${key}.text`, { email: outcome?.email ?? '' })}</p>
        {result === 'askUnsubscribe' && outcome?.token ? (
          <form method="post" action={newsletterPath(lang, 'unsubscribe', outcome.token)}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className="btn btn-primary">
              {t('unsubscribeButton')}
            </button>
          </form>
        ) : null}
        <p className="flex flex-wrap gap-3">
          {result === 'expired' ||
          result === 'invalid' ||
          result === 'unsubscribed' ||
          result === 'alreadyUnsubscribed' ? (
            <Link to={`${localePath(lang, 'blog')}#newsletter`} className="btn btn-outline">
              {t('subscribeAgain')}
            </Link>
          ) : null}
          <Link to={localePath(lang, 'blog')} className="btn btn-ghost">
            {t('toBlog')}
          </Link>
        </p>
      </div>
    </section>
  );
}
