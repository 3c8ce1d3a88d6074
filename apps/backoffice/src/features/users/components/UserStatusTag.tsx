import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { USER_STATUSES } from '@kabuto/contract';

type UserStatus = (typeof USER_STATUSES)[number];

export function UserStatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'frozen' ? 'error' : 'success'} data-testid="user-status">
      {t(`userStatus.${status}`)}
    </Tag>
  );
}
