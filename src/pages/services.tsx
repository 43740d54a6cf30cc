import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function ServicesPage() {
  const { t } = useTranslation('services');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
