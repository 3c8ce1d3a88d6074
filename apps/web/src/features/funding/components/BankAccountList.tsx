import { Button, Toast } from 'antd-mobile';
import type { ResponseOf, api } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useStepUp } from '../../../components/step-up/use-step-up';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useRemoveBankAccount } from '../api/bank-accounts';
import './funding.css';
import '../../../components/ui/records.css';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';

type BankAccount = ResponseOf<typeof api.funding.bankAccounts>['items'][number];

/** "みずほ銀行 渋谷支店 (123) ****4567": only the last four digits are ever shown. */
export function BankAccountLine({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="kb-record-amount">{account.bankName}</div>
      <div className="kb-record-meta">
        {t('funding.bank.line', {
          branch: account.branchName,
          code: account.branchCode,
          last4: account.accountLast4,
        })}
        <br />
        {account.holderName}
      </div>
    </>
  );
}

export function BankAccountList({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation();
  const remove = useRemoveBankAccount();
  const stepUp = useStepUp();

  const confirmRemove = async (account: BankAccount) => {
    const confirmed = await confirmOnScreen(
      {
        title: t('funding.bank.removeTitle'),
        content: t('funding.bank.removeQuestion', { bank: account.bankName, last4: account.accountLast4 }),
        confirmText: t('funding.bank.remove'),
        cancelText: t('common:cancel'),
      },
      // The step-up sheet may open next: not over this dialog while it fades out.
      { untilClosed: true },
    );
    if (!confirmed) return;
    await stepUp
      .guard(() => remove.mutateAsync(account.id))
      .then(() => Toast.show({ icon: 'success', content: t('funding.bank.removed'), duration: 1500 }))
      .catch(() => undefined);
  };

  if (accounts.length === 0) return <EmptyState description={t('funding.bank.none')} />;
  return (
    <>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {accounts.map((account) => (
          <li key={account.id} className="kb-record kb-record-head" data-testid="bank-account">
            <div style={{ minWidth: 0 }}>
              <BankAccountLine account={account} />
            </div>
            <Button
              size="small"
              fill="outline"
              color="danger"
              className="kb-copy"
              onClick={() => void confirmRemove(account)}
              aria-label={t('funding.bank.removeLabel', {
                bank: account.bankName,
                last4: account.accountLast4,
              })}
              data-testid="bank-remove"
            >
              {t('funding.bank.remove')}
            </Button>
          </li>
        ))}
      </ul>
      {stepUp.dialog}
    </>
  );
}
