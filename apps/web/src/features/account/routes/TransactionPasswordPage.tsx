import { useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubPage } from '../../../components/ui/SubPage';
import { PasswordChangeForm } from '../components/PasswordChangeForm';
import { useUserInfo } from '../../../lib/current-user';
import { useChangeTransactionPassword } from '../api/passwords';

/** What was just saved: the first transaction password, or a new one in place of the old. */
type Saved = 'set' | 'changed';

function SavedResult({ saved }: { saved: Saved }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="kb-section" data-testid="transaction-password-saved">
      <Result
        status="success"
        title={t(saved === 'set' ? 'password.transactionSetDone' : 'password.transactionChangedDone')}
        description={t('password.transactionSavedText')}
      />
      <Button block color="primary" size="large" onClick={() => navigate(-1)}>
        {t('password.done')}
      </Button>
    </section>
  );
}

/** Sets the transaction password the first time (confirmed by the login password) or changes it. */
export default function TransactionPasswordPage() {
  const { t } = useTranslation();
  const { data: userInfo } = useUserInfo();
  const hasTransactionPassword = userInfo?.has_transaction_password ?? false;
  const changeTransactionPassword = useChangeTransactionPassword();
  const [saved, setSaved] = useState<Saved | null>(null);
  return (
    <SubPage title={t('titles.transactionPassword')} testId="transaction-password-page">
      {saved ? (
        <SavedResult saved={saved} />
      ) : (
        <>
          <p className="kb-muted" style={{ padding: '12px 16px 0' }} data-testid="transaction-password-intro">
            {hasTransactionPassword
              ? t('password.transactionChangeIntro')
              : t('password.transactionSetIntro')}
          </p>
          <PasswordChangeForm
            mutation={changeTransactionPassword}
            oldPasswordLabel={
              hasTransactionPassword ? t('password.currentTransaction') : t('password.currentLogin')
            }
            newPasswordLabel={t('password.newTransaction')}
            confirmPasswordLabel={t('password.confirmNewTransaction')}
            onChanged={() => setSaved(hasTransactionPassword ? 'changed' : 'set')}
          />
        </>
      )}
    </SubPage>
  );
}
