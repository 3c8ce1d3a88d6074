/**
 * The enumerations every layer shares: the database's CHECK constraints, the table types, the schemas,
 * the test harness and both front ends read them from here.
 */
export const USER_STATUSES = ['active', 'frozen'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const KYC_STATUSES = ['none', 'pending', 'passed', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** A submission's own state; the user's `kyc_status` follows its latest submission. */
export const KYC_SUBMISSION_STATUSES = ['pending', 'passed', 'rejected'] as const;
export type KycSubmissionStatus = (typeof KYC_SUBMISSION_STATUSES)[number];

export const KYC_PHOTO_SIDES = ['front', 'back'] as const;
export type KycPhotoSide = (typeof KYC_PHOTO_SIDES)[number];

export const SMS_PURPOSES = ['register', 'reset_password', 'step_up'] as const;
/** What anyone may ask a code for by number; a step-up code goes only to the signed-in user's own number. */
export const PUBLIC_SMS_PURPOSES = ['register', 'reset_password'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Texts the demo seed writes, stored by key so each screen shows them in its own language (`seed.<key>`). */
export const SEED_TEXT_KEYS = [
  'demoInvitationNote',
  'demoAdministrator',
  'demoFinanceClerk',
  'demoComplianceOfficer',
] as const;
export type SeedTextKey = (typeof SEED_TEXT_KEYS)[number];

export const INVITATION_KINDS = ['staff', 'user'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

export const STAFF_ROLES = ['admin', 'compliance', 'finance', 'dealer', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'users.read',
  /** The full phone number; roles without it see it masked (090****5678). */
  'users.read_mobile',
  'users.freeze',
  'invites.read',
  'invites.write',
  'audit.read',
  'sms.read',
  'staff.manage',
  /** A user's balances and ledger, and the whole ledger's check. */
  'ledger.read',
  'deposits.credit',
  'withdrawals.approve',
  /** Requesting or approving a manual adjustment of a user's cash (a second staff member approves). */
  'ledger.adjust',
  /** The identity-verification queue: both photos, the full ID number, approve and reject. */
  'kyc.review',
  /** Write notices to every investor, approve or reject another member's, and list them. */
  'notices.manage',
  /** Every client's orders and positions, the house's exposure, margin calls and forced closes, the engine's settings. */
  'trading.read',
  /** Halting and resuming an instrument. */
  'trading.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role may do. Checked on every staff endpoint; the back office hides what a role cannot use. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  compliance: [
    'users.read',
    'users.read_mobile',
    'users.freeze',
    'invites.read',
    'audit.read',
    'sms.read',
    'kyc.review',
  ],
  finance: [
    'users.read',
    'users.read_mobile',
    'audit.read',
    'ledger.read',
    'deposits.credit',
    'withdrawals.approve',
    'ledger.adjust',
    'trading.read',
  ],
  dealer: ['users.read', 'trading.read', 'trading.manage'],
  support: ['users.read', 'invites.read', 'notices.manage'],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'user.list',
  'user.view',
  'user.ledger_view',
  'deposit_notice.list',
  'withdrawal.list',
  'kyc.list',
  'audit.view',
  'user.freeze',
  'user.unfreeze',
  'invitation.create',
  'invitation.disable',
  'sms_outbox.view',
  'staff.login',
  'staff.login_failed',
  'staff.logout',
  'staff.password_changed',
  'staff.password_change_failed',
  'staff.action_refused',
  'staff_member.create',
  'staff_member.reset_password',
  'staff_member.reset_authenticator',
  'staff_member.disable',
  'staff_member.enable',
  'deposit.credit',
  'deposit_notice.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'adjustment.request',
  'adjustment.approve',
  'adjustment.reject',
  'adjustment.list',
  'ledger.verify',
  'kyc.view',
  'kyc.approve',
  'kyc.reject',
  'kyc.record_kana',
  'notice.create',
  'notice.approve',
  'notice.reject',
  'notice.list',
  'trading.orders_list',
  'trading.positions_list',
  'trading.forced_closes_list',
  'trading.margin_calls_list',
  'instrument.halt',
  'instrument.resume',
  'instrument.limits',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Kinds of journal entry; histories filter by them and show their labels. */
export const ENTRY_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'adjustment',
  'order_hold',
  'order_release',
  'order_fill',
  'position_close',
  'interest',
  'borrow_fee',
  'debt_repayment',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/**
 * The entries of the statement of deposits and withdrawals (入出金明細): money in and out, the holds of a
 * withdrawal and their release, and staff adjustments. The trading statement (取引履歴) lists every kind.
 */
export const FUNDING_ENTRY_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'adjustment',
] as const satisfies readonly EntryKind[];

/** Which statement a ledger query is for: `funding` keeps FUNDING_ENTRY_KINDS only; none keeps every kind. */
export const LEDGER_GROUPS = ['funding'] as const;
export type LedgerGroup = (typeof LEDGER_GROUPS)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * What a per-user message is about. A message is stored as its kind and parameters and rendered in the
 * reader's language (i18n namespace `messages`, one title and body per kind).
 */
export const MESSAGE_KINDS = [
  'deposit_credited',
  'deposit_rejected',
  'withdrawal_requested',
  'withdrawal_approved',
  'withdrawal_rejected',
  'kyc_passed',
  'kyc_rejected',
  'bank_account_added',
  'bank_account_removed',
  'factor_added',
  'factor_removed',
  'new_device_login',
  'price_alert',
  'order_filled',
  'position_closed',
  'margin_call',
  'forced_close',
  'order_expired',
  'close_expired',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
