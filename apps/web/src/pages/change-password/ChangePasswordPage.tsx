import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubPage } from '../../components/ui/SubPage';
import { PasswordChangeForm } from '../../features/account/components/PasswordChangeForm';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SubPage title={t('titles.changePassword')} testId="change-password-page">
      <PasswordChangeForm
        endpoint="/account/password"
        oldPasswordLabel={t('password.currentLogin')}
        onChanged={() => {
          Toast.show({ icon: 'success', content: t('password.changedOthersLoggedOut'), duration: 2000 });
          navigate(-1);
        }}
      />
    </SubPage>
  );
}
