import { z } from 'zod';
import { code, deviceTokenField } from './fields';
import { sessionResponse, smsCodeField } from './auth';

/** Second factors: an authenticator app (TOTP) or a passkey (WebAuthn). */
export const FACTOR_KINDS = ['totp', 'passkey'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

export const FACTOR_LABEL_MAX = 40;

export const factorLabelField = z
  .string(code('FACTOR_LABEL_REQUIRED'))
  .trim()
  .min(1, code('FACTOR_LABEL_REQUIRED'))
  .max(FACTOR_LABEL_MAX, code('FACTOR_LABEL_LENGTH'));

/** A six-digit authenticator code; spaces people type between the groups are ignored. */
export const totpCodeField = z
  .string(code('FACTOR_CODE_REQUIRED'))
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, code('FACTOR_CODE_REQUIRED'))
      .regex(/^\d{6}$/, code('FACTOR_CODE_INVALID')),
  );

/**
 * A WebAuthn credential as @simplewebauthn/browser returns it (base64url fields). Only its shape is
 * checked here; the server verifies its content.
 */
export const webAuthnResponse = z.looseObject({
  id: z.string(code('PASSKEY_FAILED')).min(1).max(1400),
  rawId: z.string(code('PASSKEY_FAILED')).max(1400),
  type: z.literal('public-key', code('PASSKEY_FAILED')),
  response: z.looseObject({ clientDataJSON: z.string(code('PASSKEY_FAILED')).max(4000) }),
});
export type WebAuthnResponse = z.infer<typeof webAuthnResponse>;

/** WebAuthn options for the browser (PublicKeyCredential*OptionsJSON), passed to @simplewebauthn/browser as they are. */
export const webAuthnOptions = z.looseObject({ challenge: z.string() });

export const factorItem = z.object({
  id: z.string(),
  kind: z.enum(FACTOR_KINDS),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type FactorItem = z.infer<typeof factorItem>;

export const factorIdParams = z.object({
  id: z.string(code('FACTOR_NOT_FOUND')).regex(/^\d{1,18}$/, code('FACTOR_NOT_FOUND')),
});

export const renameFactorRequest = z.strictObject({ label: factorLabelField });

export const totpEnrolment = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
});

export const totpStartRequest = z.strictObject({ label: factorLabelField.optional() });

export const totpVerifyRequest = z.strictObject({ code: totpCodeField });

export const passkeyEnrolRequest = z.strictObject({
  response: webAuthnResponse,
  label: factorLabelField.optional(),
});

/** Proof of a second factor: an authenticator code, or a passkey assertion. */
export const factorProof = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('totp'), code: totpCodeField }),
    z.strictObject({ method: z.literal('passkey'), response: webAuthnResponse }),
    // Only for a user who has no factor yet, before adding the first one.
    z.strictObject({ method: z.literal('sms'), code: smsCodeField }),
  ],
  code('FACTOR_METHOD_INVALID'),
);
export type FactorProof = z.infer<typeof factorProof>;

/** The code of an SMS step-up (factorProof's `sms` proof), as its form checks it before sending. */
export const smsStepUpCode = z.strictObject({ code: smsCodeField });

export const stepUpResponse = z.object({ steppedUpUntil: z.string() });

/** The password was right and the account has a second factor: the login completes with it. */
export const loginChallenge = z.object({
  factorRequired: z.literal(true),
  /** Single use, expires after a few minutes; sent back with the factor. */
  challengeToken: z.string(),
  methods: z.array(z.enum(FACTOR_KINDS)),
  /** For navigator.credentials.get when the account has a passkey. */
  passkeyOptions: webAuthnOptions.nullable(),
});
export type LoginChallenge = z.infer<typeof loginChallenge>;

/** Accounts without a second factor get the session at once, as before. */
export const loginResponse = z.union([sessionResponse, loginChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;

const challengeTokenField = z
  .string(code('LOGIN_CHALLENGE_EXPIRED'))
  .min(1, code('LOGIN_CHALLENGE_EXPIRED'))
  .max(100, code('LOGIN_CHALLENGE_EXPIRED'));

const loginFactorFields = {
  challengeToken: challengeTokenField,
  deviceId: z.string().max(100).optional(),
  deviceToken: deviceTokenField,
};

export const loginFactorRequest = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ ...loginFactorFields, method: z.literal('totp'), code: totpCodeField }),
    z.strictObject({ ...loginFactorFields, method: z.literal('passkey'), response: webAuthnResponse }),
  ],
  code('FACTOR_METHOD_INVALID'),
);
