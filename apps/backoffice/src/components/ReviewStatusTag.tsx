import { Tag } from 'antd';
import type { ReviewStatus } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ReviewStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="review-status">
      {t(`reviewStatus.${status}`)}
    </Tag>
  );
}
