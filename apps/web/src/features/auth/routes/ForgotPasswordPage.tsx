import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <SubPage title={t('titles.forgotPassword')} testId="forgot-page">
      <div className="kb-form-hero">
        <p>{t('forgot.intro')}</p>
      </div>
      <ForgotPasswordForm />
    </SubPage>
  );
}
