import { Link, useLoaderData } from 'react-router-dom';
import { LinkOutcome } from '../components/LinkOutcome.tsx';
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
  const ended =
    result === 'expired' ||
    result === 'invalid' ||
    result === 'unsubscribed' ||
    result === 'alreadyUnsubscribed';
  return (
    <LinkOutcome
      name="newsletter"
      result={result}
      title={t(`${key}.title`)}
      text={t(`${key}.text`, { email: outcome?.email ?? '' })}
      confirm={
        result === 'askUnsubscribe' && outcome?.token
          ? { action: newsletterPath(lang, 'unsubscribe', outcome.token), label: t('unsubscribeButton') }
          : undefined
      }
    >
      {ended ? (
        <Link to={`${localePath(lang, 'blog')}#newsletter`} className="btn btn-outline">
          {t('subscribeAgain')}
        </Link>
      ) : null}
      <Link to={localePath(lang, 'blog')} className="btn btn-ghost">
        {t('toBlog')}
      </Link>
    </LinkOutcome>
  );
}
