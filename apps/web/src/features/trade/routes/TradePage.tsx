import { useIsLoggedIn } from '../../../lib/session-store';
import { useTradeSnapshot } from '../api/snapshot';
import { usePrefetchTradeAccount } from '../api/trading';
import { AccountSummary } from '../components/AccountSummary';
import { TradeGuest } from '../components/TradeGuest';
import { TradeTabs } from '../components/TradeTabs';
import '../components/trade.css';

/** The Trade tab: the trading account, positions, resting orders and the history. */
export default function TradePage() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <TradeGuest />;
  return <TradeAccount />;
}

function TradeAccount() {
  usePrefetchTradeAccount();
  const snapshot = useTradeSnapshot();
  return (
    <div data-testid="trade-page">
      <AccountSummary snapshot={snapshot} />
      <TradeTabs snapshot={snapshot} />
    </div>
  );
}
