import { toneClass } from '../../../lib/price-tone';
import { NoticeBar } from 'antd-mobile';
import { useTradeTranslation } from '../lib/texts';
import { yen } from '../../../lib/format';
import { LiveNotice } from '../../../components/market/LiveNotice';
import type { TradeSnapshot } from '../api/snapshot';
import { withSign } from '../lib/figures';
import { formatYen } from '@kabuto/contract';

/** Equity, buying power, margin in use, unrealised P&L and the maintenance ratio; the margin call, if any. */
export function AccountSummary({ snapshot }: { snapshot: TradeSnapshot }) {
  const { t } = useTradeTranslation();
  const account = snapshot.figures;
  const { isError, refetch } = snapshot.account;
  const cell = (id: string, label: string, value: string, className?: string) => (
    <div className="kb-balance-cell" key={id}>
      <dt>{label}</dt>
      <dd className={className} data-testid={`trade-account-${id}`}>
        {value}
      </dd>
    </div>
  );
  return (
    <>
      {account?.marginCall && (
        <NoticeBar
          className="kb-trade-margin-call"
          color="alert"
          wrap
          content={t('trade:account.marginCall', {
            deadline: account.marginCall.deadline.replaceAll('-', '/'),
          })}
          data-testid="trade-margin-call"
        />
      )}
      <LiveNotice asOf={snapshot.asOf} />
      <section
        className="kb-trade-summary"
        aria-labelledby="trade-account-heading"
        data-testid="trade-account"
      >
        <h2 id="trade-account-heading" style={{ margin: 0, fontSize: 14, fontWeight: 400, opacity: 0.9 }}>
          {t('trade:account.equity')}
        </h2>
        <div className="kb-equity" data-testid="trade-account-equity">
          {account ? yen(account.equity) : '—'}
        </div>
        {isError && !account ? (
          <button type="button" className="kb-link" style={{ color: '#fff' }} onClick={() => void refetch()}>
            {t('trade:loadFailedRetry')}
          </button>
        ) : (
          <dl className="kb-balance-grid">
            {cell('available', t('trade:account.available'), account ? yen(account.available) : '—')}
            {cell('margin', t('trade:account.margin'), account ? yen(account.margin) : '—')}
            {cell(
              'pnl',
              t('trade:account.unrealisedPnl'),
              account ? withSign(formatYen(account.unrealisedPnl)) : '—',
              toneClass(account?.unrealisedPnl),
            )}
            {cell(
              'ratio',
              t('trade:account.maintenanceRatio'),
              account?.maintenanceRatio ? `${account.maintenanceRatio}%` : '—',
            )}
            {account && account.held !== '0.00' && cell('held', t('trade:account.held'), yen(account.held))}
            {account &&
              account.debt !== '0.00' &&
              // The API gives debt as zero or negative; "amount owed" reads as a positive sum.
              cell('debt', t('trade:account.debt'), yen(account.debt.replace(/^-/, '')))}
          </dl>
        )}
      </section>
    </>
  );
}
