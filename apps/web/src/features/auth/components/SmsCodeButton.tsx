import { useState } from 'react';
import { useCountdown } from '../../../lib/use-countdown';
import { Button, Toast } from 'antd-mobile';
import { smsCodeRequest, type SmsPurpose } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import type { Form } from '../../../components/form/use-form';
import { useSendSmsCode } from '../api/sms-code';

const DEFAULT_COUNTDOWN_SECONDS = 60;

interface SmsCodeButtonProps {
  /** The form holding the phone number; a failure shows there (under the number or the code, or above the form). */
  form: Form<{ mobile: string }>;
  purpose: SmsPurpose;
}

/**
 * "Send code": sends the SMS code and counts down until another may be requested for that number; a
 * different number may be sent a code at once.
 */
export function SmsCodeButton({ form, purpose }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendSmsCode = useSendSmsCode();
  const waiting = secondsLeft > 0 && sentTo === form.values.mobile;

  const send = () => {
    const body = form.parse(smsCodeRequest, { purpose });
    if (!body) return;
    form.send(sendSmsCode, body, (result) => {
      setSentTo(form.values.mobile);
      setSecondsLeft(result.resendAfterSeconds || DEFAULT_COUNTDOWN_SECONDS);
      // A reset code goes only to registered numbers, and the answer must not tell which ones are.
      const sent = purpose === 'reset_password' ? 'auth.codeSentIfRegistered' : 'auth.codeSent';
      Toast.show({ content: t(sent), duration: 2500 });
    });
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={waiting}
      loading={sendSmsCode.isPending}
      onClick={send}
      className="kb-field-button"
      data-testid="sms-code-button"
    >
      {waiting ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.getCode')}
    </Button>
  );
}
