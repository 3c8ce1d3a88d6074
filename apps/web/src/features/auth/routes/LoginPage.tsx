import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { LanguageShortcut } from '../components/LanguageShortcut';
import { LoginForm } from '../components/LoginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <SubPage title={t('titles.login')} right={<LanguageShortcut />} testId="login-page">
      <div className="kb-form-hero">
        <h2>{t('login.welcome')}</h2>
        <p>{t('login.subtitle')}</p>
      </div>
      <LoginForm />
    </SubPage>
  );
}
