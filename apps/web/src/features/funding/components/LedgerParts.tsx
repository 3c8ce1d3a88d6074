import { useTranslation } from 'react-i18next';
import type { useBankAccounts } from '../api/bank-accounts';
import { parseLedgerReference } from '../lib/ledger-reference';
import { heldMove, signedAmount } from '../lib/money-format';

export type BankAccounts = ReturnType<typeof useBankAccounts>['data'];

/**
 * "Reference STMT-0042", "Withdrawal no. 12", "To みずほ銀行 渋谷支店 ****4567", lots of 一部返済 by the position they came
 * from ("建玉番号 12（一部返済）"); nothing for an unknown reference.
 */
export function EntryReference({
  reference,
  partOf = null,
  accounts,
}: {
  reference: string | null;
  partOf?: string | null;
  accounts: BankAccounts;
}) {
  // 一部返済's wording is the trading screens' (their namespace, loaded with them).
  const { t } = useTranslation(['web', 'trade']);
  const parsed = parseLedgerReference(reference);
  if (!parsed) return null;
  let text: string;
  if (parsed.kind === 'bankAccount') {
    // A removed account is no longer listed: then the entry says nothing about its destination.
    const account = accounts?.find((candidate) => candidate.id === parsed.id);
    if (!account) return null;
    text = t('funding.ledger.reference.bankAccount', {
      account: t('funding.bank.short', {
        bank: account.bankName,
        branch: account.branchName,
        last4: account.accountLast4,
      }),
    });
  } else if (parsed.kind === 'position' && partOf !== null) {
    text = t('trade:statement.positionPart', { value: partOf });
  } else {
    text = t(`funding.ledger.reference.${parsed.kind}`, { value: parsed.value });
  }
  return <div data-testid="ledger-reference">{text}</div>;
}

/** "トヨタ自動車 7203" under a trading entry: the stock its order or position is in. */
export function EntryInstrument({ instrument }: { instrument: LedgerInstrument | null }) {
  const { i18n } = useTranslation();
  if (!instrument) return null;
  const name = i18n.resolvedLanguage === 'ja' ? instrument.nameJa : instrument.nameEn;
  return <div data-testid="ledger-instrument">{`${name} ${instrument.code}`}</div>;
}

interface LedgerInstrument {
  code: string;
  nameJa: string;
  nameEn: string;
}

export interface Entry {
  cashChange: string;
  heldChange: string;
}

/** "拘束 120,000.00" / "拘束解除 120,000.00": no sign, as neither is income nor expenditure. */
export function HeldText({ change }: { change: string }) {
  const { t } = useTranslation();
  const { kind, amount } = heldMove(change);
  return <>{t(`funding.ledger.${kind}`, { amount })}</>;
}

/**
 * What the entry brought in or paid out of the customer's cash, signed: a withdrawal paid out shows its amount
 * as expenditure. A hold or its release only moves cash between available and held, so it shows as held or
 * released, unsigned, instead of as income or expenditure (the amount is counted once, when it is paid out).
 */
export function EntryAmount({ entry }: { entry: Entry }) {
  if (entry.cashChange === '0.00' && entry.heldChange !== '0.00')
    return <HeldText change={entry.heldChange} />;
  return <>{signedAmount(entry.cashChange)}</>;
}
