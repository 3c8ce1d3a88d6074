import type { SmsPurpose } from '@kabuto/contract';
import { translate, type Lang } from '@kabuto/i18n';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import { randomDigits, sha256 } from '../../platform/crypto';
import { fail, FailAfterCommit } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import type { Tx } from '../../platform/unit-of-work';
import {
  countCodesSince,
  insertCode,
  insertOutboxMessage,
  latestCodeTime,
  lockNewestLiveCode,
  lockNumberAndPurpose,
  recordAttempt,
  retireLiveCodes,
} from './sms.repository';

const codeHash = (mobile: string, purpose: SmsPurpose, code: string) =>
  sha256(`${mobile}:${purpose}:${code}`);
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The dev outbox: the message is logged and stored, readable at GET /api/dev/sms and in the back office. */
export function devOutboxSender(clock: Clock, log: Pick<Logger, 'info'>): SmsSender {
  return {
    name: 'dev-outbox',
    async send(db, message) {
      await insertOutboxMessage(db, { ...message, created_at: clock.now() });
      log.info({ mobile: message.mobile, purpose: message.purpose, code: message.code }, 'SMS (dev outbox)');
    },
  };
}

/**
 * Issues a six-digit code valid for SMS_CODE_TTL: at most one per SMS_RESEND_INTERVAL and SMS_DAILY_LIMIT a
 * day per number and purpose, and SMS_GLOBAL_HOURLY_LIMIT an hour across all numbers (against SMS pumping).
 * A new code replaces the previous one. `deliver: false` records the code without sending it, so an answer
 * never tells whether a number is registered.
 */
export async function issueSmsCode(
  ctx: AppContext,
  tx: Tx,
  input: { mobile: string; purpose: SmsPurpose; lang: Lang; deliver: boolean },
) {
  const { mobile, purpose } = input;
  const now = ctx.clock.now();
  await lockNumberAndPurpose(tx.db, mobile, purpose);
  if ((await countCodesSince(tx.db, new Date(now.getTime() - HOUR_MS))) >= ctx.config.smsGlobalHourlyLimit) {
    ctx.log.warn('SMS_GLOBAL_HOURLY_LIMIT reached: verification codes are refused until the hour passes');
    throw fail('SMS_UNAVAILABLE');
  }
  if (
    (await countCodesSince(tx.db, new Date(now.getTime() - DAY_MS), { mobile, purpose })) >=
    ctx.config.smsDailyLimit
  )
    throw fail('SMS_DAILY_LIMIT');
  const latest = await latestCodeTime(tx.db, mobile, purpose);
  if (latest) {
    const waitMs = new Date(latest.created_at).getTime() + ctx.config.smsResendSeconds * 1000 - now.getTime();
    if (waitMs > 0) throw fail('SMS_TOO_SOON', { seconds: Math.ceil(waitMs / 1000) });
  }
  const code = randomDigits(6);
  await retireLiveCodes(tx.db, mobile, purpose, now);
  await insertCode(tx.db, {
    mobile,
    purpose,
    code_hash: codeHash(mobile, purpose, code),
    created_at: now,
    expires_at: new Date(now.getTime() + ctx.config.smsCodeTtlSeconds * 1000),
  });
  if (input.deliver) {
    const minutes = Math.round(ctx.config.smsCodeTtlSeconds / 60);
    const body = translate(input.lang, 'common', 'smsBody', { code, minutes });
    await ctx.sms.send(tx.db, { mobile, purpose, code, body });
  }
  return { resendAfterSeconds: ctx.config.smsResendSeconds, expiresInSeconds: ctx.config.smsCodeTtlSeconds };
}

/**
 * Checks a code against the newest live one for the number and purpose and consumes it when it matches.
 * A wrong code counts an attempt that must survive the failure (after SMS_MAX_ATTEMPTS the code is dead),
 * so it throws `FailAfterCommit`.
 */
export async function consumeSmsCode(
  ctx: AppContext,
  tx: Tx,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
) {
  const now = ctx.clock.now();
  const live = await lockNewestLiveCode(tx.db, mobile, purpose, now);
  if (!live || live.attempts >= ctx.config.smsMaxAttempts) throw fail('SMS_CODE_INVALID');
  const matches = live.code_hash === codeHash(mobile, purpose, code);
  await recordAttempt(tx.db, live.id, live.attempts + 1, matches ? now : null);
  if (!matches) throw new FailAfterCommit(fail('SMS_CODE_INVALID'));
}
