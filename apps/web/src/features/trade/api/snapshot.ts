import { decimalToSen, senToDecimal, type Position, type TradingAccount } from '@kabuto/contract';
import { livePnl } from '../lib/figures';
import { useLiveQuotes, usePositions, useTradingAccount, useTradingChannels } from './trading';

export interface LivePositionRow {
  position: Position;
  /** The price the P&L is at (the live quote's last, else the server's mark). */
  price: string | null;
  pnl: string | null;
}

export interface TradeSnapshot {
  account: ReturnType<typeof useTradingAccount>;
  /** The account's figures at the same quotes as `rows`: equity, unrealised P&L and ratio move with them. */
  figures: TradingAccount | undefined;
  positions: ReturnType<typeof usePositions>;
  rows: LivePositionRow[];
  /** Whether the figures are current (the socket is live); `asOf` is the last HTTP read otherwise. */
  live: boolean;
  asOf: number;
}

const sen = (decimal: string) => decimalToSen(decimal) ?? 0n;

/**
 * The Trade tab's one view of the account: open positions priced at one map of quotes, and the header's P&L,
 * equity and maintenance ratio computed from those same rows, so the header and the rows always agree. The
 * server's account gives what quotes do not move (cash, margin, debt); its P&L is replaced by the rows' sum.
 */
export function useTradeSnapshot(): TradeSnapshot {
  useTradingChannels();
  const account = useTradingAccount();
  const positions = usePositions('open');
  const open = positions.data?.pages.flatMap((page) => page.items) ?? [];
  const quotes = useLiveQuotes(open.map((position) => position.code));
  const rows = open.map((position) => ({
    position,
    ...livePnl(position, quotes.data?.get(position.code)?.last),
  }));
  return {
    account,
    // With nothing open there is nothing to price: the server's figures stand as they are.
    figures:
      account.data && rows.length > 0 && !positions.hasNextPage
        ? liveFigures(account.data, rows)
        : account.data,
    positions,
    rows,
    live: quotes.live,
    asOf: Math.min(account.dataUpdatedAt, quotes.asOf || Infinity),
  };
}

/** The account with its unrealised P&L, equity and ratio taken at the rows' prices. */
export function liveFigures(account: TradingAccount, rows: readonly LivePositionRow[]): TradingAccount {
  const pnl = rows.reduce((sum, row) => sum + sen(row.pnl ?? '0'), 0n);
  const equity = sen(account.equity) - sen(account.unrealisedPnl) + pnl;
  const notional = sen(account.openNotional);
  return {
    ...account,
    unrealisedPnl: senToDecimal(pnl),
    equity: senToDecimal(equity),
    maintenanceRatio: notional > 0n ? ratioText(equity, notional) : account.maintenanceRatio,
  };
}

/** equity / notional in percent, two decimals, floored as the server's basis points are. */
function ratioText(equity: bigint, notional: bigint): string {
  const scaled = equity * 10_000n;
  const basisPoints = scaled / notional - (scaled % notional < 0n ? 1n : 0n);
  return (Number(basisPoints) / 100).toFixed(2);
}
