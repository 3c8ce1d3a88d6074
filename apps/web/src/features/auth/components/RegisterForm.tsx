import { useState } from 'react';
import { Button, Checkbox, List } from 'antd-mobile';
import { registerRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { AGREEMENT_PATH, LOGIN_PATH, PRIVACY_PATH, REGISTERED_PATH } from '../../../lib/paths';
import { useRegister } from '../api/sign-in';
import { SmsCodeButton } from './SmsCodeButton';

export function RegisterForm({ inviteCode }: { inviteCode: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({ mobile: '', password: '', confirmPassword: '', inviteCode, smsCode: '' });
  const [agreed, setAgreed] = useState(false);

  const submit = () => {
    const body = form.parse(registerRequest);
    if (!body) return;
    if (!agreed) {
      form.showAlert(t('register.agreementRequired'));
      return;
    }
    form.send(register, body, () => navigate(REGISTERED_PATH, { replace: true }));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormAlert alert={form.alert} testId="register" />
      <List className="kb-form">
        <FormField
          {...form.field('mobile')}
          label={t('auth.mobile')}
          placeholder={t('auth.mobilePlaceholder')}
          type="tel"
          autoComplete="tel"
          maxLength={20}
          testId="register-mobile"
        />
        <FormField
          {...form.field('password')}
          label={t('auth.password')}
          placeholder={t('auth.newPasswordPlaceholder')}
          type="password"
          autoComplete="new-password"
          testId="register-password"
        />
        <FormField
          {...form.field('confirmPassword')}
          label={t('auth.confirmPassword')}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          type="password"
          autoComplete="new-password"
          testId="register-confirm"
        />
        <FormField
          {...form.field('inviteCode')}
          label={t('register.inviteCode')}
          placeholder={t('register.inviteCodePlaceholder')}
          maxLength={32}
          testId="register-invite"
        />
        <FormField
          {...form.field('smsCode')}
          label={t('auth.smsCode')}
          placeholder={t('auth.smsCodePlaceholder')}
          type="tel"
          autoComplete="one-time-code"
          maxLength={6}
          testId="register-sms"
          extra={<SmsCodeButton form={form} purpose="register" />}
        />
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
          loading={register.isPending}
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
  );
}
