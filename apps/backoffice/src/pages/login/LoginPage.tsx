import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { staffLoginRequest } from '@kabuto/contract';
import { useErrorText } from '../../app/error-text';
import { useStaffSession } from '../../app/session-store';
import { FormError } from '../../components/FormError';
import { LanguageSelect } from '../../components/LanguageSelect';
import { validate } from '../../lib/validate';
import { useStaffLogin, type StaffCredentials } from './use-staff-login';

type Field = keyof StaffCredentials;

function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from !== '/login' ? from : '/';
}

export function LoginPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = useStaffSession((state) => state.notice);
  const login = useStaffLogin();
  const [form] = Form.useForm<StaffCredentials>();
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);

  function submit() {
    const values = form.getFieldsValue();
    const checked = validate(staffLoginRequest, {
      username: values.username ?? '',
      password: values.password ?? '',
      totp: values.totp ?? '',
    });
    if (!checked.ok) {
      setError({
        message: t(checked.error.errorCode, { ns: 'errors', ...checked.error.params }),
        field: checked.error.field,
      });
      return;
    }
    setError(null);
    login.mutate(checked.data, {
      onSuccess: () => navigate(redirectTarget(location.state), { replace: true }),
      onError: (failure) => {
        setError({ message: errorText(failure), field: null });
        form.setFieldValue('totp', '');
      },
    });
  }

  const statusOf = (field: Field) => (error?.field === field ? 'error' : undefined);

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #1f1f1f 0%, #3a1c1a 100%)',
      }}
    >
      <Card style={{ width: 400 }} data-testid="login-card">
        <Space orientation="vertical" size={4} style={{ width: '100%', marginBottom: 24 }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('appName', { ns: 'common' })}
            </Typography.Title>
            <LanguageSelect />
          </Space>
          <Typography.Text type="secondary">{t('login.title')}</Typography.Text>
        </Space>
        {notice && !error && (
          <Alert
            type="warning"
            showIcon
            title={errorText(notice)}
            data-testid="session-notice"
            style={{ marginBottom: 16 }}
          />
        )}
        <FormError message={error?.message ?? null} />
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
          <Form.Item name="username" label={t('login.username')} validateStatus={statusOf('username')}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-username" />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} validateStatus={statusOf('password')}>
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Form.Item
            name="totp"
            label={t('login.totp')}
            extra={t('login.totpHint')}
            validateStatus={statusOf('totp')}
          >
            <Input
              prefix={<KeyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="login-totp"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
