import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { USER_STATUSES } from '@kabuto/contract';

type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The account's status and, while wrong passwords have it locked, that it is locked (the lock lifts by
 * itself at `lockedUntil`; freezing is staff's decision and has to be undone by staff).
 */
export function UserStatusTag({ status, lockedUntil }: { status: UserStatus; lockedUntil?: string | null }) {
  const { t } = useTranslation();
  const locked = !!lockedUntil && new Date(lockedUntil).getTime() > Date.now();
  return (
    <Space size={4}>
      <Tag color={status === 'frozen' ? 'error' : 'success'} data-testid="user-status">
        {t(`userStatus.${status}`)}
      </Tag>
      {locked && (
        <Tag color="warning" data-testid="user-locked">
          {t('userStatus.locked')}
        </Tag>
      )}
    </Space>
  );
}
