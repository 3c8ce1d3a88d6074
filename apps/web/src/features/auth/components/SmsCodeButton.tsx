import { useEffect, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { smsCodeRequest, type SmsPurpose } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api-client';
import { validateForm } from '../../../lib/validate-form';

const DEFAULT_COUNTDOWN_SECONDS = 60;

/** "Get code": sends the SMS code and counts down until another may be requested. */
export function SmsCodeButton({ mobile, purpose }: { mobile: string; purpose: SmsPurpose }) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    const body = validateForm(smsCodeRequest, { mobile, purpose });
    if (!body) return;
    setSending(true);
    try {
      const result = await api.post<{ resendAfterSeconds: number }>('/auth/sms-code', body);
      setSecondsLeft(result.resendAfterSeconds || DEFAULT_COUNTDOWN_SECONDS);
      Toast.show({ content: t('auth.codeSent'), duration: 1500 });
    } catch {
      // The API client has shown the reason.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={secondsLeft > 0}
      loading={sending}
      onClick={() => void send()}
      data-testid="sms-code-button"
      style={{ whiteSpace: 'nowrap' }}
    >
      {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.getCode')}
    </Button>
  );
}
