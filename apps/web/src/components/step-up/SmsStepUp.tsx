import { useState } from 'react';
import { Button, List, Toast } from 'antd-mobile';
import { routes, smsStepUpCode } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { useCountdown } from '../../lib/use-countdown';
import { FormAlert } from '../form/FormAlert';
import { FormField } from '../form/FormField';
import { useForm } from '../form/use-form';

/**
 * Before the first passkey or authenticator app there is no factor to ask for: the session proves the
 * registered phone number with an SMS code instead (the server accepts this only while there is no factor).
 * A wrong code, or a code asked for too soon, shows under the code.
 */
export function SmsStepUp({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ code: '' });
  const [busy, setBusy] = useState(false);
  const [secondsLeft, setSecondsLeft] = useCountdown();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      form.showFailure(error instanceof Error ? error : new Error(String(error)));
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

  const confirm = () => {
    const body = form.parse(smsStepUpCode);
    if (!body) return;
    void run(async () => {
      await apiClient.call(routes.factors.stepUp, { body: { method: 'sms', ...body } });
      onDone();
    });
  };

  return (
    <form
      className="kb-sheet-form"
      onSubmit={(event) => {
        event.preventDefault();
        // The sheet is portalled, but React still bubbles its submit to the screen's own form (a withdrawal or
        // bank-account form), which would reopen that form's confirmation or send it a second time.
        event.stopPropagation();
        confirm();
      }}
    >
      <p>{t('stepUp.smsBody')}</p>
      <FormAlert alert={form.alert} testId="step-up-sms" />
      <Button
        block
        fill="outline"
        color="primary"
        disabled={secondsLeft > 0}
        loading={busy && !form.values.code}
        onClick={() => void send()}
        data-testid="step-up-sms-send"
      >
        {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.getCode')}
      </Button>
      <List className="kb-form">
        <FormField
          {...form.field('code')}
          label={t('auth.smsCode')}
          labelPosition="above"
          placeholder={t('stepUp.smsPlaceholder')}
          type="tel"
          autoComplete="one-time-code"
          maxLength={6}
          testId="step-up-sms-code"
        />
      </List>
      <Button
        block
        type="submit"
        color="primary"
        loading={busy && !!form.values.code}
        data-testid="step-up-sms-submit"
      >
        {t('stepUp.confirmCode')}
      </Button>
    </form>
  );
}
