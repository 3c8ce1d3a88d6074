import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { useBankAccounts } from '../api/bank-accounts';
import { BankAccountForm } from '../components/BankAccountForm';
import { BankAccountList } from '../components/BankAccountList';

/** The customer's withdrawal accounts: the list, and a form to add one. */
export default function BankAccountPage() {
  const { t } = useTranslation();
  const accounts = useBankAccounts();
  return (
    <SubPage title={t('titles.bankAccount')} testId="bank-account-page">
      <section className="kb-section" data-testid="bank-accounts">
        <h2>{t('funding.bank.registered')}</h2>
        {accounts.data ? (
          <BankAccountList accounts={accounts.data} />
        ) : (
          accounts.isPending && <DelayedLoading />
        )}
      </section>
      <section className="kb-section" style={{ padding: '16px 0 0' }}>
        <h2 style={{ padding: '0 16px' }}>{t('funding.bank.addHeading')}</h2>
        <BankAccountForm />
      </section>
    </SubPage>
  );
}
