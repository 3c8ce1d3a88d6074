import { notify } from '../messaging';
import type { FactorItem, FactorProof, LoginChallenge, WebAuthnResponse } from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import type { AppContext } from '../../platform/context';
import { newToken, sha256 } from '../../platform/crypto';
import { isUniqueViolation, iso } from '../../platform/db';
import { fail, FailAfterCommit } from '../../platform/errors';
import type { InvestorActor } from '../../platform/routes';
import { checkTotp, newTotpSecret } from '../../platform/totp';
import type { Tx } from '../../platform/unit-of-work';
import type { Executor } from '../../database';
import { findSessionStepUp, lockedMinutes, markSessionSteppedUp } from '../sessions';
import { consumeSmsCode, issueSmsCode } from '../sms';
import { countWrongAnswer, lockSignedInUser } from '../users';
import {
  deleteFactor,
  deletePendingTotps,
  findActiveFactor,
  findPendingTotp,
  insertChallenge,
  insertFactor,
  listActiveFactors,
  lockLoginChallenge,
  takeSessionChallenge,
  updateChallenge,
  updateFactor,
} from './factors.repository';
import type { ChallengePurpose, FactorRow } from './factors.table';
import { authenticationOptions, registrationOptions, verifyAssertion, verifyRegistration } from './webauthn';

/** WebAuthn challenges and the second step of a login live this long, and answer once. */
const CHALLENGE_TTL_SECONDS = 5 * 60;
/** An authenticator app not confirmed with a code within this time has to be started again. */
const PENDING_TOTP_TTL_SECONDS = 30 * 60;
/** Wrong answers one login challenge takes before it is spent (each also counts towards the lockout). */
const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;
const TOTP_ISSUER = 'Kabuto';
/** A factor the user has not named: the app shows its kind, in the reader's language. */
const UNNAMED = '';

export function factorItemOf(factor: FactorRow): FactorItem {
  return {
    id: factor.id.toString(),
    kind: factor.kind,
    label: factor.label,
    createdAt: iso(factor.created_at) ?? '',
    lastUsedAt: iso(factor.last_used_at),
  };
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
const passkeysOf = (factors: FactorRow[]) => factors.filter((factor) => factor.kind === 'passkey');

const lockActor = (tx: Tx, actor: InvestorActor) => lockSignedInUser(tx.db, actor);

async function isSteppedUp(ctx: AppContext, db: Executor, sessionId: bigint) {
  const session = await findSessionStepUp(db, sessionId);
  const until = session?.stepped_up_until;
  return until !== null && until !== undefined && new Date(until) > ctx.clock.now();
}

export async function markSteppedUp(ctx: AppContext, db: Executor, sessionId: bigint) {
  const until = later(ctx.clock.now(), ctx.config.stepUpTtlSeconds);
  await markSessionSteppedUp(db, sessionId, until);
  return until;
}

/**
 * For sensitive actions (withdrawals, bank-account changes): call inside the action's transaction, after
 * locking the user. Throws FACTOR_REQUIRED when the user has no second factor yet (the app offers to add
 * one) and STEP_UP_REQUIRED when the session has not verified one within STEP_UP_TTL (the app asks for it
 * and retries). Does nothing when REQUIRE_STEP_UP=false.
 */
/** Whether the user must set up a second factor before a sensitive action (withdrawals, bank accounts) can pass. */
export async function factorSetupNeeded(ctx: AppContext, db: Executor, userId: bigint): Promise<boolean> {
  return ctx.config.requireStepUp && (await listActiveFactors(db, userId)).length === 0;
}

export async function requireStepUp(ctx: AppContext, tx: Tx, actor: InvestorActor): Promise<void> {
  if (!ctx.config.requireStepUp) return;
  if ((await listActiveFactors(tx.db, actor.userId)).length === 0) throw fail('FACTOR_REQUIRED');
  if (!(await isSteppedUp(ctx, tx.db, actor.sessionId))) throw fail('STEP_UP_REQUIRED');
}

/**
 * Changing the factors themselves needs a recent step-up, whatever the policy: otherwise a stolen session (or
 * a phished login password) could add its own factor or remove the owner's. A user without a factor steps up
 * with an SMS code to the registered number (`sendStepUpSms`).
 */
export async function requireStepUpForSecurityChange(ctx: AppContext, tx: Tx, actor: InvestorActor) {
  if (!(await isSteppedUp(ctx, tx.db, actor.sessionId))) throw fail('STEP_UP_REQUIRED');
}

/**
 * The one place a factor is added or removed, after the change is committed: where the new-factor and
 * removed-factor messages to the user belong.
 */
async function factorChanged(ctx: AppContext, tx: Tx, change: 'added' | 'removed', factor: FactorRow) {
  await notify(
    tx.db,
    factor.user_id,
    change === 'added' ? 'factor_added' : 'factor_removed',
    {
      method: factor.kind,
    },
    ctx.clock.now(),
  );
  tx.afterCommit(() =>
    ctx.log.info(
      { userId: factor.user_id.toString(), factorId: factor.id.toString(), kind: factor.kind, change },
      'second factor changed',
    ),
  );
}

export async function listFactors(ctx: AppContext, userId: bigint) {
  return { items: (await listActiveFactors(ctx.db, userId)).map(factorItemOf) };
}

export async function renameFactor(ctx: AppContext, tx: Tx, actor: InvestorActor, id: bigint, label: string) {
  await lockActor(tx, actor);
  const factor = await findActiveFactor(tx.db, actor.userId, id);
  if (!factor) throw fail('FACTOR_NOT_FOUND');
  return factorItemOf(await updateFactor(tx.db, factor.id, { label }));
}

export async function removeFactor(ctx: AppContext, tx: Tx, actor: InvestorActor, id: bigint) {
  await lockActor(tx, actor);
  const factor = await findActiveFactor(tx.db, actor.userId, id);
  if (!factor) throw fail('FACTOR_NOT_FOUND');
  await requireStepUpForSecurityChange(ctx, tx, actor);
  await deleteFactor(tx.db, factor.id);
  await factorChanged(ctx, tx, 'removed', factor);
  return {};
}

/** A new authenticator app, pending until `verifyTotp`; a pending one from before is replaced. */
export async function startTotp(ctx: AppContext, tx: Tx, actor: InvestorActor, label: string | undefined) {
  const user = await lockActor(tx, actor);
  await requireStepUpForSecurityChange(ctx, tx, actor);
  await deletePendingTotps(tx.db, user.id);
  const { secret, uri } = newTotpSecret(TOTP_ISSUER, user.mobile);
  await insertFactor(tx.db, {
    user_id: user.id,
    kind: 'totp',
    label: label ?? UNNAMED,
    totp_secret: secret,
    created_at: ctx.clock.now(),
  });
  return { secret, otpauthUri: uri };
}

/** The first code from the app activates it; that counts as a step-up of this session. */
export async function verifyTotp(ctx: AppContext, tx: Tx, actor: InvestorActor, code: string) {
  const now = ctx.clock.now();
  await lockActor(tx, actor);
  const pending = await findPendingTotp(tx.db, actor.userId);
  if (!pending || later(new Date(pending.created_at), PENDING_TOTP_TTL_SECONDS) <= now)
    throw fail('TOTP_SETUP_EXPIRED');
  const check = checkTotp(pending.totp_secret ?? '', code, now, null);
  if (!check.ok) throw fail('FACTOR_CODE_INVALID');
  const factor = await updateFactor(tx.db, pending.id, {
    verified_at: now,
    last_totp_step: check.step,
    last_used_at: now,
  });
  await markSteppedUp(ctx, tx.db, actor.sessionId);
  await factorChanged(ctx, tx, 'added', factor);
  return factorItemOf(factor);
}

async function storeWebAuthnChallenge(
  ctx: AppContext,
  tx: Tx,
  purpose: ChallengePurpose,
  actor: InvestorActor,
  challenge: string,
) {
  const now = ctx.clock.now();
  await insertChallenge(tx.db, {
    purpose,
    userId: actor.userId,
    sessionId: actor.sessionId,
    tokenHash: null,
    webauthnChallenge: challenge,
    now,
    expiresAt: later(now, CHALLENGE_TTL_SECONDS),
  });
}

export async function passkeyRegistrationOptions(ctx: AppContext, tx: Tx, actor: InvestorActor) {
  const user = await lockActor(tx, actor);
  await requireStepUpForSecurityChange(ctx, tx, actor);
  const options = await registrationOptions(
    ctx.config,
    user,
    passkeysOf(await listActiveFactors(tx.db, user.id)),
  );
  await storeWebAuthnChallenge(ctx, tx, 'register', actor, options.challenge);
  return options;
}

/** Verifies the browser's registration against this session's challenge (spent either way) and keeps the passkey. */
export async function enrolPasskey(
  ctx: AppContext,
  tx: Tx,
  actor: InvestorActor,
  input: { response: WebAuthnResponse; label?: string | undefined },
) {
  const now = ctx.clock.now();
  const user = await lockActor(tx, actor);
  await requireStepUpForSecurityChange(ctx, tx, actor);
  const challenge = await takeSessionChallenge(tx.db, actor.sessionId, 'register', now);
  const credential = challenge?.webauthn_challenge
    ? await verifyRegistration(ctx.config, input.response, challenge.webauthn_challenge)
    : null;
  if (!credential) throw new FailAfterCommit(fail('PASSKEY_FAILED'));
  let factor: FactorRow;
  try {
    factor = await insertFactor(tx.db, {
      user_id: user.id,
      kind: 'passkey',
      label: input.label || UNNAMED,
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      sign_count: credential.signCount,
      transports: credential.transports,
      verified_at: now,
      created_at: now,
      last_used_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('PASSKEY_FAILED');
    throw error;
  }
  await markSteppedUp(ctx, tx.db, actor.sessionId);
  await factorChanged(ctx, tx, 'added', factor);
  return factorItemOf(factor);
}

/**
 * Checks a proof against the user's factors and records its use: a TOTP code's time step (so it cannot be
 * replayed), a passkey's signature counter. Null when nothing matched.
 */
async function verifyProof(
  ctx: AppContext,
  db: Executor,
  factors: FactorRow[],
  proof: FactorProof,
  webauthnChallenge: string | null,
): Promise<FactorRow | null> {
  const now = ctx.clock.now();
  if (proof.method === 'sms') return null; // a step-up before the first factor, never a factor itself
  if (proof.method === 'totp') {
    for (const factor of factors.filter((candidate) => candidate.kind === 'totp')) {
      const check = checkTotp(factor.totp_secret ?? '', proof.code, now, factor.last_totp_step);
      if (check.ok) return updateFactor(db, factor.id, { last_totp_step: check.step, last_used_at: now });
    }
    return null;
  }
  const passkey = passkeysOf(factors).find((factor) => factor.credential_id === proof.response.id);
  if (!passkey || !webauthnChallenge) return null;
  const signCount = await verifyAssertion(ctx.config, proof.response, webauthnChallenge, passkey);
  if (signCount === null) return null;
  return updateFactor(db, passkey.id, { sign_count: signCount, last_used_at: now });
}

export const wrongProof = (proof: FactorProof) =>
  fail(
    proof.method === 'totp'
      ? 'FACTOR_CODE_INVALID'
      : proof.method === 'sms'
        ? 'SMS_CODE_INVALID'
        : 'PASSKEY_FAILED',
  );

/** A step-up code to the registered number, for a user who has no factor yet (and only then). */
export async function sendStepUpSms(ctx: AppContext, tx: Tx, actor: InvestorActor, lang: Lang) {
  const user = await lockActor(tx, actor);
  if ((await listActiveFactors(tx.db, user.id)).length > 0) throw fail('FACTOR_METHOD_INVALID');
  return issueSmsCode(ctx, tx, { mobile: user.mobile, purpose: 'step_up', lang, deliver: true });
}

export async function stepUpOptions(ctx: AppContext, tx: Tx, actor: InvestorActor) {
  await lockActor(tx, actor);
  const passkeys = passkeysOf(await listActiveFactors(tx.db, actor.userId));
  if (passkeys.length === 0) throw fail('PASSKEY_FAILED');
  const options = await authenticationOptions(ctx.config, passkeys);
  await storeWebAuthnChallenge(ctx, tx, 'step_up', actor, options.challenge);
  return options;
}

/**
 * Verifies a factor again and marks the session stepped up for STEP_UP_TTL. A wrong answer counts towards
 * the login lockout, and a locked account cannot step up.
 */
export async function stepUp(ctx: AppContext, tx: Tx, actor: InvestorActor, proof: FactorProof) {
  const now = ctx.clock.now();
  const user = await lockActor(tx, actor);
  const locked = lockedMinutes(user, now);
  if (locked !== null) throw fail('ACCOUNT_LOCKED', { minutes: locked });
  const factors = await listActiveFactors(tx.db, user.id);
  if (proof.method === 'sms') {
    // Phishable, so only until the user has a real factor.
    if (factors.length > 0) throw fail('FACTOR_METHOD_INVALID');
    await consumeSmsCode(ctx, tx, user.mobile, 'step_up', proof.code);
    return { steppedUpUntil: iso(await markSteppedUp(ctx, tx.db, actor.sessionId)) ?? '' };
  }
  if (factors.length === 0) throw fail('FACTOR_REQUIRED');
  const challenge =
    proof.method === 'passkey'
      ? await takeSessionChallenge(tx.db, actor.sessionId, 'step_up', now)
      : undefined;
  const used = await verifyProof(ctx, tx.db, factors, proof, challenge?.webauthn_challenge ?? null);
  if (!used) throw await countWrongAnswer(ctx, tx.db, user, wrongProof(proof));
  return { steppedUpUntil: iso(await markSteppedUp(ctx, tx.db, actor.sessionId)) ?? '' };
}

/**
 * After the right password: when the user has a second factor, the login is not complete yet. Returns the
 * pending challenge to answer (with passkey options when the user has a passkey), or null to sign in now.
 */
export async function startLoginChallenge(
  ctx: AppContext,
  tx: Tx,
  userId: bigint,
): Promise<LoginChallenge | null> {
  const factors = await listActiveFactors(tx.db, userId);
  if (factors.length === 0) return null;
  const now = ctx.clock.now();
  const passkeys = passkeysOf(factors);
  const passkeyOptions = passkeys.length > 0 ? await authenticationOptions(ctx.config, passkeys) : null;
  const challengeToken = newToken();
  await insertChallenge(tx.db, {
    purpose: 'login',
    userId,
    sessionId: null,
    tokenHash: sha256(challengeToken),
    webauthnChallenge: passkeyOptions?.challenge ?? null,
    now,
    expiresAt: later(now, CHALLENGE_TTL_SECONDS),
  });
  const methods = [...new Set(factors.map((factor) => factor.kind))];
  return { factorRequired: true, challengeToken, methods, passkeyOptions };
}

/** The user a live login challenge belongs to, or null. Locks the challenge first, then the caller locks the user. */
export async function loginChallengeUser(ctx: AppContext, tx: Tx, challengeToken: string) {
  const challenge = await lockLoginChallenge(tx.db, sha256(challengeToken), ctx.clock.now());
  return challenge?.user_id ?? null;
}

/**
 * Answers a login challenge on the locked user row: 'ok' spends it; 'wrong' counts an attempt (the
 * caller counts the failure towards the lockout), and the last allowed attempt spends it too.
 */
export async function answerLoginChallenge(
  ctx: AppContext,
  tx: Tx,
  challengeToken: string,
  proof: FactorProof,
): Promise<'ok' | 'wrong' | 'expired'> {
  const now = ctx.clock.now();
  const challenge = await lockLoginChallenge(tx.db, sha256(challengeToken), now);
  if (!challenge) return 'expired';
  const factors = await listActiveFactors(tx.db, challenge.user_id);
  const used = await verifyProof(ctx, tx.db, factors, proof, challenge.webauthn_challenge);
  if (used) {
    await updateChallenge(tx.db, challenge.id, { used_at: now });
    return 'ok';
  }
  const attempts = challenge.attempts + 1;
  await updateChallenge(tx.db, challenge.id, {
    attempts,
    ...(attempts >= LOGIN_CHALLENGE_MAX_ATTEMPTS ? { used_at: now } : {}),
  });
  return 'wrong';
}
