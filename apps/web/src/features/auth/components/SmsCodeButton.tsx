import { useEffect, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { smsCodeRequest, type SmsPurpose } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import type { Form } from '../../../components/form/use-form';
import { useSendSmsCode } from '../api/sms-code';

const DEFAULT_COUNTDOWN_SECONDS = 60;

interface SmsCodeButtonProps {
  /** The form holding the phone number; a wrong number shows under its field. */
  form: Form<{ mobile: string }>;
  purpose: SmsPurpose;
}

/** "Get code": sends the SMS code and counts down until another may be requested. */
export function SmsCodeButton({ form, purpose }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const sendSmsCode = useSendSmsCode();

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = () => {
    const body = form.parse(smsCodeRequest, { purpose });
    if (!body) return;
    sendSmsCode.mutate(body, {
      onSuccess: (result) => {
        setSecondsLeft(result.resendAfterSeconds || DEFAULT_COUNTDOWN_SECONDS);
        Toast.show({ content: t('auth.codeSent'), duration: 1500 });
      },
      onError: form.showFieldError,
    });
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={secondsLeft > 0}
      loading={sendSmsCode.isPending}
      onClick={send}
      className="kb-sms-button"
      data-testid="sms-code-button"
    >
      {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.getCode')}
    </Button>
  );
}
