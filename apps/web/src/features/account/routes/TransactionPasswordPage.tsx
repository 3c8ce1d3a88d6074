import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { PasswordChangeForm } from '../components/PasswordChangeForm';
import { useUserInfo } from '../../../lib/current-user';
import { useChangeTransactionPassword } from '../api/passwords';

/** Sets the transaction password the first time (confirmed by the login password) or changes it. */
export default function TransactionPasswordPage() {
  const { t } = useTranslation();
  const { data: userInfo } = useUserInfo();
  const hasTransactionPassword = userInfo?.has_transaction_password ?? false;
  const changeTransactionPassword = useChangeTransactionPassword();
  return (
    <SubPage title={t('titles.transactionPassword')} testId="transaction-password-page">
      <p className="kb-muted" style={{ padding: '12px 16px 0' }} data-testid="transaction-password-intro">
        {hasTransactionPassword ? t('password.transactionChangeIntro') : t('password.transactionSetIntro')}
      </p>
      <PasswordChangeForm
        mutation={changeTransactionPassword}
        oldPasswordLabel={
          hasTransactionPassword ? t('password.currentTransaction') : t('password.currentLogin')
        }
        onChanged={() =>
          Toast.show({ icon: 'success', content: t('password.transactionSaved'), duration: 1500 })
        }
      />
    </SubPage>
  );
}
