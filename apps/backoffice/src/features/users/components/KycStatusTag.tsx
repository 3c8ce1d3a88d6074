import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KYC_STATUSES } from '@kabuto/contract';

type KycStatus = (typeof KYC_STATUSES)[number];

const COLORS: Record<KycStatus, string> = {
  none: 'default',
  pending: 'processing',
  passed: 'success',
  rejected: 'error',
};

export function KycStatusTag({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`kycStatus.${status}`)}</Tag>;
}
