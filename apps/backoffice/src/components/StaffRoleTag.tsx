import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffRole } from '@kabuto/contract';

const ROLE_COLORS: Record<StaffRole, string> = {
  admin: 'red',
  compliance: 'purple',
  finance: 'gold',
  dealer: 'blue',
  support: 'green',
};

export function StaffRoleTag({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLORS[role]} data-testid="staff-role">
      {t(`roles.${role}`)}
    </Tag>
  );
}
