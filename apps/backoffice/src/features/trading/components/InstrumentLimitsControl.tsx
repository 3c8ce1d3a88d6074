import { useState } from 'react';
import { App, Button, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { instrumentLimitsRequest, type StaffInstrument } from '@kabuto/contract';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { ReasonField } from '../../../components/form/ReasonField';
import { useContractForm, type FormValues } from '../../../components/form/use-contract-form';
import { useSetInstrumentLimits, useTradingConfig } from '../api/use-trading';

/** The leverage select has no null option value: 0 stands for "the global set". */
const GLOBAL = 0;

const wholeOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

function toRequest(values: FormValues) {
  return {
    maxLeverage: values.maxLeverage === GLOBAL ? null : wholeOrNull(values.maxLeverage),
    maxLotsPerOrder: wholeOrNull(values.maxLotsPerOrder),
    maxOpenLots: wholeOrNull(values.maxOpenLots),
    shortable: values.shortable === true,
    reason: String(values.reason ?? ''),
  };
}

function LimitsModal({
  instrument,
  name,
  onClose,
}: {
  instrument: StaffInstrument;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const config = useTradingConfig();
  const mutation = useSetInstrumentLimits(instrument.code);
  const { form, failure, submit, pending } = useContractForm(instrumentLimitsRequest, mutation);
  const label = { code: instrument.code, name };
  const leverages = config.data?.leverages ?? [];
  const highest = leverages.length > 0 ? Math.max(...leverages) : null;
  const globalLots = config.data?.maxLotsPerOrder;

  function cancel() {
    mutation.reset();
    onClose();
  }

  return (
    <Modal
      open
      title={t('trading.limits.title', label)}
      onCancel={cancel}
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('cancel', { ns: 'common' })}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={pending}
          onClick={() =>
            submit(toRequest(form.getFieldsValue(true)), {
              onSuccess: () => {
                onClose();
                void message.success(t('trading.limits.done', label));
              },
            })
          }
          data-testid="limits-submit"
        >
          {t('trading.limits.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('trading.limits.description')}</Typography.Paragraph>
      <ContractForm
        form={form}
        failure={failure}
        testId="limits-form"
        initialValues={{
          maxLeverage: instrument.maxLeverage ?? GLOBAL,
          maxLotsPerOrder: instrument.maxLotsPerOrder,
          maxOpenLots: instrument.maxOpenLots,
          shortable: instrument.shortable,
          reason: '',
        }}
      >
        <FormField name="maxLeverage" label={t('trading.limits.maxLeverage')}>
          <Select
            style={{ width: 240 }}
            data-testid="limits-leverage"
            options={[
              {
                value: GLOBAL,
                label:
                  highest === null
                    ? t('trading.limits.leverageGlobal')
                    : t('trading.limits.leverageGlobalUpTo', { leverage: highest }),
              },
              ...leverages.map((leverage) => ({
                value: leverage,
                label: t('trading.limits.leverageUpTo', { leverage }),
              })),
            ]}
          />
        </FormField>
        <FormField name="maxLotsPerOrder" label={t('trading.limits.maxLotsPerOrder')}>
          <InputNumber
            min={1}
            max={globalLots ?? 10_000}
            precision={0}
            style={{ width: 240 }}
            placeholder={
              globalLots === undefined
                ? ''
                : t('trading.limits.lotsGlobal', { lots: globalLots.toLocaleString() })
            }
            data-testid="limits-lots"
          />
        </FormField>
        <FormField
          name="maxOpenLots"
          label={t('trading.limits.maxOpenLots')}
          extra={t('trading.limits.maxOpenLotsHint')}
        >
          <InputNumber
            min={1}
            max={1_000_000}
            precision={0}
            style={{ width: 240 }}
            placeholder={t('trading.limits.noLimit')}
            data-testid="limits-open-lots"
          />
        </FormField>
        <FormField
          name="shortable"
          label={t('trading.limits.shortable')}
          extra={t('trading.limits.shortableHint')}
          valuePropName="checked"
        >
          <Switch data-testid="limits-shortable" />
        </FormField>
        <ReasonField testId="limits-reason" rows={2} />
      </ContractForm>
    </Modal>
  );
}

/** The limits button of one instrument, with its edit dialog (trading.manage only). */
export function InstrumentLimitsControl({ instrument, name }: { instrument: StaffInstrument; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`limits-${instrument.code}`}>
        {t('trading.limits.button')}
      </Button>
      {open && <LimitsModal instrument={instrument} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
