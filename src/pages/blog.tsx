import { useTranslation } from 'react-i18next';
import { PageHero } from '../components/PageHero.tsx';

export default function BlogPage() {
  const { t } = useTranslation('blog');
  return <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />;
}
