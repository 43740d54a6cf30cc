import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function AiActPage() {
  const { t } = useTranslation('aiAct');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
