import { App, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, staffPasswordChangeRequest } from '@kabuto/contract';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useChangePassword } from '../api/use-change-password';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangePassword();
  const { form, failure, submit, reset, pending } = useContractForm(staffPasswordChangeRequest, change);

  return (
    <ContractForm
      form={form}
      failure={failure}
      initialValues={EMPTY}
      disabled={pending}
      testId="change-password-form"
      onFinish={(values) =>
        submit(values, {
          onSuccess: ({ revoked }) => {
            reset();
            void message.success(t('account.password.done', { count: revoked }));
          },
        })
      }
    >
      <FormField name="oldPassword" label={t('account.password.old')}>
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </FormField>
      <FormField
        name="newPassword"
        label={t('account.password.new')}
        extra={t('account.password.newHint', { min: STAFF_PASSWORD_MIN, max: STAFF_PASSWORD_MAX })}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={STAFF_PASSWORD_MAX}
          data-testid="new-password"
        />
      </FormField>
      <FormField name="confirmPassword" label={t('account.password.confirm')}>
        <Input.Password
          autoComplete="new-password"
          maxLength={STAFF_PASSWORD_MAX}
          data-testid="confirm-password"
        />
      </FormField>
      <Button type="primary" htmlType="submit" loading={pending} data-testid="change-password-submit">
        {t('account.password.submit')}
      </Button>
    </ContractForm>
  );
}
