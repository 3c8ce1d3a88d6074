import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  INVITATION_KINDS,
  KYC_STATUSES,
  PERMISSIONS,
  SEED_TEXT_KEYS,
  STAFF_ROLES,
  USER_STATUSES,
} from './enums';
import { code, deviceTokenField, passwordField, requiredText, pageQuery } from './fields';

export const staffLoginRequest = z.strictObject({
  username: requiredText('STAFF_USERNAME_REQUIRED', 64),
  password: z
    .string(code('PASSWORD_REQUIRED'))
    .min(1, code('PASSWORD_REQUIRED'))
    .max(200, code('STAFF_INVALID_CREDENTIALS')),
  totp: z
    .string(code('STAFF_TOTP_REQUIRED'))
    .trim()
    .min(1, code('STAFF_TOTP_REQUIRED'))
    .regex(/^\d{6}$/, code('STAFF_INVALID_CREDENTIALS')),
  deviceToken: deviceTokenField,
});

export const staffProfile = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  /** Set for a seeded name: show `seed.<key>` in the viewer's language instead of displayName. */
  displayNameKey: z.enum(SEED_TEXT_KEYS).nullable(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffProfile = z.infer<typeof staffProfile>;

export const staffSessionResponse = z.object({
  token: z.string(),
  deviceToken: z.string(),
  staff: staffProfile,
});

export const staffUserQuery = pageQuery.extend({ q: z.string().trim().max(40).optional() });

export const staffUserSummary = z.object({
  userId: z.string(),
  mobile: z.string(),
  status: z.enum(USER_STATUSES),
  kycStatus: z.enum(KYC_STATUSES),
  creditScore: z.number().int(),
  inviteCode: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export const staffUserDetail = z.object({
  user: staffUserSummary.extend({
    frozenReason: z.string().nullable(),
    referralCode: z.string(),
    failedLogins: z.number().int(),
    lockedUntil: z.string().nullable(),
    hasTransactionPassword: z.boolean(),
  }),
  sessions: z.array(
    z.object({
      id: z.string(),
      deviceId: z.string().nullable(),
      userAgent: z.string().nullable(),
      /** The browser and system read from the user agent ("Chrome · Windows"); null when unknown. */
      deviceName: z.string().nullable(),
      ip: z.string().nullable(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      expiresAt: z.string(),
      active: z.boolean(),
    }),
  ),
});

export const reasonRequest = z.strictObject({ reason: requiredText('REASON_REQUIRED', 500) });

/** Numeric ids in paths, read as bigint (so 000123 and 123 name the same row). */
export const userIdParams = z.object({
  userId: z
    .string()
    .regex(/^\d{1,18}$/, code('USER_NOT_FOUND'))
    .transform((value) => BigInt(value)),
});
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/, code('NOT_FOUND'))
    .transform((value) => BigInt(value)),
});

export const invitationCode = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(INVITATION_KINDS),
  ownerUserId: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  note: z.string().nullable(),
  /** Set for a seeded note: show `seed.<key>` in the viewer's language instead of note. */
  noteKey: z.enum(SEED_TEXT_KEYS).nullable(),
  disabled: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type InvitationCode = z.infer<typeof invitationCode>;

export const createInvitationRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,32}$/, code('INVITE_CODE_FORMAT'))
    .optional(),
  maxUses: z
    .number(code('INVITE_MAX_USES_INVALID'))
    .int(code('INVITE_MAX_USES_INVALID'))
    .min(1, code('INVITE_MAX_USES_INVALID'))
    .max(1_000_000, code('INVITE_MAX_USES_INVALID'))
    .nullable(),
  note: z.string().trim().max(140, code('VALIDATION_FAILED')).optional(),
});

export const auditQuery = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS, code('VALIDATION_FAILED')).optional(),
  targetId: z.string().max(40).optional(),
});
export const auditEntry = z.object({
  id: z.string(),
  staffId: z.string().nullable(),
  staffUsername: z.string().nullable(),
  action: z.string(),
  targetKind: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const smsOutboxQuery = pageQuery.extend({ mobile: z.string().max(20).optional() });

export const invitationQuery = pageQuery.extend({
  kind: z.enum(INVITATION_KINDS, code('VALIDATION_FAILED')).optional(),
  q: z.string().trim().max(32).optional(),
});

/** Staff usernames: lower-case letters, digits, dot, hyphen and underscore; compared in lower case. */
export const staffUsernameField = z
  .string(code('STAFF_USERNAME_REQUIRED'))
  .trim()
  .min(1, code('STAFF_USERNAME_REQUIRED'))
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, code('STAFF_USERNAME_FORMAT'));

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

export const staffMember = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  displayNameKey: z.enum(SEED_TEXT_KEYS).nullable(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /**
   * While an admin's issue of this member's credentials (creation, password or authenticator reset) is in
   * custody, the member counts as that admin in two-person rules: the admin's username, the day custody ends at
   * the earliest, and whether it lasts beyond that until the member sets a password of its own.
   */
  countsAs: z
    .object({ username: z.string(), until: z.string(), untilPasswordChange: z.boolean() })
    .nullable(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const createStaffMemberRequest = z.strictObject({
  username: staffUsernameField,
  displayName: requiredText('STAFF_DISPLAY_NAME_REQUIRED', 64),
  role: z.enum(STAFF_ROLES, code('STAFF_ROLE_INVALID')),
});

/** What a new or reset member needs to sign in, shown to the admin once and never stored in clear. */
export const staffCredentials = z.object({
  member: staffMember,
  temporaryPassword: z.string().nullable(),
  totpSecret: z.string().nullable(),
  otpauthUri: z.string().nullable(),
});
export type StaffCredentials = z.infer<typeof staffCredentials>;

export const staffPasswordChangeRequest = z
  .strictObject({
    oldPassword: z
      .string(code('OLD_PASSWORD_REQUIRED'))
      .min(1, code('OLD_PASSWORD_REQUIRED'))
      .max(200, code('OLD_PASSWORD_WRONG')),
    newPassword: passwordField(
      'NEW_PASSWORD_REQUIRED',
      'STAFF_PASSWORD_LENGTH',
      STAFF_PASSWORD_MIN,
      STAFF_PASSWORD_MAX,
    ),
    confirmPassword: z.string(code('CONFIRM_PASSWORD_REQUIRED')).min(1, code('CONFIRM_PASSWORD_REQUIRED')),
  })
  .superRefine(
    (value, ctx) => {
      if (value.confirmPassword !== '' && value.newPassword !== value.confirmPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'NEW_PASSWORD_MISMATCH' });
    },
    { when: () => true },
  );
