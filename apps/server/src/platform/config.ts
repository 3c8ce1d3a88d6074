import { resolve } from 'node:path';
import { DEFAULT_ENGINE_CONFIG, type EngineConfig } from '@kabuto/engine';
import { MARKET_CLOCK_POLICIES, type MarketClockPolicy } from '@kabuto/market-rules';

/** Runtime configuration from environment variables; every value has a working default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  logLevel: string;
  publicBasePath: string;
  webDist: string;
  backofficeDist: string;
  customerServiceUrl: string;
  companyName: string;
  companyNameJa: string;
  /** 金融商品取引業者 registration, e.g. 関東財務局長（金商）第0000号; shown as not configured when null. */
  registrationNumber: string | null;
  /** Association memberships shown on the About page (comma-separated in MEMBER_ASSOCIATIONS). */
  associations: string[];
  smsAdapter: 'dev-outbox';
  /** Who may read the dev outbox at /api/dev/sms: this machine only, anyone, or nobody. */
  devSmsEndpoint: 'loopback' | 'open' | 'off';
  smsDailyLimit: number;
  /** Fastify's trustProxy: false, true, a hop count, or addresses/CIDRs of trusted proxies. */
  trustProxy: boolean | number | string;
  smsCodeTtlSeconds: number;
  smsResendSeconds: number;
  smsMaxAttempts: number;
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  staffSessionTtlSeconds: number;
  staffSessionIdleSeconds: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  authRateLimitMax: number;
  authRateLimitWindowSeconds: number;
  exportRateLimitMax: number;
  exportRateLimitWindowSeconds: number;
  bodyLimitBytes: number;
  /**
   * Demo accounts with public credentials: seeded into an empty database when the server binds to a
   * loopback address, or anywhere when SEED_DEMO_DATA=true is set explicitly.
   */
  seedDemoData: 'always' | 'never' | 'loopback-only';
  /** SMS codes sent per hour across all numbers: a ceiling against SMS pumping. */
  smsGlobalHourlyLimit: number;
  /**
   * How long a session or user row read on the request path is kept in memory at most (0: never). Changes
   * drop it at once on every node through the bus; this bounds staleness only if a bus message is lost.
   */
  readCacheSeconds: number;
  /** Open WebSocket connections one client address may hold on a node. */
  wsMaxPerAddress: number;
  /** The firm's own bank account that customers transfer deposits to (DEPOSIT_*). */
  depositAccount: DepositAccountConfig;
  /** Withdrawals above this amount (WITHDRAWAL_FOUR_EYES_JPY, in yen) need two different staff approvals. */
  withdrawalFourEyesSen: bigint;
  /** 'exchange': withdrawals (and later trading) keep TSE business days and hours; 'always-open': a demo. */
  marketClock: MarketClockPolicy;
  /** Seed of the market simulator (MARKET_SEED): the same seed and clock give the same prices and history. */
  marketSeed: string;
  /** Whether `npm start` generates the market history on a first start (MARKET_BACKFILL); tests opt in per file. */
  marketBackfill: boolean;
  /** How long a verified second factor lets the session do sensitive things (withdrawals, bank accounts). */
  stepUpTtlSeconds: number;
  /**
   * How long a member whose credentials an admin set (created, or reset the password or authenticator) counts as
   * that admin in two-person rules (STAFF_CUSTODY_DAYS); 0 turns the rule off.
   */
  staffCustodyDays: number;
  /** Whether an identity verification passes only once a second, different staff member confirms it (KYC_SECOND_REVIEW). */
  kycSecondReview: boolean;
  /** Whether sensitive actions need a second factor at all (REQUIRE_STEP_UP). */
  requireStepUp: boolean;
  /** WebAuthn relying party: the domain passkeys are bound to, and the origins the app is served from. */
  webauthnRpId: string;
  webauthnOrigins: string[];
  /** The trading engine's leverage set, fee schedule and interest rates (TRADING_*); the rest are the engine's defaults. */
  trading: TradingConfig;
  /**
   * TEST_PRICE_PATH=on: POST /api/test/quotes feeds prices into the engine, for end-to-end tests of forced closes.
   * Refused with DATABASE_URL or a HOST other than loopback (docs/decisions/test-price-path.md); off by default.
   */
  testPricePath: boolean;
}

export type TradingConfig = Pick<
  EngineConfig,
  'leverages' | 'fee' | 'longInterestBpPerYear' | 'shortBorrowFeeBpPerYear'
>;

export interface DepositAccountConfig {
  bankName: string;
  branchName: string;
  branchCode: string;
  accountType: string;
  accountNumber: string;
  /** In katakana, as the bank shows it on a transfer. */
  holderName: string;
  /** True while DEPOSIT_ACCOUNT_NUMBER is not set: the app marks the details as a demonstration. */
  isDemo: boolean;
}

const LOOPBACK_HOSTS = ['127.0.0.1', '::1', 'localhost'];
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.includes(host) || host.startsWith('127.');

/** Whether demo data may be seeded on this configuration. */
export const seedsDemoData = (config: Pick<Config, 'seedDemoData' | 'host'>) =>
  config.seedDemoData === 'always' ||
  (config.seedDemoData === 'loopback-only' && isLoopbackHost(config.host));

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string, fallback: string) => {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
};
const optional = (env: Env, name: string) => {
  const value = env[name];
  return value === undefined || value === '' ? null : value;
};
function integer(env: Env, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  // Digits only: Number() would also take 1e9, 0x1e and 1.0.
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value > max)
    throw new Error(`${name} must be a whole number from 0 to ${max}, got "${raw}"`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  return oneOf(env, name, ['true', 'false'] as const, fallback ? 'true' : 'false') === 'true';
}

function trustProxy(raw: string | null): boolean | number | string {
  if (raw === null || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** Durations accept plain seconds or a suffix: 90s, 30m, 12h, 7d. */
function duration(env: Env, name: string, fallbackSeconds: number): number {
  const raw = optional(env, name);
  if (raw === null) return fallbackSeconds;
  const match = /^(\d+)([smhd]?)$/.exec(raw.trim());
  if (!match) throw new Error(`${name} must be a duration like 3600, 30m, 12h or 7d, got "${raw}"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

/** TRADING_LEVERAGES ("1,2,3"), TRADING_FEE_RATE_BP, TRADING_FEE_MIN_JPY, TRADING_FEE_MAX_JPY, TRADING_*_BP. */
function tradingConfig(env: Env): TradingConfig {
  const defaults = DEFAULT_ENGINE_CONFIG;
  const leverages = optional(env, 'TRADING_LEVERAGES');
  const maximum = optional(env, 'TRADING_FEE_MAX_JPY');
  return {
    leverages:
      leverages === null ? defaults.leverages : leverages.split(',').map((value) => Number(value.trim())),
    fee: {
      rateBp: integer(env, 'TRADING_FEE_RATE_BP', defaults.fee.rateBp),
      minimum: BigInt(integer(env, 'TRADING_FEE_MIN_JPY', Number(defaults.fee.minimum / 100n))) * 100n,
      maximum:
        maximum === null ? defaults.fee.maximum : BigInt(integer(env, 'TRADING_FEE_MAX_JPY', 0)) * 100n,
    },
    longInterestBpPerYear: integer(env, 'TRADING_LONG_INTEREST_BP', defaults.longInterestBpPerYear),
    shortBorrowFeeBpPerYear: integer(env, 'TRADING_SHORT_BORROW_FEE_BP', defaults.shortBorrowFeeBpPerYear),
  };
}

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const smsAdapter = text(env, 'SMS_ADAPTER', 'dev-outbox');
  if (smsAdapter !== 'dev-outbox')
    throw new Error(`SMS_ADAPTER "${smsAdapter}" is not available; use dev-outbox`);
  const port = integer(env, 'PORT', 8080);
  const host = text(env, 'HOST', '127.0.0.1');
  const testPricePath = oneOf(env, 'TEST_PRICE_PATH', ['on', 'off'] as const, 'off') === 'on';
  if (testPricePath && optional(env, 'DATABASE_URL') !== null)
    throw new Error(
      'TEST_PRICE_PATH=on moves prices at will: it is refused with DATABASE_URL (a real database)',
    );
  if (testPricePath && !isLoopbackHost(host))
    throw new Error(`TEST_PRICE_PATH=on is refused on HOST=${host}: only a loopback address may serve it`);
  return {
    port,
    host,
    dataDir: resolve(root, text(env, 'DATA_DIR', './data')),
    databaseUrl: optional(env, 'DATABASE_URL'),
    redisUrl: optional(env, 'REDIS_URL'),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    publicBasePath: text(env, 'PUBLIC_BASE_PATH', '/'),
    webDist: resolve(root, text(env, 'WEB_DIST', 'apps/web/dist')),
    backofficeDist: resolve(root, text(env, 'BACKOFFICE_DIST', 'apps/backoffice/dist')),
    customerServiceUrl: text(env, 'CUSTOMER_SERVICE_URL', 'https://support.kabuto.example/chat'),
    companyName: text(env, 'COMPANY_NAME', 'Kabuto Securities Co., Ltd.'),
    companyNameJa: text(env, 'COMPANY_NAME_JA', 'カブト証券株式会社'),
    registrationNumber: optional(env, 'REGISTRATION_NUMBER'),
    associations: (optional(env, 'MEMBER_ASSOCIATIONS') ?? '')
      .split(/[,、]/)
      .map((name) => name.trim())
      .filter(Boolean),
    smsAdapter,
    devSmsEndpoint: oneOf(env, 'DEV_SMS_ENDPOINT', ['loopback', 'open', 'off'] as const, 'loopback'),
    smsDailyLimit: integer(env, 'SMS_DAILY_LIMIT', 10),
    trustProxy: trustProxy(optional(env, 'TRUST_PROXY')),
    smsCodeTtlSeconds: duration(env, 'SMS_CODE_TTL', 600),
    smsResendSeconds: duration(env, 'SMS_RESEND_INTERVAL', 60),
    smsMaxAttempts: integer(env, 'SMS_MAX_ATTEMPTS', 5),
    sessionTtlSeconds: duration(env, 'SESSION_TTL', 7 * 86400),
    sessionIdleSeconds: duration(env, 'SESSION_IDLE_TTL', 2 * 3600),
    staffSessionTtlSeconds: duration(env, 'STAFF_SESSION_TTL', 12 * 3600),
    staffSessionIdleSeconds: duration(env, 'STAFF_SESSION_IDLE_TTL', 30 * 60),
    loginMaxFailures: integer(env, 'LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: integer(env, 'LOGIN_LOCK_MINUTES', 15),
    authRateLimitMax: integer(env, 'AUTH_RATE_LIMIT_MAX', 20),
    authRateLimitWindowSeconds: duration(env, 'AUTH_RATE_LIMIT_WINDOW', 60),
    exportRateLimitMax: integer(env, 'EXPORT_RATE_LIMIT_MAX', 10),
    exportRateLimitWindowSeconds: duration(env, 'EXPORT_RATE_LIMIT_WINDOW', 60),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 64 * 1024),
    seedDemoData: { true: 'always' as const, false: 'never' as const, auto: 'loopback-only' as const }[
      oneOf(env, 'SEED_DEMO_DATA', ['true', 'false', 'auto'] as const, 'auto')
    ],
    smsGlobalHourlyLimit: integer(env, 'SMS_GLOBAL_HOURLY_LIMIT', 1000),
    readCacheSeconds: duration(env, 'READ_CACHE_TTL', 10),
    wsMaxPerAddress: integer(env, 'WS_MAX_CONNECTIONS_PER_ADDRESS', 20),
    depositAccount: {
      bankName: text(env, 'DEPOSIT_BANK_NAME', 'カブト銀行'),
      branchName: text(env, 'DEPOSIT_BRANCH_NAME', '本店営業部'),
      branchCode: text(env, 'DEPOSIT_BRANCH_CODE', '001'),
      accountType: text(env, 'DEPOSIT_ACCOUNT_TYPE', '普通'),
      accountNumber: text(env, 'DEPOSIT_ACCOUNT_NUMBER', '0000000'),
      holderName: text(env, 'DEPOSIT_ACCOUNT_HOLDER', 'カ）カブトショウケン'),
      isDemo: optional(env, 'DEPOSIT_ACCOUNT_NUMBER') === null,
    },
    withdrawalFourEyesSen: BigInt(integer(env, 'WITHDRAWAL_FOUR_EYES_JPY', 1_000_000)) * 100n,
    marketClock: oneOf(env, 'MARKET_CLOCK', MARKET_CLOCK_POLICIES, 'exchange'),
    marketSeed: text(env, 'MARKET_SEED', 'kabuto'),
    marketBackfill: flag(env, 'MARKET_BACKFILL', true),
    stepUpTtlSeconds: duration(env, 'STEP_UP_TTL', 5 * 60),
    requireStepUp: flag(env, 'REQUIRE_STEP_UP', true),
    kycSecondReview: flag(env, 'KYC_SECOND_REVIEW', true),
    staffCustodyDays: integer(env, 'STAFF_CUSTODY_DAYS', 30, 3650),
    webauthnRpId: text(env, 'WEBAUTHN_RP_ID', 'localhost'),
    webauthnOrigins: text(env, 'WEBAUTHN_ORIGIN', `http://localhost:${port}`)
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trading: tradingConfig(env),
    testPricePath,
  };
}
