import { useState } from 'react';
import { Button, List, Toast } from 'antd-mobile';
import { bankAccountRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useStepUp } from '../../../components/step-up/use-step-up';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { useSession } from '../../../lib/session-store';
import { useAddBankAccount } from '../api/bank-accounts';
import {
  clearBankAccountDraft,
  readBankAccountDraft,
  useKeepBankAccountDraft,
} from '../lib/bank-account-draft';

/**
 * A withdrawal account in the customer's own name: each field says what it is missing. Starts from the
 * draft kept for this tab; after an account is added, the page mounts a fresh form (`onAdded`).
 */
export function BankAccountForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const stepUp = useStepUp();
  const userId = useSession((state) => state.userId);
  const [draft] = useState(() => readBankAccountDraft(userId));
  const form = useForm(draft);
  useKeepBankAccountDraft(userId, form.values);

  const submit = () => {
    if (!form.parse(bankAccountRequest)) return;
    const body = form.values;
    stepUp
      .guard(() => add.mutateAsync(body))
      .then(() => {
        clearBankAccountDraft(userId);
        onAdded();
        Toast.show({ icon: 'success', content: t('funding.bank.added'), duration: 1500 });
      })
      .catch(form.showFailure);
  };

  const field = (name: keyof typeof form.values, extra: { numeric?: boolean; max?: number } = {}) => (
    <FormField
      {...form.field(name)}
      label={t(`funding.bank.fields.${name}`)}
      labelPosition="above"
      placeholder={t(`funding.bank.placeholders.${name}`)}
      inputMode={extra.numeric ? 'numeric' : undefined}
      maxLength={extra.max ?? 60}
      testId={`bank-${name}`}
    />
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="bank-form"
    >
      <FormAlert alert={form.alert} testId="bank-account" />
      <List className="kb-form">
        {field('holderName')}
        {field('bankName')}
        {field('branchName')}
        {field('branchCode', { numeric: true, max: 3 })}
        {field('accountNumber', { numeric: true, max: 7 })}
      </List>
      <p className="kb-muted" style={{ padding: '8px 16px 0' }}>
        {t('funding.bank.ownName')}
      </p>
      <div className="kb-actions">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={add.isPending}
          data-testid="bank-submit"
        >
          {t('funding.bank.submit')}
        </Button>
      </div>
      {stepUp.dialog}
    </form>
  );
}
