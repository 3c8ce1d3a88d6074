import { useState } from 'react';
import { Button, Input, List, Toast } from 'antd-mobile';
import { resetPasswordRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import { LOGIN_PATH } from '../../app/paths';
import { SubPage } from '../../components/ui/SubPage';
import { PasswordInput } from '../../features/auth/components/PasswordInput';
import { SmsCodeButton } from '../../features/auth/components/SmsCodeButton';
import { validateForm } from '../../lib/validate-form';
import { useApiAction } from '../../lib/use-api-action';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy: submitting, run } = useApiAction();

  const submit = async () => {
    const body = validateForm(resetPasswordRequest, { mobile, smsCode, password, confirmPassword });
    if (!body) return;
    await run(async () => {
      await api.post('/auth/reset-password', body);
      Toast.show({ icon: 'success', content: t('forgot.success'), duration: 1500 });
      navigate(LOGIN_PATH, { replace: true });
    });
  };

  return (
    <SubPage title={t('titles.forgotPassword')} testId="forgot-page">
      <div className="kb-form-hero">
        <p>{t('forgot.intro')}</p>
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
              maxLength={20}
              data-testid="forgot-mobile"
            />
          </List.Item>
          <List.Item
            prefix={t('auth.smsCode')}
            extra={<SmsCodeButton mobile={mobile} purpose="reset_password" />}
          >
            <Input
              value={smsCode}
              onChange={setSmsCode}
              type="tel"
              placeholder={t('auth.smsCodePlaceholder')}
              maxLength={6}
              autoComplete="one-time-code"
              data-testid="forgot-sms"
            />
          </List.Item>
          <List.Item prefix={t('auth.newPassword')}>
            <PasswordInput
              value={password}
              onChange={setPassword}
              placeholder={t('auth.newPasswordPlaceholder')}
              autoComplete="new-password"
              testId="forgot-password"
            />
          </List.Item>
          <List.Item prefix={t('auth.confirmPassword')}>
            <PasswordInput
              value={confirmPassword}
              onChange={setConfirmPassword}
              placeholder={t('auth.confirmPasswordPlaceholder')}
              autoComplete="new-password"
              testId="forgot-confirm"
            />
          </List.Item>
        </List>
        <div className="kb-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            block
            loading={submitting}
            data-testid="forgot-submit"
          >
            {t('forgot.submit')}
          </Button>
        </div>
      </form>
    </SubPage>
  );
}
