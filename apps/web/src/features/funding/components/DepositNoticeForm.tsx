import { Button, List, Toast } from 'antd-mobile';
import { depositNoticeRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { useFileDepositNotice } from '../api/deposits';
import { transferDateRange } from '../lib/money-format';

/** After transferring: amount, the day of the transfer (the last 30 days) and the sender name as the bank shows it. */
export function DepositNoticeForm() {
  const { t } = useTranslation();
  const fileNotice = useFileDepositNotice();
  const range = transferDateRange(new Date());
  const form = useForm({ amount: '', transferDate: range.max, senderName: '' });

  const submit = () => {
    if (!form.parse(depositNoticeRequest)) return;
    form.send(fileNotice, form.values, () => {
      form.reset();
      Toast.show({ icon: 'success', content: t('funding.notice.sent'), duration: 1500 });
    });
  };

  return (
    <section className="kb-section" data-testid="deposit-notice">
      <h2>{t('funding.notice.heading')}</h2>
      <p className="kb-muted">{t('funding.notice.intro')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormAlert alert={form.alert} testId="deposit-notice" />
        <List className="kb-form">
          <FormField
            {...form.field('amount')}
            label={t('funding.notice.amount')}
            labelPosition="above"
            placeholder={t('funding.notice.amountPlaceholder')}
            inputMode="decimal"
            testId="notice-amount"
          />
          <FormField
            {...form.field('transferDate')}
            label={t('funding.notice.transferDate')}
            labelPosition="above"
            placeholder=""
            type="date"
            min={range.min}
            max={range.max}
            testId="notice-date"
          />
          <FormField
            {...form.field('senderName')}
            label={t('funding.notice.senderName')}
            labelPosition="above"
            placeholder={t('funding.notice.senderNamePlaceholder')}
            maxLength={60}
            testId="notice-sender"
          />
        </List>
        <div className="kb-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            block
            loading={fileNotice.isPending}
            data-testid="notice-submit"
          >
            {t('funding.notice.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
