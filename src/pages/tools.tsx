import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function ToolsPage() {
  const { t } = useTranslation('tools');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
