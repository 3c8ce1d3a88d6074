import { useId, useState, type ReactNode } from 'react';
import { toneClass } from '../../../lib/price-tone';
import { NoticeBar } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useTradeTranslation } from '../lib/texts';
import { LiveNotice } from '../../../components/market/LiveNotice';
import type { TradeSnapshot } from '../api/snapshot';
import type { TradingAccount } from '@kabuto/contract';
import { buyingPowerAt, roomAbove, shortfallTo } from '../lib/figures';
import { dateText, withSign, yen } from '../../../lib/format';
import { readString, writeString } from '../../../lib/storage';

/** Whether the investor last opened or closed the card's details (買付余力の内訳, 追証・ロスカット水準). */
const DETAILS_KEY = 'kabuto.trade.summaryDetails';

/**
 * Equity, buying power (the server's, by the engine's own checks: unrealised losses lower it), margin in use,
 * unrealised P&L and the maintenance ratio; the margin call, if any. How buying power is reckoned and the
 * ratio's two levels fold away under a toggle so that the positions start on the first screen; they stay open
 * while losses limit buying power, a margin call stands or a forced close is decided.
 */
export function AccountSummary({ snapshot }: { snapshot: TradeSnapshot }) {
  const { t } = useTradeTranslation();
  const account = snapshot.figures;
  const { isError, refetch } = snapshot.account;
  const power = buyingPowerAt(account, 'long', 1);
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
      {account?.forcedClosePending ? (
        // Once a forced close is decided, "deposit by the deadline" would promise what a deposit cannot do.
        <NoticeBar
          className="kb-trade-margin-call"
          color="alert"
          wrap
          content={t('trade:account.forcedClosePending')}
          data-testid="trade-forced-close-pending"
        />
      ) : (
        account?.marginCall && (
          <NoticeBar
            className="kb-trade-margin-call"
            color="alert"
            wrap
            content={<MarginCallText account={account} deadline={account.marginCall.deadline} />}
            data-testid="trade-margin-call"
          />
        )
      )}
      <LiveNotice asOf={snapshot.asOf} />
      <section
        className="kb-trade-summary"
        aria-labelledby="trade-account-heading"
        data-testid="trade-account"
      >
        <h2 id="trade-account-heading" className="kb-trade-summary-title">
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
            {cell('available', t('trade:account.available'), power ? yen(power.notional) : '—')}
            {cell('margin', t('trade:account.margin'), account ? yen(account.margin) : '—')}
            {cell(
              'pnl',
              t('trade:account.unrealisedPnl'),
              account ? withSign(yen(account.unrealisedPnl)) : '—',
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
        {account && (
          // The two levels the ratio is judged by, always in sight; their detail is under the toggle.
          <p className="kb-trade-summary-note" data-testid="trade-ratio-levels">
            {t('trade:account.ratioLevels', {
              marginCall: account.levels.marginCall.ratio,
              liquidation: account.levels.liquidation.ratio,
            })}
          </p>
        )}
        {account && power && power.limitedBy !== 'cash' && (
          <p className="kb-trade-summary-note" data-testid="trade-buying-power-note">
            {t(`trade:account.buyingPowerLimited.${power.limitedBy}`, { cash: yen(account.available) })}
          </p>
        )}
        {account && (
          <SummaryDetails
            atRisk={
              account.marginCall !== null || account.forcedClosePending || power?.limitedBy === 'maintenance'
            }
          >
            {/* Why it is a little less than the cash shown elsewhere (マイページ, 出金): the fee is kept back. */}
            {power?.limitedBy === 'cash' && account.available !== '0.00' && (
              <p className="kb-trade-summary-note" data-testid="trade-buying-power-fee-note">
                {t('trade:account.buyingPowerFromCash', { cash: yen(account.available) })}
              </p>
            )}
            <RatioLevels account={account} />
          </SummaryDetails>
        )}
      </section>
    </>
  );
}

/** The card's details behind a toggle: open as the investor last left them, and always while at risk. */
function SummaryDetails({ atRisk, children }: { atRisk: boolean; children: ReactNode }) {
  const { t } = useTradeTranslation();
  const [chosen, setChosen] = useState(() => readString(DETAILS_KEY));
  const open = atRisk || chosen === 'open';
  const id = useId();
  const toggle = () => {
    const next = open ? 'closed' : 'open';
    writeString(DETAILS_KEY, next);
    setChosen(next);
  };
  return (
    <>
      {!atRisk && (
        <button
          type="button"
          className="kb-trade-summary-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={toggle}
          data-testid="trade-account-details-toggle"
        >
          {t('trade:account.details')}
          <DownOutline aria-hidden className={open ? 'kb-open' : undefined} />
        </button>
      )}
      <div id={id} hidden={!open} data-testid="trade-account-details">
        {children}
      </div>
    </>
  );
}

/** The margin call, its deadline, and at today's prices roughly what a deposit needs to add to meet it. */
function MarginCallText({ account, deadline }: { account: TradingAccount; deadline: string }) {
  const { t } = useTradeTranslation();
  const due = shortfallTo(account.equity, account.levels.marginCall.equity);
  return (
    <>
      {t('trade:account.marginCall', { deadline: dateText(t, deadline) })}
      {due && (
        <span className="kb-trade-margin-call-due" data-testid="trade-margin-call-due">
          {t('trade:account.marginCallDue', { amount: yen(due) })}
        </span>
      )}
    </>
  );
}

/** 追証ライン and ロスカット: the engine's levels, the equity at which each is reached, and how far equity may still fall. */
function RatioLevels({ account }: { account: NonNullable<TradeSnapshot['figures']> }) {
  const { t } = useTradeTranslation();
  const { marginCall, liquidation } = account.levels;
  const row = (id: string, label: string, level: typeof marginCall) => {
    const room = roomAbove(account.equity, level.equity);
    return (
      <tr key={id} data-testid={`trade-level-${id}`}>
        <th scope="row">{label}</th>
        <td data-testid={`trade-level-${id}-ratio`}>{level.ratio}%</td>
        <td data-testid={`trade-level-${id}-equity`}>{level.equity ? yen(level.equity) : '—'}</td>
        <td data-testid={`trade-level-${id}-room`}>
          {room === null ? '—' : room === '0.00' ? t('trade:account.levelReached') : yen(room)}
        </td>
      </tr>
    );
  };
  return (
    <table className="kb-trade-levels" data-testid="trade-levels">
      <caption className="kb-visually-hidden">{t('trade:account.levels')}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{t('trade:account.levelRatio')}</th>
          <th scope="col">{t('trade:account.levelEquity')}</th>
          <th scope="col">{t('trade:account.levelRoom')}</th>
        </tr>
      </thead>
      <tbody>
        {row('margin-call', t('trade:account.marginCallLevel'), marginCall)}
        {row('liquidation', t('trade:account.liquidationLevel'), liquidation)}
      </tbody>
    </table>
  );
}
