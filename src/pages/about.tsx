import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function AboutPage() {
  const { t } = useTranslation('about');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
