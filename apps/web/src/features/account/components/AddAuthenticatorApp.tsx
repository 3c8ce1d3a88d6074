import { useMemo, useState } from 'react';
import { Button, Popup, Toast } from 'antd-mobile';
import { totpVerifyRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { copyText } from '../../../lib/clipboard';
import { useLayer } from '../../../lib/layers';
import { useVerifyTotp } from '../api/factors';

interface AddAuthenticatorAppProps {
  enrolment: { secret: string; otpauthUri: string };
  onClose: () => void;
}

/**
 * The key for typing into the app by hand, whole on any width: in groups of four that wrap as a line of
 * text does, selectable as one value, with a button that copies it without the spaces.
 */
function ManualKey({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(secret, t('security.copyFailed'))) setCopied(true);
  };
  return (
    <div className="kb-secret" role="group" aria-label={t('security.secretLabel')}>
      <code className="kb-secret-key" data-testid="totp-secret">
        {secret.match(/.{1,4}/g)?.join(' ')}
      </code>
      <Button
        className="kb-secret-copy"
        fill="outline"
        color="primary"
        onClick={() => void copy()}
        data-testid="totp-copy"
      >
        {copied ? t('security.copied') : t('security.copy')}
      </Button>
    </div>
  );
}

/** Scan the QR code (or type the secret) into an authenticator app, then confirm with its first code. */
export function AddAuthenticatorApp({ enrolment, onClose }: AddAuthenticatorAppProps) {
  const { t } = useTranslation();
  const verify = useVerifyTotp();
  const form = useForm({ code: '' });
  const qr = useMemo(() => renderSVG(enrolment.otpauthUri, { border: 2 }), [enrolment.otpauthUri]);

  const submit = () => {
    const body = form.parse(totpVerifyRequest);
    if (!body) return;
    form.send(verify, body.code, () => {
      Toast.show({ icon: 'success', content: t('security.totpAdded'), duration: 1500 });
      onClose();
    });
  };

  useLayer(true, onClose);
  return (
    <Popup visible onMaskClick={onClose} bodyClassName="kb-sheet" destroyOnClose>
      <div className="kb-sheet-body" data-testid="totp-enrolment">
        <h3>{t('security.totpTitle')}</h3>
        <p>{t('security.totpScan')}</p>
        <div
          className="kb-qr"
          role="img"
          aria-label={t('security.qrLabel')}
          data-testid="totp-qr"
          dangerouslySetInnerHTML={{ __html: qr }}
        />
        <p>{t('security.totpManual')}</p>
        <ManualKey secret={enrolment.secret} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormAlert alert={form.alert} testId="totp" />
          <FormField
            {...form.field('code')}
            label={t('security.code')}
            labelPosition="above"
            placeholder={t('stepUp.codePlaceholder')}
            type="tel"
            autoComplete="one-time-code"
            maxLength={7}
            testId="totp-code"
          />
          <Button block type="submit" color="primary" loading={verify.isPending} data-testid="totp-verify">
            {t('security.verify')}
          </Button>
        </form>
        <Button block fill="none" onClick={onClose}>
          {t('common:cancel')}
        </Button>
      </div>
    </Popup>
  );
}
