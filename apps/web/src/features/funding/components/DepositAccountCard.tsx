import type { ResponseOf, api } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton';
import './funding.css';

type DepositAccount = ResponseOf<typeof api.funding.depositAccount>;

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
      <dl className="kb-detail-rows">
        {rows.map((row) => (
          <div key={row.id} className="kb-detail-row">
            <dt>{row.label}</dt>
            <dd>
              <span data-testid={`deposit-account-${row.id}`}>{row.value}</span>
              {row.copy && <CopyButton value={row.value} label={row.label} testId={`copy-${row.id}`} />}
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t('funding.reference.heading')}</h3>
      <dl className="kb-detail-rows">
        <div className="kb-detail-row">
          <dt>{t('funding.reference.label')}</dt>
          <dd>
            <span data-testid="deposit-reference">{account.transferReference}</span>
            <CopyButton
              value={account.transferReference}
              label={t('funding.reference.label')}
              testId="copy-reference"
            />
          </dd>
        </div>
      </dl>
      <p className="kb-muted">{t('funding.reference.how', { reference: account.transferReference })}</p>
    </section>
  );
}
