import { useState } from 'react';
import { ApiError } from '@kabuto/client';
import { Button, Input, Toast } from 'antd-mobile';
import { routes } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { toastError } from '../../lib/error-toast';
import { useCountdown } from '../../lib/use-countdown';

/**
 * Before the first passkey or authenticator app there is no factor to ask for: the session proves the
 * registered phone number with an SMS code instead (the server accepts this only while there is no factor).
 */
export function SmsStepUp({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [secondsLeft, setSecondsLeft] = useCountdown();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : t('common:error'));
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      const sent = await apiClient.call(routes.factors.stepUpSms);
      setSecondsLeft(sent.resendAfterSeconds);
      Toast.show({ content: t('auth.codeSent'), duration: 2500 });
    });

  const confirm = () =>
    run(async () => {
      await apiClient.call(routes.factors.stepUp, { body: { method: 'sms', code } });
      onDone();
    });

  return (
    <form
      className="kb-sheet-form"
      onSubmit={(event) => {
        event.preventDefault();
        // The sheet is portalled, but React still bubbles its submit to the screen's own form (a withdrawal or
        // bank-account form), which would reopen that form's confirmation or send it a second time.
        event.stopPropagation();
        void confirm();
      }}
    >
      <p>{t('stepUp.smsBody')}</p>
      <Button
        block
        fill="outline"
        color="primary"
        disabled={secondsLeft > 0}
        loading={busy && !code}
        onClick={() => void send()}
        data-testid="step-up-sms-send"
      >
        {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.getCode')}
      </Button>
      <Input
        value={code}
        onChange={setCode}
        placeholder={t('stepUp.smsPlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        aria-label={t('stepUp.smsPlaceholder')}
        data-testid="step-up-sms-code"
      />
      <Button block type="submit" color="primary" loading={busy && !!code} data-testid="step-up-sms-submit">
        {t('stepUp.confirmCode')}
      </Button>
    </form>
  );
}
