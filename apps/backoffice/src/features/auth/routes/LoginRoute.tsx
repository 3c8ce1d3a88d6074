import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { useDocumentTitle } from '../../../lib/document-title';
import { LoginForm } from '../components/LoginForm';

/** Where the staff member was going before being sent to the login page. */
function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from !== '/login' ? from : '/';
}

export function LoginRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <main
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
            <Typography.Text strong style={{ fontSize: 24 }}>
              {t('appName', { ns: 'common' })}
            </Typography.Text>
            <LanguageSelect />
          </Space>
          <Typography.Title
            level={1}
            type="secondary"
            style={{ margin: 0, fontSize: 14, fontWeight: 'normal' }}
          >
            {t('login.title')}
          </Typography.Title>
        </Space>
        <LoginForm onSignedIn={() => navigate(redirectTarget(location.state), { replace: true })} />
      </Card>
    </main>
  );
}
