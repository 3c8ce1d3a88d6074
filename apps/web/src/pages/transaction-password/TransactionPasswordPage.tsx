import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session-store';
import { SubPage } from '../../components/ui/SubPage';
import { PasswordChangeForm } from '../../features/account/components/PasswordChangeForm';
import { useUserInfo } from '../../features/account/use-user-info';

/** Sets the transaction password the first time (confirmed by the login password) or changes it. */
export default function TransactionPasswordPage() {
  const { t } = useTranslation();
  const hasTransactionPassword = useSession((state) => state.userInfo?.has_transaction_password ?? false);
  const { refetch } = useUserInfo();
  return (
    <SubPage title={t('titles.transactionPassword')} testId="transaction-password-page">
      <p className="kb-muted" style={{ padding: '12px 16px 0' }} data-testid="transaction-password-intro">
        {hasTransactionPassword ? t('password.transactionChangeIntro') : t('password.transactionSetIntro')}
      </p>
      <PasswordChangeForm
        endpoint="/account/transaction-password"
        oldPasswordLabel={
          hasTransactionPassword ? t('password.currentTransaction') : t('password.currentLogin')
        }
        onChanged={() => {
          Toast.show({ icon: 'success', content: t('password.transactionSaved'), duration: 1500 });
          void refetch();
        }}
      />
    </SubPage>
  );
}
