import { isMarginTrade, type Sen } from '@kabuto/contract';
import type { EngineConfig } from './config';
import { equityAtLevel, feeFor, isBelowLevel, marginFor } from './money';
import type { MarginCallRecord } from './records';

/** What the money checks of a new order look at: the account as measure() and the ledger give it. */
export interface AccountFunds {
  readonly available: Sen;
  /** available + held + margin + debt + unrealised P&L at the marks. */
  readonly equity: Sen;
  /** The open positions' notional at entry. */
  readonly openNotional: Sen;
}

type FundsRules = Pick<EngineConfig, 'fee' | 'margin'>;

/**
 * Why a new position of `notional` at `leverage` would be refused for money, or null: its margin and fee must
 * come out of available cash, and the maintenance ratio after it, the fee paid, must stay at the level.
 */
export function fundsProblem(
  funds: AccountFunds,
  notional: Sen,
  leverage: number,
  rules: FundsRules,
): 'INSUFFICIENT_FUNDS' | 'MARGIN_RATIO_TOO_LOW' | null {
  const fee = feeFor(notional, rules.fee);
  if (funds.available < marginFor(notional, leverage) + fee) return 'INSUFFICIENT_FUNDS';
  if (isBelowLevel(funds.equity - fee, funds.openNotional + notional, rules.margin.maintenanceRatioBp)) {
    return 'MARGIN_RATIO_TOO_LOW';
  }
  return null;
}

export interface BuyingPower {
  readonly side: 'long' | 'short';
  readonly leverage: number;
  /** The largest notional (約定代金) a new position at this leverage may have; its fee comes on top. */
  readonly notional: Sen;
  /** The margin that position would post. */
  readonly margin: Sen;
  /**
   * What stops it going higher: cash (margin and fee), the maintenance ratio (unrealised losses or debt
   * leave less equity than cash), an open margin call, or for a margin trade (above 1x, or any short) the
   * investor's eligibility (identity verified, credit score) or the minimum equity.
   */
  readonly limitedBy: 'cash' | 'maintenance' | 'margin_call' | 'margin_eligibility' | 'minimum_equity';
}

/**
 * 買付余力 / 信用建余力: the largest new position at `leverage` the engine would accept for money, found with the
 * very checks placing an order makes (fundsProblem), so the screen never offers room the engine refuses. Both
 * checks only get harder as the notional grows, so a binary search over whole sen finds the exact bound.
 * Instrument limits, lots and prices are the order's own and are not part of it.
 */
export function buyingPower(
  funds: AccountFunds & {
    readonly marginCall: MarginCallRecord | null;
    readonly kycPassed: boolean;
    readonly creditScore: number;
  },
  side: 'long' | 'short',
  leverage: number,
  config: FundsRules & Pick<EngineConfig, 'minimumCreditScoreForLeverage'>,
): BuyingPower {
  const none = (limitedBy: BuyingPower['limitedBy']) => ({
    side,
    leverage,
    notional: 0n,
    margin: 0n,
    limitedBy,
  });
  if (funds.marginCall) return none('margin_call');
  if (isMarginTrade(side, leverage)) {
    // placeOrder refuses these before any money check (KYC_REQUIRED_FOR_LEVERAGE, CREDIT_SCORE_TOO_LOW).
    if (!funds.kycPassed || funds.creditScore < config.minimumCreditScoreForLeverage)
      return none('margin_eligibility');
    if (funds.equity < config.margin.minimumEquity) return none('minimum_equity');
  }
  const problemAt = (notional: Sen) => fundsProblem(funds, notional, leverage, config);
  const first = problemAt(0n);
  if (first) return none(first === 'INSUFFICIENT_FUNDS' ? 'cash' : 'maintenance');
  // The margin alone exceeds available cash beyond this notional.
  let low = 0n;
  let high = (funds.available > 0n ? funds.available : 0n) * BigInt(leverage) + 1n;
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (problemAt(middle) === null) low = middle;
    else high = middle;
  }
  return {
    side,
    leverage,
    notional: low,
    margin: marginFor(low, leverage),
    limitedBy: problemAt(low + 1n) === 'MARGIN_RATIO_TOO_LOW' ? 'maintenance' : 'cash',
  };
}

export interface RiskLevel {
  readonly ratioBp: number;
  /** The equity below which the account is past this level with its open notional; null with nothing open. */
  readonly equity: Sen | null;
}

/**
 * The two levels of the maintenance ratio: the margin call (追証) and the forced close (ロスカット), each with the
 * equity at which the open positions reach it (isBelowLevel: equity × 10,000 < notional × level).
 */
export function riskLevels(
  openNotional: Sen,
  config: Pick<EngineConfig, 'margin' | 'liquidationRatioBp'>,
): { marginCall: RiskLevel; liquidation: RiskLevel } {
  const level = (ratioBp: number): RiskLevel => ({
    ratioBp,
    equity: openNotional === 0n ? null : equityAtLevel(openNotional, ratioBp),
  });
  return {
    marginCall: level(config.margin.maintenanceRatioBp),
    liquidation: level(config.liquidationRatioBp),
  };
}
