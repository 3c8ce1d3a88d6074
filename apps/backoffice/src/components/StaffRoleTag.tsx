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

/** antd's gold and green tag text is below 4.5:1 on their tag backgrounds: darker shades of the same hues. */
const ROLE_TEXT_COLORS: Partial<Record<StaffRole, string>> = {
  finance: '#874d00',
  support: '#135200',
};

export function StaffRoleTag({ role }: { role: StaffRole }) {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLORS[role]} style={{ color: ROLE_TEXT_COLORS[role] }} data-testid="staff-role">
      {t(`roles.${role}`)}
    </Tag>
  );
}
