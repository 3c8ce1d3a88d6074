import { z } from 'zod';
import { code, requiredText, pageQuery } from './fields';
import { KYC_STATUSES } from './user';

export const STAFF_ROLES = ['admin', 'compliance', 'finance', 'dealer', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'users.read',
  'users.freeze',
  'invites.read',
  'invites.write',
  'audit.read',
  'sms.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role may do. Checked on every staff endpoint; the back office hides what a role cannot use. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  compliance: ['users.read', 'users.freeze', 'invites.read', 'audit.read', 'sms.read'],
  finance: ['users.read', 'audit.read'],
  dealer: ['users.read'],
  support: ['users.read', 'invites.read'],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

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
});

export const staffProfile = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type StaffProfile = z.infer<typeof staffProfile>;

export const staffSessionResponse = z.object({ token: z.string(), staff: staffProfile });

export const USER_STATUSES = ['active', 'frozen'] as const;

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
  kind: z.enum(['staff', 'user']),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  note: z.string().nullable(),
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

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'user.freeze',
  'user.unfreeze',
  'user.view',
  'invitation.create',
  'invitation.disable',
  'sms_outbox.view',
  'staff.login',
  'staff.login_failed',
  'staff.logout',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuery = pageQuery.extend({
  action: z.string().max(64).optional(),
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
