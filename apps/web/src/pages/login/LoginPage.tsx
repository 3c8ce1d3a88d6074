import { useState } from 'react';
import { Button, Input, List } from 'antd-mobile';
import { loginRequest, type SessionResponse } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { FORGOT_PASSWORD_PATH, REGISTER_PATH } from '../../app/paths';
import { SubPage } from '../../components/ui/SubPage';
import { LanguageShortcut } from '../../features/auth/components/LanguageShortcut';
import { PasswordInput } from '../../features/auth/components/PasswordInput';
import { useSignIn } from '../../features/auth/use-sign-in';
import { deviceId } from '../../lib/device-id';
import { validateForm } from '../../lib/validate-form';
import { useApiAction } from '../../lib/use-api-action';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const { busy: submitting, run } = useApiAction();

  const submit = async () => {
    const body = validateForm(loginRequest, { account, password, deviceId: deviceId() });
    if (!body) return;
    await run(async () => {
      signIn(await api.post<SessionResponse>('/auth/login', body));
    });
  };

  return (
    <SubPage title={t('titles.login')} right={<LanguageShortcut />} testId="login-page">
      <div className="kb-form-hero">
        <h2>{t('login.welcome')}</h2>
        <p>{t('login.subtitle')}</p>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <List className="kb-form">
          <List.Item prefix={t('auth.account')}>
            <Input
              value={account}
              onChange={setAccount}
              placeholder={t('auth.accountPlaceholder')}
              type="tel"
              autoComplete="username"
              maxLength={32}
              data-testid="login-account"
            />
          </List.Item>
          <List.Item prefix={t('auth.password')}>
            <PasswordInput
              value={password}
              onChange={setPassword}
              placeholder={t('auth.passwordPlaceholder')}
              testId="login-password"
            />
          </List.Item>
        </List>
        <div className="kb-inline-links">
          <button
            type="button"
            className="kb-link"
            onClick={() => navigate(FORGOT_PASSWORD_PATH)}
            data-testid="login-forgot"
          >
            {t('login.forgot')}
          </button>
          <button
            type="button"
            className="kb-link"
            onClick={() => navigate(REGISTER_PATH)}
            data-testid="login-register"
          >
            {t('login.toRegister')}
          </button>
        </div>
        <div className="kb-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            block
            loading={submitting}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </div>
      </form>
    </SubPage>
  );
}
