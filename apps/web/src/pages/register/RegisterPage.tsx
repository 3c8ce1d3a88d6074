import { useState } from 'react';
import { Button, Checkbox, Input, List, Toast } from 'antd-mobile';
import { registerRequest, type SessionResponse } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api-client';
import { AGREEMENT_PATH, LOGIN_PATH, PRIVACY_PATH } from '../../app/paths';
import { SubPage } from '../../components/ui/SubPage';
import { LanguageShortcut } from '../../features/auth/components/LanguageShortcut';
import { PasswordInput } from '../../features/auth/components/PasswordInput';
import { SmsCodeButton } from '../../features/auth/components/SmsCodeButton';
import { useSignIn } from '../../features/auth/use-sign-in';
import { deviceId } from '../../lib/device-id';
import { validateForm } from '../../lib/validate-form';
import { useApiAction } from '../../lib/use-api-action';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [searchParams] = useSearchParams();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(searchParams.get('invite') ?? '');
  const [smsCode, setSmsCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { busy: submitting, run } = useApiAction();

  const submit = async () => {
    const body = validateForm(registerRequest, {
      mobile,
      password,
      confirmPassword,
      inviteCode,
      smsCode,
      deviceId: deviceId(),
    });
    if (!body) return;
    if (!agreed) {
      Toast.show({ content: t('register.agreementRequired'), duration: 2000 });
      return;
    }
    await run(async () => {
      signIn(await api.post<SessionResponse>('/auth/register', body));
    });
  };

  return (
    <SubPage title={t('titles.register')} right={<LanguageShortcut />} testId="register-page">
      <div className="kb-form-hero">
        <h2>{t('register.heading')}</h2>
        <p>{t('register.subtitle')}</p>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <List className="kb-form">
          <List.Item prefix={t('auth.mobile')}>
            <Input
              value={mobile}
              onChange={setMobile}
              type="tel"
              placeholder={t('auth.mobilePlaceholder')}
              autoComplete="tel"
              maxLength={20}
              data-testid="register-mobile"
            />
          </List.Item>
          <List.Item prefix={t('auth.password')}>
            <PasswordInput
              value={password}
              onChange={setPassword}
              placeholder={t('auth.newPasswordPlaceholder')}
              autoComplete="new-password"
              testId="register-password"
            />
          </List.Item>
          <List.Item prefix={t('auth.confirmPassword')}>
            <PasswordInput
              value={confirmPassword}
              onChange={setConfirmPassword}
              placeholder={t('auth.confirmPasswordPlaceholder')}
              autoComplete="new-password"
              testId="register-confirm"
            />
          </List.Item>
          <List.Item prefix={t('register.inviteCode')}>
            <Input
              value={inviteCode}
              onChange={setInviteCode}
              placeholder={t('register.inviteCodePlaceholder')}
              maxLength={32}
              data-testid="register-invite"
            />
          </List.Item>
          <List.Item prefix={t('auth.smsCode')} extra={<SmsCodeButton mobile={mobile} purpose="register" />}>
            <Input
              value={smsCode}
              onChange={setSmsCode}
              type="tel"
              placeholder={t('auth.smsCodePlaceholder')}
              maxLength={6}
              autoComplete="one-time-code"
              data-testid="register-sms"
            />
          </List.Item>
        </List>
        <div className="kb-agreement">
          <Checkbox checked={agreed} onChange={setAgreed} data-testid="register-agree">
            {t('register.agree')}
          </Checkbox>
          <div className="kb-agreement-links">
            <button
              type="button"
              className="kb-link"
              onClick={() => navigate(AGREEMENT_PATH)}
              data-testid="register-agreement-link"
            >
              {t('register.agreementLink')}
            </button>
            <button
              type="button"
              className="kb-link"
              onClick={() => navigate(PRIVACY_PATH)}
              data-testid="register-privacy-link"
            >
              {t('register.privacyLink')}
            </button>
          </div>
        </div>
        <div className="kb-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            block
            loading={submitting}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
          <button
            type="button"
            className="kb-link"
            onClick={() => navigate(LOGIN_PATH, { replace: true })}
            data-testid="register-to-login"
          >
            {t('register.toLogin')}
          </button>
        </div>
      </form>
    </SubPage>
  );
}
