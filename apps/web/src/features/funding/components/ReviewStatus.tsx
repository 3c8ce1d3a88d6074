import type { ReviewStatus as Status } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import './funding.css';

/** A deposit notice's or a withdrawal's state (pending, approved, rejected) in a broker's words, as a small coloured label. */
export function ReviewStatus({ status, kind }: { status: Status; kind: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation();
  return (
    <span className={`kb-status kb-status-${status}`} data-testid="review-status">
      {t(`funding.status.${kind}.${status}`)}
    </span>
  );
}
