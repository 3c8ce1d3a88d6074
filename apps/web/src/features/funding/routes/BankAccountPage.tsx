import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { SECURITY_PATH } from '../../../lib/paths';
import { useBankAccountFactorRequired, useBankAccounts } from '../api/bank-accounts';
import { BankAccountForm } from '../components/BankAccountForm';
import { BankAccountList } from '../components/BankAccountList';
import { SetUpFirst } from '../components/SetUpFirst';

/** The customer's withdrawal accounts: the list, and a form to add one. */
export default function BankAccountPage() {
  const { t } = useTranslation();
  const accounts = useBankAccounts();
  const factorRequired = useBankAccountFactorRequired();
  // A new key after each added account: the form starts again, empty.
  const [formKey, setFormKey] = useState(0);
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
        {factorRequired && (
          <SetUpFirst to={SECURITY_PATH} testId="bank-set-factor">
            {t('funding.bank.setSecondFactor')}
          </SetUpFirst>
        )}
        <BankAccountForm key={formKey} onAdded={() => setFormKey((key) => key + 1)} />
      </section>
    </SubPage>
  );
}
