import { SESSION_END_REASONS, type SessionEndReason } from '@kabuto/contract';
/** Every route path of the investor app. The spec's pinyin paths are kept as URLs. */
export const STARTUP_PATH = '/';

export const HOME_PATH = '/pages/index/index';
export const MARKET_PATH = '/pages/market/market';
export const TRADE_PATH = '/pages/jiaoyi/jiaoyi';
export const NEWS_PATH = '/pages/record/record';
export const USER_PATH = '/pages/user/user';

export const LOGIN_PATH = '/subPackages/login/login';
export const REGISTER_PATH = '/subPackages/register/register';
export const REGISTERED_PATH = '/subPackages/register/done';
export const FORGOT_PASSWORD_PATH = '/subPackages/login/forgot';
export const TEST_PATH = '/subPackages/test/test';
export const AGREEMENT_PATH = '/subPackages/agreement/agreement';
export const PRIVACY_PATH = '/subPackages/privacy/privacy';
export const ORDER_PATH = '/subPackages/order/order';
export const MESSAGE_PATH = '/subPackages/message/message';
export const ABOUT_PATH = '/subPackages/about/index';
export const STOCK_DETAIL_PATH = '/subPackages/index/gupiaoDetail/gupiaoDetail';
export const IPO_PATH = '/subPackages/index/ipo/ipo';
export const DIVIDEND_PATH = '/subPackages/index/dividend/dividend';
export const BLOCK_TRADE_PATH = '/subPackages/index/dadan/dadan';
export const BONUS_PATH = '/subPackages/index/hongli/hongli';
export const COPY_TRADING_PATH = '/subPackages/index/gendan/gendan';
export const COPY_TRADING_RECORD_PATH = '/subPackages/index/gendan/record';
export const FINANCING_PATH = '/subPackages/index/rongzi/rongzi';
export const FUND_PATH = '/subPackages/fund/index';
export const FUND_RECORD_PATH = '/subPackages/fund/record';
export const TRADE_DETAIL_PATH = '/subPackages/jiaoyi/jiaoyiDetail/jiaoyiDetail';
export const BANK_ACCOUNT_PATH = '/subPackages/bankAccount/bankAccount';
export const ACCOUNT_LOG_PATH = '/subPackages/bankAccount/accountLog';
export const SEARCH_PATH = '/subPackages/search/search';
export const WEBVIEW_PATH = '/subPackages/webview/webview';
export const WITHDRAWAL_PATH = '/subPackages/withdrawal/withdrawal';
export const REAL_NAME_PATH = '/subPackages/real_name/real_name';
export const SETTINGS_PATH = '/subPackages/seting/seting';
export const DETAILS_PATH = '/subPackages/details/details';
export const DEPOSIT_PATH = '/subPackages/recharge/recharge';
export const TRANSACTION_PASSWORD_PATH = '/subPackages/transactionPassions/transactionPassions';
export const LANGUAGE_PATH = '/subPackages/switchLanguage/switchLanguage';
export const CONFIRM_PATH = '/subPackages/confirm/confirm';
export const CUSTOMER_SERVICE_PATH = '/subPackages/customerService/customerService';
export const CHANGE_PASSWORD_PATH = '/subPackages/changePassword/changePassword';
export const TRANSACTION_LOG_PATH = '/subPackages/transactionLog/transactionLog';
export const LOGOUT_PATH = '/subPackages/logout/logout';
export const SECURITY_PATH = '/subPackages/security/security';
export const PRICE_ALERTS_PATH = '/subPackages/alerts/alerts';

/** Why the session ended, when the login screen was reached because it was ended elsewhere (`params.reason` of the 401). */
export function sessionEndReasonOf(state: unknown): SessionEndReason | null {
  const reason = (state as { endedBecause?: unknown } | null)?.endedBecause;
  return SESSION_END_REASONS.find((known) => known === reason) ?? null;
}

/**
 * Where login sends the person afterwards: the page they were going to, if it is one of ours (and not the logout
 * page, where the last session ended).
 */
export function returnPathOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    from !== LOGIN_PATH &&
    from !== LOGOUT_PATH
    ? from
    : HOME_PATH;
}

/** The stock detail page of one instrument. */
export const stockDetailPath = (code: string) => `${STOCK_DETAIL_PATH}?code=${encodeURIComponent(code)}`;
