import { z } from 'zod';
import { PUBLIC_SMS_PURPOSES } from './enums';
import { code, deviceTokenField, mobileField, passwordField, requiredText } from './fields';
import { userInfo } from './user';

export const smsCodeRequest = z.strictObject({
  mobile: mobileField,
  purpose: z.enum(PUBLIC_SMS_PURPOSES, code('SMS_PURPOSE_INVALID')),
});
export const smsCodeResponse = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const smsCodeField = z
  .string(code('SMS_CODE_REQUIRED'))
  .trim()
  .min(1, code('SMS_CODE_REQUIRED'))
  .regex(/^\d{6}$/, code('SMS_CODE_INVALID'));

/** Run even when other fields failed, so the mismatch sorts into field order with the rest. */
const ALWAYS = { when: () => true };

/** Password and confirmation must match; reported on the confirmation field so it sorts in field order. */
const confirmationMatches =
  (passwordKey: string, confirmKey: string, mismatch: 'PASSWORDS_MISMATCH' | 'NEW_PASSWORD_MISMATCH') =>
  (value: object, ctx: z.RefinementCtx) => {
    const fields = value as Record<string, unknown>;
    const password = fields[passwordKey];
    const confirmation = fields[confirmKey];
    if (
      typeof password === 'string' &&
      typeof confirmation === 'string' &&
      confirmation !== '' &&
      password !== confirmation
    ) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: mismatch });
    }
  };

export const registerRequest = z
  .strictObject({
    mobile: mobileField,
    password: passwordField('PASSWORD_REQUIRED', 'PASSWORD_LENGTH'),
    confirmPassword: z.string(code('CONFIRM_PASSWORD_REQUIRED')).min(1, code('CONFIRM_PASSWORD_REQUIRED')),
    inviteCode: requiredText('INVITE_CODE_REQUIRED', 32),
    smsCode: smsCodeField,
    deviceId: z.string().max(100).optional(),
  })
  .superRefine(confirmationMatches('password', 'confirmPassword', 'PASSWORDS_MISMATCH'), ALWAYS);

export const loginRequest = z.strictObject({
  account: requiredText('ACCOUNT_REQUIRED', 32),
  password: z
    .string(code('PASSWORD_REQUIRED'))
    .min(1, code('PASSWORD_REQUIRED'))
    .max(100, code('INVALID_CREDENTIALS')),
  deviceId: z.string().max(100).optional(),
  deviceToken: deviceTokenField,
});

export const sessionResponse = z.object({
  token: z.string(),
  /** Kept by the device and sent with later logins: it lets the right password through a lockout. */
  deviceToken: z.string(),
  userId: z.string(),
  userInfo,
});

export const resetPasswordRequest = z
  .strictObject({
    mobile: mobileField,
    smsCode: smsCodeField,
    password: passwordField('PASSWORD_REQUIRED', 'PASSWORD_LENGTH'),
    confirmPassword: z.string(code('CONFIRM_PASSWORD_REQUIRED')).min(1, code('CONFIRM_PASSWORD_REQUIRED')),
  })
  .superRefine(confirmationMatches('password', 'confirmPassword', 'PASSWORDS_MISMATCH'), ALWAYS);

/** Login password change and transaction password set/change share one shape (docs/user-guide.md, forms). */
export const passwordChangeRequest = z
  .strictObject({
    oldPassword: z
      .string(code('OLD_PASSWORD_REQUIRED'))
      .min(1, code('OLD_PASSWORD_REQUIRED'))
      .max(100, code('OLD_PASSWORD_WRONG')),
    newPassword: passwordField('NEW_PASSWORD_REQUIRED', 'NEW_PASSWORD_LENGTH'),
    confirmPassword: z.string(code('CONFIRM_PASSWORD_REQUIRED')).min(1, code('CONFIRM_PASSWORD_REQUIRED')),
  })
  .superRefine(confirmationMatches('newPassword', 'confirmPassword', 'NEW_PASSWORD_MISMATCH'), ALWAYS);

export const sessionItem = z.object({
  id: z.string(),
  current: z.boolean(),
  deviceId: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The browser and system read from the user agent ("Safari · iPhone"); null when unknown. */
  deviceName: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});

export const revokedSessions = z.object({ revoked: z.number().int() });

export type RegisterRequest = z.input<typeof registerRequest>;
export type LoginRequest = z.input<typeof loginRequest>;
export type SessionResponse = z.infer<typeof sessionResponse>;
export type SessionItem = z.infer<typeof sessionItem>;
