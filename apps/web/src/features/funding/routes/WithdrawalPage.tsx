import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function WithdrawalPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('titles.withdrawal')} />;
}
