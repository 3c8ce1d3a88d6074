import { z } from 'zod';
import { ENTRY_KINDS, LEDGER_GROUPS, REVIEW_STATUSES } from './enums';
import type { ErrorCode } from './errors';
import { code, decimalMoney, pageQuery, requiredText, TEXT_MAX, wholeNumberField } from './fields';
import { toKatakana } from './kana';
import { typedSen } from './money';

/** `Idempotency-Key` header values: what a client generates per attempt (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The largest amount one request may name: 100 billion yen, far above any real transfer, far below int8. */
const MAX_AMOUNT_SEN = 100_000_000_000n * 100n;

/** Full-width digits, with the spaces and commas a person puts between groups of them, as plain digits. */
const plainDigits = (text: string) => text.normalize('NFKC').replace(/[,\s]/g, '');

/**
 * A yen amount typed by a person: "10000", "10,000", "１００００.５", "¥10,000" (typedSen). Read as sen; positive
 * unless `signed`.
 * `wholeYen` for bank transfers, which move whole yen only.
 */
export const amountField = (options: { signed?: boolean; wholeYen?: boolean } = {}) =>
  z
    .string(code('AMOUNT_REQUIRED'))
    .trim()
    .min(1, code('AMOUNT_REQUIRED'))
    .transform((value, ctx) => {
      const sen = typedSen(value);
      const magnitude = sen !== null && sen < 0n ? -sen : sen;
      if (
        sen === null ||
        magnitude === null ||
        magnitude === 0n ||
        magnitude > MAX_AMOUNT_SEN ||
        (!options.signed && sen < 0n)
      ) {
        ctx.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' });
        return z.NEVER;
      }
      if (options.wholeYen && sen % 100n !== 0n) {
        ctx.addIssue({ code: 'custom', message: 'AMOUNT_WHOLE_YEN' });
        return z.NEVER;
      }
      return sen;
    });

/** Digits only (after NFKC), exactly `length` of them. */
const digitsField = (missing: ErrorCode, invalid: ErrorCode, length: number) =>
  z
    .string(code(missing))
    .transform((value) => plainDigits(value).replace(/[-\u2010-\u2015\u2212\u30fc]/g, ''))
    .pipe(
      z
        .string()
        .min(1, code(missing))
        .regex(new RegExp(`^\\d{${length}}$`), code(invalid)),
    );

/** A row id as a decimal string (ids are BIGINT). */
const idString = (invalid: ErrorCode) =>
  z
    .string(code(invalid))
    .regex(/^\d{1,18}$/, code(invalid))
    .transform((value) => BigInt(value));

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---- balances and the ledger ----

export const balances = z.object({
  available: decimalMoney,
  held: decimalMoney,
  marginInUse: decimalMoney,
  loanPayable: decimalMoney,
  /**
   * 不足金: what a forced close left the account owing the firm, as a negative amount (zero when nothing is owed);
   * cash that arrives repays it first. The total is available + held + margin in use + this.
   */
  debt: decimalMoney,
  total: decimalMoney,
});

export const ledgerQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, code('VALIDATION_FAILED'))
    .optional(),
  kind: z.enum(ENTRY_KINDS, code('VALIDATION_FAILED')).optional(),
  /** `funding`: only deposits, withdrawals (with their holds and releases) and adjustments (入出金明細). */
  group: z.enum(LEDGER_GROUPS, code('VALIDATION_FAILED')).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, code('VALIDATION_FAILED'))
    .optional(),
  limit: wholeNumberField('VALIDATION_FAILED', 1, 100).default(30),
});

export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  reference: z.string().nullable(),
  /** The stock a trading entry is about (an order's or a position's), null for every other entry. */
  instrument: z.object({ code: z.string(), nameJa: z.string(), nameEn: z.string() }).nullable(),
  /**
   * A `position:` reference to lots closed by 一部返済: the position they came from, the 建玉番号 the investor knows
   * them by (the reference names the lots' own record); null for every other entry.
   */
  partOf: z.string().nullable(),
  /**
   * A fill's or a close's cash change by what moved it, each signed as the cash moved, adding up to cashChange:
   * margin posted (-) or returned (+), the gain or loss on the price, fees (-), interest (-), and the part of a
   * loss the cash could not pay, owed instead (+). Null for every other entry.
   */
  breakdown: z
    .object({
      margin: decimalMoney,
      pnl: decimalMoney,
      fee: decimalMoney,
      interest: decimalMoney,
      debt: decimalMoney,
    })
    .nullable(),
  /**
   * What came into or left the user's cash (available and held together), signed: income is positive,
   * expenditure negative. A withdrawal paid out leaves from held cash, so it shows here and not in
   * availableChange; a hold or its release only moves cash between available and held, and is zero here.
   */
  cashChange: decimalMoney,
  /** The change to available cash, signed. */
  availableChange: decimalMoney,
  /** The change to cash held for withdrawals and resting orders, signed. */
  heldChange: decimalMoney,
  /**
   * 預り金残高 after this entry: the user's cash, available and held together (預り金（拘束額を含む）), once
   * this entry and every earlier one were posted. A property of the entry, the same whatever the filter or page.
   */
  balanceAfter: decimalMoney,
  createdAt: z.string(),
});

export const ledgerPage = z.object({ items: z.array(ledgerEntry), nextCursor: z.string().nullable() });

export const ledgerCheck = z.object({
  balanced: z.boolean(),
  entries: z.number().int(),
  postingsTotal: decimalMoney,
  unbalancedEntries: z.number().int(),
  mismatchedBalances: z.number().int(),
  negativeUserBalances: z.number().int(),
});

/**
 * A name as a bank transfer carries it (口座名義, 振込依頼人名): katakana, capital letters, digits and the few
 * signs transfers carry. Full-width letters, half-width kana and hiragana are converted, not refused.
 */
const bankNameField = (required: ErrorCode, notKana: ErrorCode) =>
  requiredText(required, 60)
    .transform((value) => toKatakana(value.normalize('NFKC')).toUpperCase().replace(/\s+/g, ' '))
    .pipe(z.string().regex(/^[\u30A1-\u30FA\u30FC A-Z0-9().,\-/]+$/, code(notKana)));

// ---- deposits ----

export const depositAccount = z.object({
  bankName: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
  /** Put before the sender name on the transfer, so staff can match it to this customer. */
  transferReference: z.string(),
  /** The firm's account has not been configured: these are demonstration details. */
  isDemo: z.boolean(),
});

export const depositNoticeRequest = z.strictObject({
  amount: amountField({ wholeYen: true }),
  transferDate: z
    .string(code('TRANSFER_DATE_REQUIRED'))
    .regex(/^\d{4}-\d{2}-\d{2}$/, code('TRANSFER_DATE_REQUIRED')),
  /** As the firm's bank statement will show it: the transfer reference, if typed, then the sender's name. */
  senderName: bankNameField('SENDER_NAME_REQUIRED', 'SENDER_NAME_KANA'),
});

export const depositRecord = z.object({
  /** "notice-3" or "credit-5": notices the user filed, and credits staff made without one. */
  id: z.string(),
  amount: decimalMoney,
  status: z.enum(REVIEW_STATUSES),
  transferDate: isoDate.nullable(),
  senderName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});

export const depositNotice = z.object({
  id: z.string(),
  userId: z.string(),
  mobile: z.string(),
  amount: decimalMoney,
  transferDate: isoDate,
  senderName: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const depositNoticeQuery = pageQuery.extend({
  status: z.enum(REVIEW_STATUSES, code('VALIDATION_FAILED')).optional(),
});

/** Hyphens as other keyboards and bank exports write them (dashes, the minus sign, the katakana long vowel). */
const LOOK_ALIKE_DASHES = /[\u2010-\u2015\u2212\u30fc]/g;

export const staffDepositRequest = z.strictObject({
  userId: idString('USER_NOT_FOUND'),
  amount: amountField({ wholeYen: true }),
  // One statement line has one reference however it is typed or pasted: full-width, lower case, spaced, with
  // a look-alike dash or an invisible character; anything but letters, digits and hyphens is refused, so no
  // other character can make a second reference of the same line.
  bankReference: requiredText('BANK_REFERENCE_REQUIRED', 60)
    .transform((value) =>
      value
        .normalize('NFKC')
        .toUpperCase()
        .replace(/\s+|\p{Cf}/gu, '')
        .replace(LOOK_ALIKE_DASHES, '-'),
    )
    .pipe(z.string().regex(/^[A-Z0-9-]+$/, code('BANK_REFERENCE_INVALID'))),
  noticeId: idString('DEPOSIT_NOTICE_NOT_FOUND').optional(),
});

export const staffDeposit = z.object({
  id: z.string(),
  userId: z.string(),
  amount: decimalMoney,
  bankReference: z.string(),
  noticeId: z.string().nullable(),
  createdAt: z.string(),
  /** The user's available cash before and after this credit. */
  availableBefore: decimalMoney,
  availableAfter: decimalMoney,
});

// ---- bank accounts ----

const holderNameField = bankNameField('HOLDER_NAME_REQUIRED', 'HOLDER_NAME_KANA');

export const bankAccountRequest = z.strictObject({
  holderName: holderNameField,
  bankName: requiredText('BANK_NAME_REQUIRED', 60),
  branchName: requiredText('BRANCH_NAME_REQUIRED', 60),
  branchCode: digitsField('BRANCH_CODE_REQUIRED', 'BRANCH_CODE_INVALID', 3),
  accountNumber: digitsField('ACCOUNT_NUMBER_REQUIRED', 'ACCOUNT_NUMBER_INVALID', 7),
});

export const bankAccount = z.object({
  id: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  /** Only the last four digits ever leave the server. */
  accountLast4: z.string(),
  createdAt: z.string(),
});

export const bankAccountList = z.object({
  items: z.array(bankAccount),
  /** Adding or removing an account needs a second factor (passkey or authenticator app) and the caller has none yet. */
  factorRequired: z.boolean(),
});

// ---- withdrawals ----

export const withdrawalRequest = z.strictObject({
  amount: amountField({ wholeYen: true }),
  bankAccountId: z
    .string(code('BANK_ACCOUNT_REQUIRED'))
    .min(1, code('BANK_ACCOUNT_REQUIRED'))
    .regex(/^\d{1,18}$/, code('BANK_ACCOUNT_NOT_FOUND'))
    .transform((value) => BigInt(value)),
  transactionPassword: z
    .string(code('TRANSACTION_PASSWORD_REQUIRED'))
    .min(1, code('TRANSACTION_PASSWORD_REQUIRED'))
    .max(TEXT_MAX, code('TRANSACTION_PASSWORD_WRONG')),
});

/**
 * What the caller may withdraw now (出金可能額): available cash, but with positions or orders open no more than
 * the equity left over the margin in use, and nothing during a margin call; in whole yen, as a request must be.
 * `limitedBy` says why it is below the available cash (`unavailable`: this server cannot value open positions
 * now, and refuses withdrawals while they are open).
 */
export const withdrawable = z.object({
  withdrawable: decimalMoney,
  available: decimalMoney,
  limitedBy: z.enum(['margin_call', 'free_margin', 'unavailable']).nullable(),
  /** A withdrawal needs a second factor (passkey or authenticator app) and the caller has none yet. */
  factorRequired: z.boolean(),
});

export const withdrawal = z.object({
  id: z.string(),
  amount: decimalMoney,
  status: z.enum(REVIEW_STATUSES),
  bankName: z.string(),
  branchName: z.string(),
  accountLast4: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const staffWithdrawal = withdrawal.extend({
  userId: z.string(),
  mobile: z.string(),
  holderName: z.string(),
  /** The destination in full, for the transfer staff make (only staff who approve withdrawals see it). */
  branchCode: z.string(),
  accountNumber: z.string(),
  /** Above the four-eyes threshold two different staff members approve. */
  approvalsNeeded: z.number().int(),
  approvedBy: z.array(z.string()),
  /** The user removed the destination account after asking: it is not paid, only rejected. */
  bankAccountRemoved: z.boolean(),
});

export const withdrawalQuery = pageQuery.extend({
  status: z.enum(REVIEW_STATUSES, code('VALIDATION_FAILED')).optional(),
});

// ---- staff adjustments ----

export const adjustmentRequest = z.strictObject({
  userId: idString('USER_NOT_FOUND'),
  amount: amountField({ signed: true }),
  reason: requiredText('REASON_REQUIRED', 500),
});

export const adjustment = z.object({
  id: z.string(),
  userId: z.string(),
  amount: decimalMoney,
  reason: z.string(),
  status: z.enum(REVIEW_STATUSES),
  requestedBy: z.string(),
  reviewedBy: z.string().nullable(),
  reviewReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const adjustmentQuery = pageQuery.extend({
  status: z.enum(REVIEW_STATUSES, code('VALIDATION_FAILED')).optional(),
});

/** A CSV download, as the server's handler returns it (the client receives the file itself). */
export const csvFile = z.object({
  contentType: z.literal('text/csv; charset=utf-8'),
  filename: z.string(),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});
