import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SubPage } from '../../../components/ui/SubPage';
import { LanguageShortcut } from '../components/LanguageShortcut';
import { RegisterForm } from '../components/RegisterForm';

export default function RegisterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <SubPage title={t('titles.register')} right={<LanguageShortcut />} testId="register-page">
      <div className="kb-form-hero">
        <h2>{t('register.heading')}</h2>
        <p>{t('register.subtitle')}</p>
      </div>
      <RegisterForm inviteCode={searchParams.get('invite') ?? ''} />
    </SubPage>
  );
}
