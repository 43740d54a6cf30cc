import { PageHero } from '../components/PageHero.tsx';
import { useT } from '../i18n/hooks.ts';

export default function ContactPage() {
  const { t } = useT('contact');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
