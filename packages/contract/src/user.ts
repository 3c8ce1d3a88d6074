import { z } from 'zod';
import { KYC_STATUSES } from './enums';
import { decimalMoney } from './fields';

/**
 * The user info of the legacy client contract (docs/architecture.md): snake_case, amounts as decimal
 * strings with two decimals. `shizhi` is the frozen (held) funds shown in the four-balance panel.
 */
export const userInfo = z.object({
  user_id: z.string(),
  mobile: z.string(),
  total: decimalMoney,
  money: decimalMoney,
  shizhi: decimalMoney,
  my_losses: z.object({ count_losses: decimalMoney }),
  used_amount: decimalMoney,
  custody: decimalMoney,
  credit_score: z.number().int(),
  real_name_status: z.enum(KYC_STATUSES),
  /** The name identity verification passed with; null until it has. */
  real_name: z.string().nullable(),
  has_transaction_password: z.boolean(),
  referral_code: z.string(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** `user_id` of the legacy calls; when absent the caller's own account is meant. */
export const legacyUserQuery = z.object({ user_id: z.string().max(40).optional() });

export const customerServiceLink = z.object({ kefu_url: z.string() });

export const WITHDRAWAL_RULES = {
  minimumSen: 1_000_000n,
  feeSen: 0n,
  openFrom: '09:00',
  openUntil: '15:30',
  creditedWithinHours: 24,
} as const;

export const withdrawalContext = z.object({
  money: decimalMoney,
  min_amount: decimalMoney,
  fee: decimalMoney,
  open_from: z.string(),
  open_until: z.string(),
  weekdays_only: z.boolean(),
  credited_within_hours: z.number().int(),
  bank_accounts: z.array(z.object({ id: z.string(), bank_name: z.string(), account_last4: z.string() })),
});

export const appInfo = z.object({
  version: z.string(),
  versionCode: z.number().int(),
  latestVersionCode: z.number().int(),
  companyName: z.string(),
  foundedYear: z.number().int(),
  /** The firm's registration as a financial instruments business operator; null when not configured. */
  registrationNumber: z.string().nullable(),
  /** Self-regulatory organisations the firm belongs to; empty when not configured. */
  associations: z.array(z.string()),
  customerServiceUrl: z.string(),
  marketHost: z.object({ name: z.string(), simulated: z.boolean() }),
  serverTime: z.string(),
});
export type AppInfo = z.infer<typeof appInfo>;
