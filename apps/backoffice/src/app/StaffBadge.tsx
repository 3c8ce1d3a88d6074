import { Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StaffProfile } from '@kabuto/contract';

const ROLE_COLORS: Record<StaffProfile['role'], string> = {
  admin: 'red',
  compliance: 'purple',
  finance: 'gold',
  dealer: 'blue',
  support: 'green',
};

export function StaffBadge({ staff }: { staff: StaffProfile }) {
  const { t } = useTranslation();
  return (
    <Space size={8} data-testid="staff-badge">
      <UserOutlined />
      <Typography.Text strong>{staff.displayName}</Typography.Text>
      <Tag color={ROLE_COLORS[staff.role]} data-testid="staff-role">
        {t(`roles.${staff.role}`)}
      </Tag>
    </Space>
  );
}
