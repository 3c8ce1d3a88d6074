import { Alert, Button, Input } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { staffLoginRequest } from '@kabuto/contract';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useErrorText } from '../../../lib/error-text';
import { useStaffSession } from '../../../lib/session-store';
import { useStaffLogin } from '../api/use-staff-login';

const EMPTY = { username: '', password: '', totp: '' };

/** Staff ID, password and authenticator code; after a refusal the code is cleared (each is good once). */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notice = useStaffSession((state) => state.notice);
  const login = useStaffLogin();
  const { form, failure, submit, pending } = useContractForm(staffLoginRequest, login);

  return (
    <>
      {notice && !failure && (
        <Alert
          type="warning"
          showIcon
          title={errorText(notice)}
          data-testid="session-notice"
          style={{ marginBottom: 16 }}
        />
      )}
      <ContractForm
        form={form}
        failure={failure}
        initialValues={EMPTY}
        disabled={pending}
        onFinish={(values) =>
          submit(values, { onSuccess: onSignedIn, onError: () => form.setFieldValue('totp', '') })
        }
      >
        <FormField name="username" label={t('login.username')}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-username" />
        </FormField>
        <FormField name="password" label={t('login.password')}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </FormField>
        <FormField name="totp" label={t('login.totp')} extra={t('login.totpHint')}>
          <Input
            prefix={<KeyOutlined />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="login-totp"
          />
        </FormField>
        <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </ContractForm>
    </>
  );
}
