import { Button, List, Toast } from 'antd-mobile';
import { resetPasswordRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { LOGIN_PATH } from '../../../lib/paths';
import { useResetPassword } from '../api/password-reset';
import { SmsCodeButton } from './SmsCodeButton';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useForm({ mobile: '', smsCode: '', password: '', confirmPassword: '' });

  const submit = () => {
    const body = form.parse(resetPasswordRequest);
    if (!body) return;
    form.send(resetPassword, body, () => {
      Toast.show({ icon: 'success', content: t('forgot.success'), duration: 1500 });
      navigate(LOGIN_PATH, { replace: true });
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FormAlert alert={form.alert} testId="forgot" />
      <List className="kb-form">
        <FormField
          {...form.field('mobile')}
          label={t('auth.mobile')}
          placeholder={t('auth.mobilePlaceholder')}
          type="tel"
          maxLength={20}
          testId="forgot-mobile"
        />
        <FormField
          {...form.field('smsCode')}
          label={t('auth.smsCode')}
          placeholder={t('auth.smsCodePlaceholder')}
          type="tel"
          autoComplete="one-time-code"
          maxLength={6}
          testId="forgot-sms"
          extra={<SmsCodeButton form={form} purpose="reset_password" />}
        />
        <FormField
          {...form.field('password')}
          label={t('auth.newPassword')}
          placeholder={t('auth.newPasswordPlaceholder')}
          type="password"
          autoComplete="new-password"
          testId="forgot-password"
        />
        <FormField
          {...form.field('confirmPassword')}
          label={t('auth.confirmPassword')}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          type="password"
          autoComplete="new-password"
          testId="forgot-confirm"
        />
      </List>
      <div className="kb-actions">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={resetPassword.isPending}
          data-testid="forgot-submit"
        >
          {t('forgot.submit')}
        </Button>
      </div>
    </form>
  );
}
