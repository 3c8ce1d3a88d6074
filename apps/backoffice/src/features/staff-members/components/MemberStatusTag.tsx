import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function MemberStatusTag({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={disabled ? 'default' : 'success'} data-testid="member-status">
      {disabled ? t('staffMembers.status.disabled') : t('staffMembers.status.active')}
    </Tag>
  );
}
