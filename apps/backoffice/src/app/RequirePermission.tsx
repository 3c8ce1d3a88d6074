import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@kabuto/contract';
import { useCan } from '../lib/staff-profile';

/** Shows a page only to roles holding its permission; others see why they cannot. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  const allowed = useCan(permission);
  if (!allowed) return <Result status="403" title={t('STAFF_PERMISSION_DENIED', { ns: 'errors' })} />;
  return children;
}
