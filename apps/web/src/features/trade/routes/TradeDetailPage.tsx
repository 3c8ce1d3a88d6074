import { useTradeTranslation } from '../lib/texts';
import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function TradeDetailPage() {
  const { t } = useTradeTranslation();
  return <PlaceholderPage title={t('titles.tradeDetail')} />;
}
