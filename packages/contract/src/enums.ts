/**
 * The enumerations every layer shares: the database's CHECK constraints, the table types, the schemas,
 * the test harness and both front ends read them from here.
 */
export const USER_STATUSES = ['active', 'frozen'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const KYC_STATUSES = ['none', 'pending', 'passed', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const SMS_PURPOSES = ['register', 'reset_password'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role may do. Checked on every staff endpoint; the back office hides what a role cannot use. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  compliance: ['users.read', 'users.read_mobile', 'users.freeze', 'invites.read', 'audit.read', 'sms.read'],
  finance: ['users.read', 'users.read_mobile', 'audit.read'],
  dealer: ['users.read'],
  support: ['users.read', 'invites.read'],
};

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Every action the audit log records. */
export const AUDIT_ACTIONS = [
  'user.list',
  'user.view',
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
  'staff_member.create',
  'staff_member.reset_password',
  'staff_member.reset_authenticator',
  'staff_member.disable',
  'staff_member.enable',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
