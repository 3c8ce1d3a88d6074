import { Button, ErrorBlock, Result, Toast } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { formatJst, type KycPhotoSide, type KycState } from '@kabuto/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';

import { useKycState, useOwnKycPhoto } from '../api/kyc';
import { IdentityForm } from '../components/IdentityForm';

function SubmittedPhoto({ side, state }: { side: KycPhotoSide; state: KycState }) {
  const { t } = useTranslation();
  const { data: url, isError } = useOwnKycPhoto(side, state.submittedAt);
  // No stored photo (an account verified without an upload): nothing to show rather than an empty frame.
  if (isError) return null;
  return (
    <figure className="kb-kyc-photo">
      {url ? <img src={url} alt={t(`kycForm.${side}`)} /> : <div className="kb-kyc-photo-empty" />}
      <figcaption>{t(`kycForm.${side}`)}</figcaption>
    </figure>
  );
}

function Status({ state, onResubmit }: { state: KycState; onResubmit: () => void }) {
  const { t } = useTranslation();
  const submitted = state.submittedAt ? formatJst(state.submittedAt) : '';
  if (state.status === 'pending')
    return (
      <Result
        status="waiting"
        className="kb-result-pending"
        icon={<ClockCircleOutline />}
        title={t('kycState.pendingTitle')}
        description={t('kycState.pendingText', { time: submitted })}
      />
    );
  if (state.status === 'passed')
    return (
      <Result
        status="success"
        title={t('kycState.passedTitle')}
        description={
          state.fullName ? t('kycState.passedText', { name: state.fullName }) : t('kycState.passedTextNoName')
        }
      />
    );
  return (
    <>
      <Result
        status="error"
        title={t('kycState.rejectedTitle')}
        description={
          <span data-testid="kyc-reason">{t('kycState.rejectedReason', { reason: state.reason ?? '' })}</span>
        }
      />
      <div className="kb-actions">
        <Button color="primary" size="large" block onClick={onResubmit} data-testid="kyc-resubmit">
          {t('kycState.resubmit')}
        </Button>
      </div>
    </>
  );
}

export default function IdentityVerificationPage() {
  const { t } = useTranslation();
  const { data: state, isError, refetch } = useKycState();
  const [resubmitting, setResubmitting] = useState(false);
  const showForm = state && (state.status === 'none' || (state.status === 'rejected' && resubmitting));
  return (
    <SubPage title={t('titles.identityVerification')} testId="kyc-page">
      {isError && (
        <ErrorBlock status="default">
          <Button onClick={() => void refetch()}>{t('common:retry')}</Button>
        </ErrorBlock>
      )}
      {state && (
        <div data-testid={`kyc-state-${state.status}`}>
          {showForm ? (
            <>
              <p className="kb-muted" style={{ padding: '12px 16px 0' }}>
                {t('kycState.intro')}
              </p>
              <IdentityForm
                onSubmitted={() => {
                  setResubmitting(false);
                  Toast.show({ icon: 'success', content: t('kycState.submitted'), duration: 2000 });
                }}
              />
            </>
          ) : (
            <>
              <Status state={state} onResubmit={() => setResubmitting(true)} />
              {/* The demo investor was verified without a submission: there are no photos to show. */}
              {state.submittedAt && (
                <div className="kb-kyc-photos">
                  <SubmittedPhoto side="front" state={state} />
                  <SubmittedPhoto side="back" state={state} />
                </div>
              )}
            </>
          )}
        </div>
      )}
    </SubPage>
  );
}
