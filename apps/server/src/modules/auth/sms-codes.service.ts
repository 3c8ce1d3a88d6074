import type { SmsPurpose } from '@kabuto/contract';
import { sql } from 'kysely';
import { translate, type Lang } from '@kabuto/i18n';
import type { AppContext } from '../../platform/context';
import { randomDigits, sha256 } from '../../platform/crypto';
import type { Executor } from '../../platform/db-types';
import { fail, failure, success, type Outcome } from '../../platform/errors';

const codeHash = (mobile: string, purpose: SmsPurpose, code: string) =>
  sha256(`${mobile}:${purpose}:${code}`);

/**
 * Issues a six-digit code valid for SMS_CODE_TTL, at most one per SMS_RESEND_INTERVAL and SMS_DAILY_LIMIT
 * per 24 hours per number and purpose. A new code replaces the previous one.
 */
export async function issueSmsCode(
  ctx: AppContext,
  trx: Executor,
  mobile: string,
  purpose: SmsPurpose,
  lang: Lang,
  deliver: boolean,
): Promise<Outcome<{ resendAfterSeconds: number; expiresInSeconds: number }>> {
  const now = ctx.clock.now();
  // One issuer at a time per number and purpose, so concurrent requests cannot skip the interval.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sms:${mobile}:${purpose}`}))`.execute(trx);
  const today = await trx
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('created_at', '>', new Date(now.getTime() - 86_400_000))
    .executeTakeFirstOrThrow();
  if (Number(today.n) >= ctx.config.smsDailyLimit) return failure(fail('SMS_DAILY_LIMIT', 429));
  const latest = await trx
    .selectFrom('sms_codes')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) {
    const waitMs = new Date(latest.created_at).getTime() + ctx.config.smsResendSeconds * 1000 - now.getTime();
    if (waitMs > 0) return failure(fail('SMS_TOO_SOON', 429, { seconds: Math.ceil(waitMs / 1000) }));
  }
  const code = randomDigits(6);
  await trx
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
  await trx
    .insertInto('sms_codes')
    .values({
      mobile,
      purpose,
      code_hash: codeHash(mobile, purpose, code),
      created_at: now,
      expires_at: new Date(now.getTime() + ctx.config.smsCodeTtlSeconds * 1000),
    })
    .execute();
  if (deliver) {
    const minutes = Math.round(ctx.config.smsCodeTtlSeconds / 60);
    const body = translate(lang, 'common', 'smsBody', { code, minutes });
    await ctx.sms.send(trx, { mobile, purpose, code, body });
  }
  return success({
    resendAfterSeconds: ctx.config.smsResendSeconds,
    expiresInSeconds: ctx.config.smsCodeTtlSeconds,
  });
}

/**
 * Checks a code against the newest live one for the number and purpose. Every check counts an
 * attempt; after SMS_MAX_ATTEMPTS the code is dead. A matching code is consumed.
 */
export async function consumeSmsCode(
  ctx: AppContext,
  trx: Executor,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const live = await trx
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!live || live.attempts >= ctx.config.smsMaxAttempts) return false;
  const matches = live.code_hash === codeHash(mobile, purpose, code);
  await trx
    .updateTable('sms_codes')
    .set({ attempts: live.attempts + 1, consumed_at: matches ? now : null })
    .where('id', '=', live.id)
    .execute();
  return matches;
}
