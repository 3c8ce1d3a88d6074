import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { sessionEndReasonOf } from '../../../lib/paths';
import { SubPage } from '../../../components/ui/SubPage';
import { LanguageShortcut } from '../components/LanguageShortcut';
import { LoginForm } from '../components/LoginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const endedBecause = sessionEndReasonOf(useLocation().state);
  return (
    <SubPage title={t('titles.login')} right={<LanguageShortcut />} testId="login-page">
      <div className="kb-form-hero">
        <h2>{t('login.welcome')}</h2>
        <p>{t('login.subtitle')}</p>
      </div>
      {endedBecause ? (
        <p className="kb-notice" role="status" data-testid="login-session-ended">
          {t(`sessionEnded.${endedBecause}`)}
        </p>
      ) : null}
      <LoginForm />
    </SubPage>
  );
}
