import { useState } from 'react';
import { Button, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SubPage } from '../../../components/ui/SubPage';
import { useStepUp } from '../../../components/step-up/use-step-up';
import { passkeysAvailable } from '../../../lib/passkey';
import { useAddPasskey, useStartTotp } from '../api/factors';
import { AddAuthenticatorApp } from '../components/AddAuthenticatorApp';
import { FactorList } from '../components/FactorList';

/** Security settings: the second factors asked at login and before withdrawals and bank-account changes. */
export default function SecurityPage() {
  const { t } = useTranslation();
  const stepUp = useStepUp();
  const addPasskey = useAddPasskey();
  const startTotp = useStartTotp();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const canUsePasskeys = passkeysAvailable();

  const onPasskey = () =>
    stepUp
      .guard(() => addPasskey.mutateAsync())
      .then(() => Toast.show({ icon: 'success', content: t('security.passkeyAdded'), duration: 1500 }))
      .catch(() => undefined);

  const onTotp = () =>
    stepUp
      .guard(() => startTotp.mutateAsync())
      .then(setEnrolment)
      .catch(() => undefined);

  return (
    <SubPage title={t('titles.security')} testId="security-page">
      <p className="kb-page-note">{t('security.intro')}</p>
      <FactorList stepUp={stepUp} />
      <List header={t('security.add')}>
        <List.Item
          description={canUsePasskeys ? t('security.passkeyHint') : t('security.passkeyUnavailable')}
        >
          <Button
            block
            color="primary"
            disabled={!canUsePasskeys}
            loading={addPasskey.isPending}
            onClick={() => void onPasskey()}
            data-testid="security-add-passkey"
          >
            {t('security.addPasskey')}
          </Button>
        </List.Item>
        <List.Item description={t('security.totpHint')}>
          <Button
            block
            loading={startTotp.isPending}
            onClick={() => void onTotp()}
            data-testid="security-add-totp"
          >
            {t('security.addTotp')}
          </Button>
        </List.Item>
      </List>
      {enrolment && <AddAuthenticatorApp enrolment={enrolment} onClose={() => setEnrolment(null)} />}
      {stepUp.dialog}
    </SubPage>
  );
}
