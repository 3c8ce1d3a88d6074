import { ApiError } from '@kabuto/client';
import { Button, List } from 'antd-mobile';
import { totpVerifyRequest, type LoginChallenge } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { toastError } from '../../../lib/error-toast';
import { passkeysAvailable, getPasskeyAssertion } from '../../../lib/passkey';
import { useLoginFactor } from '../api/sign-in';

interface LoginFactorStepProps {
  challenge: LoginChallenge;
  onSignedIn: () => void;
  /** The challenge has expired or was used up: back to the password. */
  onRestart: () => void;
}

/** The second step of a login: the passkey, or a code from the authenticator app. */
export function LoginFactorStep({ challenge, onSignedIn, onRestart }: LoginFactorStepProps) {
  const { t } = useTranslation();
  const loginFactor = useLoginFactor();
  const form = useForm({ code: '' });
  const passkeyOptions = passkeysAvailable() ? challenge.passkeyOptions : null;
  const hasTotp = challenge.methods.includes('totp');

  const restartIfExpired = (error: Error) => {
    if (error instanceof ApiError && error.errorCode === 'LOGIN_CHALLENGE_EXPIRED') onRestart();
  };

  const withPasskey = async () => {
    if (!passkeyOptions) return;
    const response = await getPasskeyAssertion(passkeyOptions).catch(() => null);
    if (!response) return toastError(t('stepUp.passkeyCancelled'));
    form.send(
      loginFactor,
      { challengeToken: challenge.challengeToken, answer: { method: 'passkey', response } },
      onSignedIn,
      restartIfExpired,
    );
  };

  const withCode = () => {
    const body = form.parse(totpVerifyRequest);
    if (!body) return;
    form.send(
      loginFactor,
      { challengeToken: challenge.challengeToken, answer: { method: 'totp', code: body.code } },
      onSignedIn,
      restartIfExpired,
    );
  };

  return (
    <div data-testid="login-factor">
      <div className="kb-form-hero">
        <h2>{t('loginFactor.title')}</h2>
        <p>{t('loginFactor.subtitle')}</p>
      </div>
      {passkeyOptions && (
        <div className="kb-actions">
          <Button
            block
            size="large"
            color="primary"
            loading={loginFactor.isPending}
            onClick={() => void withPasskey()}
            data-testid="login-factor-passkey"
          >
            {t('loginFactor.usePasskey')}
          </Button>
        </div>
      )}
      {hasTotp && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            withCode();
          }}
        >
          <FormAlert alert={form.alert} testId="login-factor" />
          <List className="kb-form">
            <FormField
              {...form.field('code')}
              label={t('security.code')}
              placeholder={t('stepUp.codePlaceholder')}
              type="tel"
              autoComplete="one-time-code"
              maxLength={7}
              testId="login-factor-code"
            />
          </List>
          <div className="kb-actions">
            <Button
              type="submit"
              block
              size="large"
              color={passkeyOptions ? 'default' : 'primary'}
              loading={loginFactor.isPending}
              data-testid="login-factor-submit"
            >
              {t('loginFactor.submit')}
            </Button>
          </div>
        </form>
      )}
      {!passkeyOptions && !hasTotp && <p className="kb-page-note">{t('loginFactor.passkeyUnavailable')}</p>}
      <div className="kb-inline-links">
        <button type="button" className="kb-link" onClick={onRestart} data-testid="login-factor-back">
          {t('loginFactor.back')}
        </button>
      </div>
    </div>
  );
}
