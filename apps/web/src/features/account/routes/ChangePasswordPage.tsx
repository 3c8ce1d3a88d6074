import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubPage } from '../../../components/ui/SubPage';
import { useChangePassword } from '../api/passwords';
import { PasswordChangeForm } from '../components/PasswordChangeForm';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  return (
    <SubPage title={t('titles.changePassword')} testId="change-password-page">
      <PasswordChangeForm
        mutation={changePassword}
        oldPasswordLabel={t('password.currentLogin')}
        onChanged={() => {
          Toast.show({ icon: 'success', content: t('password.changedOthersLoggedOut'), duration: 2000 });
          navigate(-1);
        }}
      />
    </SubPage>
  );
}
