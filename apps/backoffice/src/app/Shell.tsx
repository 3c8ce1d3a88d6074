import { Button, Layout, Menu, Space, Typography } from 'antd';
import { HomeOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../components/LanguageSelect';
import { apiPost } from './api-client';
import { SECTIONS } from './sections';
import { useStaffSession } from './session-store';
import { StaffBadge } from './StaffBadge';
import { useStaffProfile } from './use-staff-profile';

const SIDER_WIDTH = 232;

function selectedMenuKey(pathname: string): string {
  return SECTIONS.find((section) => pathname.startsWith(section.path))?.path ?? '/';
}

export function Shell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const signOut = useStaffSession((state) => state.signOut);
  const staff = useStaffProfile();

  const menuItems = [
    { key: '/', icon: <HomeOutlined />, label: t('nav.home') },
    ...SECTIONS.filter((section) => staff?.permissions.includes(section.permission)).map((section) => ({
      key: section.path,
      icon: section.icon,
      label: t(section.labelKey),
    })),
  ];

  async function logout() {
    await apiPost('/api/staff/auth/logout').catch(() => undefined);
    signOut();
    queryClient.clear();
    navigate('/login', { replace: true });
  }

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
          <nav data-testid="side-menu">
            <Menu
              theme="dark"
              mode="inline"
              selectedKeys={[selectedMenuKey(pathname)]}
              items={menuItems}
              onClick={({ key }) => navigate(key)}
            />
          </nav>
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
            {staff && <StaffBadge staff={staff} />}
            <LanguageSelect />
            <Button icon={<LogoutOutlined />} onClick={() => void logout()} data-testid="logout">
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
