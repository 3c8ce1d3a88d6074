import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function IpoPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.ipo')} />;
}
