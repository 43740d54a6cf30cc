import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function ContactPage() {
  const { t } = useTranslation('contact');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
