import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function GuidePage() {
  const { t } = useTranslation('guide');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
