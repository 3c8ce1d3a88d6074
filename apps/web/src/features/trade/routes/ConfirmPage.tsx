import { useTradeTranslation } from '../lib/texts';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function ConfirmPage() {
  const { t } = useTradeTranslation();
  return <PlaceholderPage title={t('titles.confirm')} />;
}
