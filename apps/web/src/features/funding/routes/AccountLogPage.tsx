import { useTranslation } from 'react-i18next';
import { LedgerPage } from '../components/LedgerPage';

export default function AccountLogPage() {
  const { t } = useTranslation();
  return <LedgerPage title={t('titles.accountLog')} testId="account-log-page" group="funding" />;
}
