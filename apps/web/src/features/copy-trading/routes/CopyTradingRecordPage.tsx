import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function CopyTradingRecordPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.copyTradingRecord')} />;
}
