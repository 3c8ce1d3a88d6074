import { Button, Layout, Space, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSelect } from '../components/LanguageSelect';
import { useLogout } from '../features/auth/api/use-logout';
import { AccountMenu } from './AccountMenu';
import { SideMenu } from './SideMenu';

const SIDER_WIDTH = 232;

export function Shell() {
  const { t } = useTranslation();
  const logout = useLogout();

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={SIDER_WIDTH} theme="dark">
        <div style={{ position: 'sticky', top: 0 }}>
          <div style={{ padding: '20px 24px' }}>
            <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
              {t('appName', { ns: 'common' })}
            </Typography.Title>
            <Typography.Text style={{ color: 'rgba(255,255,255,0.65)' }}>
              {t('shell.subtitle')}
            </Typography.Text>
          </div>
          <SideMenu />
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size={16}>
            <AccountMenu />
            <LanguageSelect />
            <Button
              icon={<LogoutOutlined />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
              data-testid="logout"
            >
              {t('shell.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
