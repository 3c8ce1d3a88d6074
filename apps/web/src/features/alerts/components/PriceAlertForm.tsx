import { Button, List, Radio, Toast } from 'antd-mobile';
import {
  createPriceAlertRequest,
  INSTRUMENT_CODE,
  PRICE_ALERT_DIRECTIONS,
  type PriceAlertDirection,
  typedInstrumentCode,
} from '@kabuto/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { currentLang } from '../../../lib/i18n';
import { useInstrument, useQuotes } from '../../../lib/market-data';
import { formatPrice, instrumentName } from '../../../lib/market-format';
import { useCreatePriceAlert } from '../api/alerts';

/**
 * A new price alert: the instrument (filled in when opened from a stock's page), whether the price should
 * rise to or fall to the amount, and the amount.
 */
export function PriceAlertForm({ initialCode = '' }: { initialCode?: string }) {
  const { t } = useTranslation();
  const create = useCreatePriceAlert();
  const form = useForm({ code: initialCode, price: '' });
  const [direction, setDirection] = useState<PriceAlertDirection>('above');

  const submit = () => {
    if (!form.parse(createPriceAlertRequest, { direction })) return;
    form.send(create, { ...form.values, direction }, () => {
      form.reset();
      Toast.show({ icon: 'success', content: t('alerts.created'), duration: 1500 });
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="alert-form"
    >
      <FormAlert alert={form.alert} testId="alert" />
      <List className="kb-form">
        <FormField
          {...form.field('code')}
          label={t('alerts.fields.code')}
          labelPosition="above"
          placeholder={t('alerts.placeholders.code')}
          inputMode="numeric"
          maxLength={5}
          testId="alert-code"
        />
        <InstrumentNow code={form.values.code} />
        <List.Item title={t('alerts.fields.direction')}>
          <Radio.Group value={direction} onChange={(value) => setDirection(value as PriceAlertDirection)}>
            {PRICE_ALERT_DIRECTIONS.map((value) => (
              <Radio
                key={value}
                value={value}
                style={{ display: 'flex', minHeight: 44, padding: '6px 0' }}
                data-testid={`alert-direction-${value}`}
              >
                {t(`alerts.directions.${value}`)}
              </Radio>
            ))}
          </Radio.Group>
        </List.Item>
        <FormField
          {...form.field('price')}
          label={t('alerts.fields.price')}
          labelPosition="above"
          placeholder={t('alerts.placeholders.price')}
          inputMode="decimal"
          maxLength={12}
          testId="alert-price"
        />
      </List>
      <div className="kb-actions">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={create.isPending}
          data-testid="alert-submit"
        >
          {t('alerts.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The stock a typed code names, with its last price, so the investor sets the alert against the right one. */
function InstrumentNow({ code: typed }: { code: string }) {
  const { t } = useTranslation();
  const code = typedInstrumentCode(typed);
  const instrument = useInstrument(INSTRUMENT_CODE.test(code) ? code : '');
  const quote = useQuotes(instrument.data ? [code] : []).data?.get(code);
  if (!instrument.data) return null;
  const name = instrumentName(instrument.data, currentLang());
  return (
    <List.Item>
      <span className="kb-muted" data-testid="alert-instrument">
        {quote
          ? t('alerts.instrumentNow', { name, price: formatPrice(quote.last) })
          : t('alerts.instrumentPending', { name })}
      </span>
    </List.Item>
  );
}
