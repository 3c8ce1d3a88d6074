import { Button } from 'antd-mobile';
import type { KycStatus } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REAL_NAME_PATH } from '../../../lib/paths';

/**
 * In place of the firm's account and the notice form until identity verification has passed: the firm takes
 * money only from a customer it has verified (the server refuses the notice, and staff the credit), so the
 * account to pay into is not shown before.
 */
export function VerifyBeforeDeposit({ status }: { status: Exclude<KycStatus, 'passed'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const waiting = status === 'pending';
  return (
    <section className="kb-section" data-testid="deposit-verify-first">
      <h2>{t(waiting ? 'funding.verifyFirst.pendingHeading' : 'funding.verifyFirst.heading')}</h2>
      <p style={{ margin: '0 0 12px', fontSize: 14, lineHeight: 1.7 }}>
        {t(waiting ? 'funding.verifyFirst.pendingText' : 'funding.verifyFirst.text')}
      </p>
      <Button
        block
        color="primary"
        fill={waiting ? 'outline' : 'solid'}
        onClick={() => navigate(REAL_NAME_PATH)}
        data-testid="deposit-verify-link"
      >
        {t(waiting ? 'funding.verifyFirst.pendingAction' : 'funding.verifyFirst.action')}
      </Button>
    </section>
  );
}
