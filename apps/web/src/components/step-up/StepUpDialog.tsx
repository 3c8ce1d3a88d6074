import { useState } from 'react';
import { ApiError } from '@kabuto/client';
import { Button, Input, Popup } from 'antd-mobile';
import { routes, type FactorItem } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { toastError } from '../../lib/error-toast';
import { passkeysAvailable, getPasskeyAssertion } from '../../lib/passkey';
import { SmsStepUp } from './SmsStepUp';

interface StepUpDialogProps {
  factors: FactorItem[];
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Asks for the passkey or an authenticator code again (POST /api/auth/step-up); before the first factor is
 * added, for an SMS code to the registered number.
 */
export function StepUpDialog({ factors, onDone, onCancel }: StepUpDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const hasPasskey = factors.some((factor) => factor.kind === 'passkey') && passkeysAvailable();
  const hasTotp = factors.some((factor) => factor.kind === 'totp');

  const attempt = async (verify: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await verify();
      onDone();
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : t('stepUp.passkeyCancelled'));
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = () =>
    attempt(async () => {
      const options = await apiClient.call(routes.factors.stepUpOptions);
      const response = await getPasskeyAssertion(options);
      await apiClient.call(routes.factors.stepUp, { body: { method: 'passkey', response } });
    });

  const withCode = () =>
    attempt(() => apiClient.call(routes.factors.stepUp, { body: { method: 'totp', code } }));

  return (
    <Popup visible onMaskClick={onCancel} bodyClassName="kb-sheet" destroyOnClose>
      <div className="kb-sheet-body" data-testid="step-up-dialog">
        <h3>{t('stepUp.title')}</h3>
        {factors.length === 0 ? <SmsStepUp onDone={onDone} /> : <p>{t('stepUp.body')}</p>}
        {hasPasskey && (
          <Button block color="primary" loading={busy} onClick={withPasskey} data-testid="step-up-passkey">
            {t('stepUp.usePasskey')}
          </Button>
        )}
        {hasTotp && (
          <form
            className="kb-sheet-form"
            onSubmit={(event) => {
              event.preventDefault();
              // Portalled, but React still bubbles this submit to the screen's own form (see SmsStepUp).
              event.stopPropagation();
              void withCode();
            }}
          >
            <Input
              value={code}
              onChange={setCode}
              placeholder={t('stepUp.codePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              aria-label={t('stepUp.codePlaceholder')}
              data-testid="step-up-code"
            />
            <Button
              block
              type="submit"
              color={hasPasskey ? 'default' : 'primary'}
              loading={busy}
              data-testid="step-up-submit"
            >
              {t('stepUp.confirmCode')}
            </Button>
          </form>
        )}
        <Button block fill="none" onClick={onCancel} data-testid="step-up-cancel">
          {t('common:cancel')}
        </Button>
      </div>
    </Popup>
  );
}
