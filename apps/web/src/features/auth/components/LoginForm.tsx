import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { loginRequest, type LoginChallenge } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { FORGOT_PASSWORD_PATH, REGISTER_PATH, returnPathOf } from '../../../lib/paths';
import { isLoginChallenge, useLogin } from '../api/sign-in';
import { LoginFactorStep } from './LoginFactorStep';

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const login = useLogin();
  const form = useForm({ account: '', password: '' });
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const signedIn = () => navigate(returnPathOf(state), { replace: true });

  const submit = () => {
    const body = form.parse(loginRequest);
    if (!body) return;
    form.send(login, body, (answer) => (isLoginChallenge(answer) ? setChallenge(answer) : signedIn()));
  };

  if (challenge)
    return (
      <LoginFactorStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallenge(null);
          form.reset();
        }}
      />
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormAlert alert={form.alert} testId="login" />
      <List className="kb-form">
        <FormField
          {...form.field('account')}
          label={t('auth.account')}
          placeholder={t('auth.accountPlaceholder')}
          type="tel"
          autoComplete="username"
          maxLength={32}
          testId="login-account"
        />
        <FormField
          {...form.field('password')}
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          type="password"
          testId="login-password"
        />
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
          loading={login.isPending}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </div>
    </form>
  );
}
