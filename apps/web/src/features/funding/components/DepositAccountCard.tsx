import type { ResponseOf, api } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton';
import './funding.css';

type DepositAccount = ResponseOf<typeof api.funding.depositAccount>;

interface TransferRowProps {
  id: string;
  label: string;
  value: string;
  copy?: boolean;
  valueTestId?: string;
}

/**
 * One line of what the investor types into the bank's app: the label above, the value below on the row's
 * whole width (one or two lines even for a long holder name on a 320 px phone), and the copy button, 44 px
 * square or more, at the row's right edge, apart from the next row's.
 */
function TransferRow({ id, label, value, copy = false, valueTestId }: TransferRowProps) {
  return (
    <div className={copy ? 'kb-transfer-row kb-transfer-row-copy' : 'kb-transfer-row'}>
      <dt>{label}</dt>
      <dd>
        {/* Japanese bank details in every interface language: read out, and broken into lines, as Japanese. */}
        <div lang="ja" data-testid={valueTestId ?? `deposit-account-${id}`}>
          {value}
        </div>
        {copy && <CopyButton value={value} label={label} testId={`copy-${id}`} />}
      </dd>
    </div>
  );
}

/** The firm's own account to transfer to, each value copyable, and the customer's transfer reference. */
export function DepositAccountCard({ account }: { account: DepositAccount }) {
  const { t } = useTranslation();
  const rows: { id: string; label: string; value: string; copy?: boolean }[] = [
    { id: 'bank', label: t('funding.account.bank'), value: account.bankName },
    {
      id: 'branch',
      label: t('funding.account.branch'),
      value: t('funding.account.branchValue', { name: account.branchName, code: account.branchCode }),
    },
    { id: 'type', label: t('funding.account.type'), value: account.accountType },
    { id: 'number', label: t('funding.account.number'), value: account.accountNumber, copy: true },
    { id: 'holder', label: t('funding.account.holder'), value: account.holderName, copy: true },
  ];
  return (
    <section className="kb-section" data-testid="deposit-account">
      <h2>
        {t('funding.account.heading')}
        {account.isDemo && (
          <span className="kb-demo-label" data-testid="deposit-account-demo">
            {t('funding.account.demo')}
          </span>
        )}
      </h2>
      <dl className="kb-transfer-rows">
        {rows.map((row) => (
          <TransferRow key={row.id} {...row} />
        ))}
      </dl>
      <h3>{t('funding.reference.heading')}</h3>
      <dl className="kb-transfer-rows">
        <TransferRow
          id="reference"
          label={t('funding.reference.label')}
          value={account.transferReference}
          copy
          valueTestId="deposit-reference"
        />
      </dl>
      <p className="kb-muted">{t('funding.reference.how', { reference: account.transferReference })}</p>
    </section>
  );
}
