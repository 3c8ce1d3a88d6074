import { useRef, useState } from 'react';
import { Button, Dialog, List, Radio } from 'antd-mobile';
import { ApiError, newIdempotencyKey } from '@kabuto/client';
import {
  decimalToSen,
  formatYen,
  senToDecimal,
  WITHDRAWAL_RULES,
  withdrawalRequest,
  type ErrorCode,
  type ResponseOf,
  type api,
} from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStepUp } from '../../../components/step-up/use-step-up';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { useLayer } from '../../../lib/layers';
import { yen } from '../../../lib/format';
import { BANK_ACCOUNT_PATH } from '../../../lib/paths';
import { useRequestWithdrawal, type WithdrawalAttempt } from '../api/withdrawals';
import { mostWithdrawable } from '../lib/withdrawal-amount';
import { BankAccountLine } from './BankAccountList';

type BankAccount = ResponseOf<typeof api.funding.bankAccounts>['items'][number];
type Withdrawal = ResponseOf<typeof api.funding.requestWithdrawal>;
type Withdrawable = ResponseOf<typeof api.funding.withdrawable>;

interface WithdrawalFormProps {
  accounts: BankAccount[];
  /** What may leave now, when known: an amount above it is refused before the confirmation. */
  withdrawable: Withdrawable | undefined;
  onRequested: (withdrawal: Withdrawal) => void;
}

interface Refusal {
  code: ErrorCode;
  params?: Record<string, string>;
}

/** The server's own rules, checked before the confirmation so it never asks to confirm what would be refused. */
function localRefusal(amount: bigint, known: Withdrawable | undefined): Refusal | null {
  if (amount < WITHDRAWAL_RULES.minimumSen) return { code: 'WITHDRAWAL_BELOW_MINIMUM' };
  if (!known) return null;
  if (known.limitedBy === 'margin_call') return { code: 'WITHDRAWAL_DURING_MARGIN_CALL' };
  if (known.limitedBy === 'unavailable') return { code: 'TRADING_UNAVAILABLE' };
  if (amount > (decimalToSen(known.available) ?? 0n)) return { code: 'INSUFFICIENT_FUNDS' };
  if (amount > (decimalToSen(known.withdrawable) ?? 0n))
    return { code: 'WITHDRAWAL_EXCEEDS_FREE_MARGIN', params: { amount: formatYen(known.withdrawable) } };
  return null;
}

/** Amount, destination and transaction password; then one confirmation, which is what sends it. */
export function WithdrawalForm({ accounts, withdrawable, onRequested }: WithdrawalFormProps) {
  const { t } = useTranslation();
  const request = useRequestWithdrawal();
  const stepUp = useStepUp();
  const form = useForm({ amount: '', bankAccountId: accounts[0]?.id ?? '', transactionPassword: '' });
  const [confirming, setConfirming] = useState<{ attempt: WithdrawalAttempt; amount: string } | null>(null);
  // Resolves the wait for the confirmation to finish closing (see closeConfirmation).
  const confirmationClosed = useRef<(() => void) | null>(null);
  // What the confirmation showed last, kept while it fades out so it does not shrink to nothing.
  const [shown, setShown] = useState(confirming);
  if (confirming && confirming !== shown) setShown(confirming);
  // The attempt on its way; cleared when the investor closes its confirmation, so a lost answer after that is
  // said on the form instead of bringing the confirmation back.
  const sendingAttempt = useRef<WithdrawalAttempt | null>(null);
  const dismiss = () => {
    sendingAttempt.current = null;
    setConfirming(null);
  };
  useLayer(confirming !== null, dismiss);
  // The account the confirmation names is the one its request carries, whatever the form shows since.
  const destination = accounts.find((account) => account.id === shown?.attempt.body.bankAccountId);
  const bankField = form.field('bankAccountId');
  const amountField = form.field('amount');
  const most = mostWithdrawable(withdrawable);

  const review = () => {
    const checked = form.parse(withdrawalRequest);
    if (!checked) return;
    const refusal = localRefusal(checked.amount, withdrawable);
    if (refusal) {
      form.showFailure(
        new ApiError(refusal.code, t(`errors:${refusal.code}`, refusal.params), { field: 'amount' }),
      );
      return;
    }
    // One key per confirmation: tapping Confirm again after a lost answer withdraws once.
    setConfirming({
      attempt: { body: form.values, idempotencyKey: newIdempotencyKey() },
      amount: senToDecimal(checked.amount),
    });
  };

  /** Closes the confirmation and waits until it is gone, so the step-up sheet opens on a clear screen. */
  const closeConfirmation = () =>
    new Promise<void>((resolve) => {
      const closed = () => {
        confirmationClosed.current = null;
        resolve();
      };
      confirmationClosed.current = closed;
      setConfirming(null);
      // The dialog reports when its closing animation ends; this is only in case it never does.
      window.setTimeout(closed, 600);
    });

  const send = () => {
    const sending = confirming;
    if (!sending) return;
    sendingAttempt.current = sending.attempt;
    stepUp
      // A step-up closes the confirmation first; once the passkey or code is confirmed, the same request
      // (same idempotency key) goes out without asking to confirm again: Send was already pressed.
      .guard(() => request.mutateAsync(sending.attempt), { beforeAsking: closeConfirmation })
      .then((withdrawal) => {
        setConfirming(null);
        form.reset();
        onRequested(withdrawal);
      })
      .catch((error: unknown) => {
        // No answer: the confirmation stays (or comes back after a step-up), and sending again reuses its key;
        // closed by the investor meanwhile, it stays closed and the form says the request may have gone.
        if (error instanceof ApiError && error.transport) {
          if (sendingAttempt.current === sending.attempt) setConfirming(sending);
          else form.showAlert(t('errors:MAYBE_SENT'));
          return;
        }
        setConfirming(null);
        if (error instanceof Error) form.showFailure(error);
      });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
      data-testid="withdrawal-form"
    >
      <FormAlert alert={form.alert} testId="withdrawal" />
      <List className="kb-form">
        <FormField
          {...amountField}
          label={t('funding.withdrawal.amount')}
          labelPosition="above"
          placeholder={t('funding.withdrawal.amountPlaceholder')}
          inputMode="numeric"
          testId="withdrawal-amount"
          extra={
            most !== null && (
              <Button
                size="small"
                color="primary"
                fill="outline"
                onClick={() => amountField.onChange(String(most / 100n))}
                aria-label={t('funding.withdrawal.allLabel', { amount: yen(senToDecimal(most)) })}
                className="kb-field-button"
                data-testid="withdrawal-all"
              >
                {t('funding.withdrawal.all')}
              </Button>
            )
          }
        />
        <List.Item
          title={t('funding.withdrawal.destination')}
          description={
            bankField.error ? (
              <span className="kb-field-error" role="alert" data-testid="withdrawal-bank-error">
                {bankField.error}
              </span>
            ) : undefined
          }
        >
          {accounts.length === 0 ? (
            <Link
              to={BANK_ACCOUNT_PATH}
              className="kb-link"
              style={{ padding: 0 }}
              data-testid="withdrawal-add-bank"
            >
              {t('funding.withdrawal.addBank')}
            </Link>
          ) : (
            <Radio.Group value={bankField.value} onChange={(value) => bankField.onChange(String(value))}>
              {accounts.map((account) => (
                <Radio
                  key={account.id}
                  value={account.id}
                  style={{ display: 'flex', minHeight: 44, padding: '6px 0' }}
                  data-testid="withdrawal-bank"
                >
                  <BankAccountLine account={account} />
                </Radio>
              ))}
            </Radio.Group>
          )}
        </List.Item>
        <FormField
          {...form.field('transactionPassword')}
          label={t('funding.withdrawal.transactionPassword')}
          labelPosition="above"
          placeholder={t('funding.withdrawal.transactionPasswordPlaceholder')}
          type="password"
          autoComplete="off"
          testId="withdrawal-password"
        />
      </List>
      <div className="kb-actions">
        <Button type="submit" color="primary" size="large" block data-testid="withdrawal-review">
          {t('funding.withdrawal.review')}
        </Button>
      </div>
      <Dialog
        visible={confirming !== null}
        afterClose={() => confirmationClosed.current?.()}
        title={t('funding.withdrawal.confirmTitle')}
        content={
          shown && (
            <div data-testid="withdrawal-confirm">
              <p style={{ fontSize: 20, fontWeight: 600, textAlign: 'center', margin: '4px 0 8px' }}>
                {yen(shown.amount)}
              </p>
              {destination && (
                <div style={{ textAlign: 'center' }}>
                  <BankAccountLine account={destination} />
                </div>
              )}
              <p className="kb-muted">{t('funding.withdrawal.confirmText')}</p>
            </div>
          )
        }
        actions={[
          [
            {
              key: 'cancel',
              text: t('common:cancel'),
              onClick: dismiss,
            },
            {
              key: 'send',
              text: t('funding.withdrawal.send'),
              bold: true,
              disabled: request.isPending,
              onClick: send,
              // @ts-expect-error antd-mobile passes data attributes on to the button; its type does not list them
              'data-testid': 'withdrawal-send',
            },
          ],
        ]}
      />
      {stepUp.dialog}
    </form>
  );
}
