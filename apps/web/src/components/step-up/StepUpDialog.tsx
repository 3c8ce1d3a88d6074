import { useState } from 'react';
import { Button, List, Popup } from 'antd-mobile';
import { routes, totpVerifyRequest, type FactorItem } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { passkeysAvailable, getPasskeyAssertion } from '../../lib/passkey';
import { FormAlert } from '../form/FormAlert';
import { FormField } from '../form/FormField';
import { useForm } from '../form/use-form';
import { useLayer } from '../../lib/layers';
import { SmsStepUp } from './SmsStepUp';

interface StepUpDialogProps {
  factors: FactorItem[];
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Asks for the passkey or an authenticator code again (POST /api/auth/step-up); before the first factor is
 * added, for an SMS code to the registered number. A wrong code shows under the code, a passkey that did not
 * answer above the form.
 */
export function StepUpDialog({ factors, onDone, onCancel }: StepUpDialogProps) {
  const { t } = useTranslation();
  const form = useForm({ code: '' });
  const [busy, setBusy] = useState(false);
  const hasPasskey = factors.some((factor) => factor.kind === 'passkey') && passkeysAvailable();
  const hasTotp = factors.some((factor) => factor.kind === 'totp');
  useLayer(true, onCancel);

  const attempt = async (verify: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await verify();
      onDone();
    } catch (error) {
      form.showFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = () =>
    attempt(async () => {
      const options = await apiClient.call(routes.factors.stepUpOptions);
      const response = await getPasskeyAssertion(options).catch(() => null);
      if (!response) throw new Error(t('stepUp.passkeyCancelled'));
      await apiClient.call(routes.factors.stepUp, { body: { method: 'passkey', response } });
    });

  const withCode = () => {
    const body = form.parse(totpVerifyRequest);
    if (body)
      void attempt(() => apiClient.call(routes.factors.stepUp, { body: { method: 'totp', ...body } }));
  };

  return (
    <Popup visible onMaskClick={onCancel} bodyClassName="kb-sheet" destroyOnClose>
      <div className="kb-sheet-body" data-testid="step-up-dialog">
        <h3>{t('stepUp.title')}</h3>
        {factors.length === 0 ? <SmsStepUp onDone={onDone} /> : <p>{t('stepUp.body')}</p>}
        {factors.length > 0 && <FormAlert alert={form.alert} testId="step-up" />}
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
              withCode();
            }}
          >
            <List className="kb-form">
              <FormField
                {...form.field('code')}
                label={t('security.code')}
                labelPosition="above"
                placeholder={t('stepUp.codePlaceholder')}
                type="tel"
                autoComplete="one-time-code"
                maxLength={7}
                testId="step-up-code"
              />
            </List>
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
