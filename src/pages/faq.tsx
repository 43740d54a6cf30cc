import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function FaqPage() {
  const { t } = useTranslation('faq');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
