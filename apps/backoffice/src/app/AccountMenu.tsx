import { Button, Dropdown, Space, Typography } from 'antd';
import { DownOutlined, KeyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StaffRoleTag } from '../components/StaffRoleTag';
import { useSeedText } from '../lib/seed-text';
import { useStaffProfile } from '../lib/staff-profile';

/** The signed-in member's name and role, opening their own account settings. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useStaffProfile().data;
  const seedText = useSeedText();
  if (!staff) return null;
  const items = [{ key: '/account/password', icon: <KeyOutlined />, label: t('account.password.title') }];
  return (
    <Space size={8} data-testid="staff-badge">
      <Dropdown menu={{ items, onClick: ({ key }) => navigate(key) }} trigger={['click']}>
        <Button type="text" icon={<UserOutlined />} data-testid="account-menu">
          <Typography.Text strong>{seedText(staff.displayName, staff.displayNameKey)}</Typography.Text>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <StaffRoleTag role={staff.role} />
    </Space>
  );
}
