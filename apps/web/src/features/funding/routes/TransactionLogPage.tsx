import { useTranslation } from 'react-i18next';
import { LedgerPage } from '../components/LedgerPage';

export default function TransactionLogPage() {
  const { t } = useTranslation();
  return <LedgerPage title={t('titles.transactionLog')} testId="transaction-log-page" />;
}
