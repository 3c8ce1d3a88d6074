import type { ErrorCode } from '@kabuto/contract';
import type { EngineEvent, RejectReason } from '@kabuto/engine';
import { fail } from '../../platform/errors';

/** The catalogue error each engine refusal is answered with. */
export const REJECTION_ERRORS: Record<RejectReason, ErrorCode> = {
  ACCOUNT_NOT_FOUND: 'TRADING_ACCOUNT_NOT_FOUND',
  ORDER_ID_IN_USE: 'ORDER_ID_IN_USE',
  INSTRUMENT_UNKNOWN: 'INSTRUMENT_NOT_FOUND',
  LOTS_INVALID: 'ORDER_LOTS_INVALID',
  LEVERAGE_NOT_ALLOWED: 'ORDER_LEVERAGE_NOT_ALLOWED',
  KYC_REQUIRED_FOR_LEVERAGE: 'ORDER_LEVERAGE_NEEDS_KYC',
  CREDIT_SCORE_TOO_LOW: 'ORDER_CREDIT_SCORE_TOO_LOW',
  MARKET_DATA_UNAVAILABLE: 'MARKET_DATA_UNAVAILABLE',
  INSTRUMENT_HALTED: 'INSTRUMENT_HALTED',
  PRICE_REQUIRED: 'ORDER_PRICE_REQUIRED',
  PRICE_NOT_ALLOWED: 'ORDER_PRICE_NOT_ALLOWED',
  PRICE_OFF_TICK: 'ORDER_PRICE_OFF_TICK',
  PRICE_OUTSIDE_LIMITS: 'ORDER_PRICE_OUTSIDE_LIMITS',
  TAKE_PROFIT_INVALID: 'ORDER_TAKE_PROFIT_INVALID',
  STOP_LOSS_INVALID: 'ORDER_STOP_LOSS_INVALID',
  MARGIN_CALL_OUTSTANDING: 'MARGIN_CALL_OUTSTANDING',
  MINIMUM_EQUITY_REQUIRED: 'ORDER_MINIMUM_EQUITY_REQUIRED',
  INSUFFICIENT_FUNDS: 'ORDER_INSUFFICIENT_FUNDS',
  MARGIN_RATIO_TOO_LOW: 'ORDER_MARGIN_RATIO_TOO_LOW',
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  POSITION_NOT_FOUND: 'POSITION_NOT_FOUND',
  POSITION_CLOSING: 'POSITION_CLOSING',
};

export const refusal = (reason: RejectReason) => fail(REJECTION_ERRORS[reason]);

/** Throws the catalogue error of the command's refusal, if the engine refused it. */
export function throwIfRejected(events: readonly EngineEvent[]): void {
  for (const event of events) if (event.type === 'Rejected') throw refusal(event.reason);
}
