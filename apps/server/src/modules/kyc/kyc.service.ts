import { notify } from '../messaging';
import {
  maskIdNumber,
  sameKanaName,
  type KycPhotoSide,
  type KycState,
  type StaffKycDetail,
  type StaffKycSummary,
} from '@kabuto/contract';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Executor } from '../../database';
import type { AppContext, ClientMeta } from '../../platform/context';
import { iso } from '../../platform/db';
import { fail } from '../../platform/errors';
import type { InvestorActor, StaffActor } from '../../platform/routes';
import type { Tx } from '../../platform/unit-of-work';
import { oneAtATime } from '../../platform/turns';
import { recordAudit } from '../audit';
import { requireUnrevokedSession } from '../sessions';
import { refuseJoinedStaff } from '../staff';
import { findUserById, lockSignedInUser, lockUserById, mobileFor, updateUser, type UserRow } from '../users';
import { checkIdPhoto } from './kyc.images';
import {
  decideSubmission,
  findSubmission,
  insertSubmission,
  latestSubmissionOf,
  lockSubmission,
  passedKanaNameOf,
  previousSubmissionsOf,
  recordFirstApproval,
  recordSubmissionKana,
  staffNamesOf,
} from './kyc.repository';
import { PhotoStore } from './kyc.storage';
import type { KycSubmissionRow } from './kyc.table';

export const photoStoreOf = (ctx: AppContext) => new PhotoStore(join(ctx.config.dataDir, 'kyc'));

/**
 * Deposit notices and withdrawals (and later offerings, the fund and financing) call this on the user row they
 * locked in their own transaction, so the answer cannot change before they commit.
 */
export function requireKycPassedFor(user: Pick<UserRow, 'kyc_status'>): void {
  if (user.kyc_status !== 'passed') throw fail('KYC_NOT_PASSED');
}

/** The same, for a user read by id. */
export async function requireKycPassed(db: Executor, userId: bigint): Promise<void> {
  requireKycPassedFor((await findUserById(db, userId)) ?? { kyc_status: 'none' });
}

/**
 * Withdrawals go only to an account in the investor's own name: the holder (katakana, as the bank records it)
 * must be the katakana name of the passed verification, compared without spaces. Called inside the caller's
 * transaction after locking the user (a passed verification is never decided again, so it cannot change).
 */
export async function isVerifiedHolder(db: Executor, userId: bigint, holderName: string): Promise<boolean> {
  const kana = await passedKanaNameOf(db, userId);
  return kana !== null && sameKanaName(kana, holderName);
}

/** The same, except that a user without a verified katakana name (nothing to compare) may be anyone. */
export async function mayBeVerifiedHolder(db: Executor, userId: bigint, name: string): Promise<boolean> {
  const kana = await passedKanaNameOf(db, userId);
  return kana === null || sameKanaName(kana, name);
}

export async function kycStateOf(db: Executor, userId: bigint): Promise<KycState> {
  const user = await findUserById(db, userId);
  if (!user) throw fail('SESSION_EXPIRED');
  const latest = await latestSubmissionOf(db, userId);
  return stateOf(user, latest);
}

function stateOf(user: Pick<UserRow, 'kyc_status'>, latest: KycSubmissionRow | undefined): KycState {
  return {
    status: user.kyc_status,
    fullName: latest?.full_name ?? null,
    fullNameKana: latest?.full_name_kana ?? null,
    reason: user.kyc_status === 'rejected' ? (latest?.reason ?? null) : null,
    submittedAt: iso(latest?.created_at ?? null),
    reviewedAt: iso(latest?.reviewed_at ?? null),
  };
}

function requireMaySubmit(user: Pick<UserRow, 'kyc_status'>): void {
  if (user.kyc_status === 'pending') throw fail('KYC_UNDER_REVIEW');
  if (user.kyc_status === 'passed') throw fail('KYC_ALREADY_PASSED');
}

export interface Submission {
  fullName: string;
  fullNameKana: string;
  idNumber: string;
  front: Buffer;
  back: Buffer;
}

/** The investors whose photos this node is decoding now: one submission at a time each. */
const decoding = new Set<bigint>();

/**
 * Every investor's submissions share this node's decoding, one at a time: a photo of up to KYC_MAX_IMAGE_SIDE
 * squared pixels takes a core for a second or so, and a file cut short inside its image data is found only
 * by decoding it, after the other photo was decoded in full. Submissions are few, so a short wait is cheap.
 */
const decodeInTurn = oneAtATime(8);

/** Both photos checked, then each decoded and re-encoded in turn (never two at once). */
async function reencodeBoth(input: Submission): Promise<[Buffer, Buffer]> {
  const front = await checkIdPhoto(input.front, 'front');
  const back = await checkIdPhoto(input.back, 'back');
  return [await front.reencode(), await back.reencode()];
}

/**
 * Checks both photos, then decodes and re-encodes them, before anything is written; stores them, then records
 * the submission and the user's new status in one transaction. A failure anywhere removes the stored photos
 * again. Decoding is the costly part (up to KYC_MAX_IMAGE_SIDE squared pixels), so an investor's second
 * submission while the first is decoding is refused rather than queued.
 */
export async function submitKyc(ctx: AppContext, actor: InvestorActor, input: Submission) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw fail('SESSION_EXPIRED');
  requireMaySubmit(user);
  if (decoding.has(actor.userId)) throw fail('RATE_LIMITED');
  decoding.add(actor.userId);
  const [front, back] = await decodeInTurn(() => reencodeBoth(input)).finally(() =>
    decoding.delete(actor.userId),
  );

  const store = photoStoreOf(ctx);
  const stored: string[] = [];
  try {
    stored.push(await store.put(front));
    stored.push(await store.put(back));
    return await ctx.transact(async (tx) => {
      const locked = await lockSignedInUser(tx.db, actor);
      requireMaySubmit(locked);
      const row = await insertSubmission(tx.db, {
        userId: actor.userId,
        fullName: input.fullName,
        fullNameKana: input.fullNameKana,
        idNumber: input.idNumber.toUpperCase(),
        frontFileId: stored[0]!,
        backFileId: stored[1]!,
        now: ctx.clock.now(),
      });
      const updated = await updateUser(tx.db, actor.userId, { kyc_status: 'pending' });
      return stateOf(updated, row);
    });
  } catch (error) {
    await Promise.all(stored.map((fileId) => store.remove(fileId)));
    throw error;
  }
}

const fileIdOf = (row: KycSubmissionRow, side: KycPhotoSide) =>
  side === 'front' ? row.front_file_id : row.back_file_id;

/** The investor's own latest photo; nobody else's can be named through this path. */
export async function ownPhoto(ctx: AppContext, userId: bigint, side: KycPhotoSide) {
  const latest = await latestSubmissionOf(ctx.db, userId);
  if (!latest) throw fail('NOT_FOUND');
  return { contentType: 'image/jpeg' as const, bytes: await photoStoreOf(ctx).get(fileIdOf(latest, side)) };
}

export async function submissionPhoto(ctx: AppContext, id: bigint, side: KycPhotoSide) {
  const row = await findSubmission(ctx.db, id);
  if (!row) throw fail('NOT_FOUND');
  return { contentType: 'image/jpeg' as const, bytes: await photoStoreOf(ctx).get(fileIdOf(row, side)) };
}

export async function summariesOf(db: Executor, rows: KycSubmissionRow[]): Promise<StaffKycSummary[]> {
  const names = await staffNamesOf(db, rows);
  return rows.map((row) => ({
    id: row.id.toString(),
    userId: row.user_id.toString(),
    fullName: row.full_name,
    fullNameKana: row.full_name_kana,
    idNumberMasked: maskIdNumber(row.id_number),
    status: row.status,
    submittedAt: iso(row.created_at) ?? '',
    reviewedAt: iso(row.reviewed_at),
    reviewedBy: row.reviewed_by === null ? null : (names.get(row.reviewed_by) ?? null),
    firstApprovedAt: iso(row.first_approved_at),
    firstApprovedBy: row.first_approved_by === null ? null : (names.get(row.first_approved_by) ?? null),
  }));
}

export async function detailOf(
  db: Executor,
  actor: StaffActor,
  row: KycSubmissionRow,
): Promise<StaffKycDetail> {
  const user = await findUserById(db, row.user_id);
  const previous = await previousSubmissionsOf(db, row.user_id, row.id);
  const [summary, ...earlier] = await summariesOf(db, [row, ...previous]);
  return {
    ...summary!,
    idNumber: row.id_number,
    reason: row.reason,
    mobile: mobileFor(actor, user?.mobile ?? ''),
    canDecide: row.status === 'pending' && row.first_approved_by !== actor.staffId,
    previous: earlier.map((item, index) => ({ ...item, reason: previous[index]!.reason })),
  };
}

export type KycDecision = { status: 'passed' } | { status: 'rejected'; reason: string };

/**
 * Passes or rejects a pending submission: the submission, the user's status and the audit entry (before and
 * after) in one transaction. The user is locked before the submission, in the same order as a submission
 * takes them. With a second review, the first approval only records itself; a different staff member then
 * passes or rejects (the database refuses the same one twice).
 */
export async function decideKyc(
  ctx: AppContext,
  actor: StaffActor,
  meta: ClientMeta,
  id: bigint,
  decision: KycDecision,
): Promise<StaffKycDetail> {
  const now = ctx.clock.now();
  return underReview(ctx, actor, id, async (tx) => {
    const before = await lockSubmission(tx.db, id);
    if (!before) throw fail('NOT_FOUND');
    if (before.status !== 'pending') throw fail('KYC_NOT_PENDING');
    if (before.first_approved_by === actor.staffId) throw fail('KYC_SECOND_REVIEWER_REQUIRED');
    if (
      decision.status === 'passed' &&
      before.first_approved_by !== null &&
      before.first_approved_at !== null
    )
      await refuseJoinedStaff(
        ctx,
        tx.db,
        actor.staffId,
        [before.first_approved_by],
        before.first_approved_at,
      );
    if (decision.status === 'passed' && ctx.config.kycSecondReview && before.first_approved_by === null) {
      const approved = await recordFirstApproval(tx.db, id, actor.staffId, now);
      const [beforeView, afterView] = await summariesOf(tx.db, [before, approved]);
      await recordAudit(tx.db, {
        staffId: actor.staffId,
        action: 'kyc.approve',
        targetKind: 'kyc_submission',
        targetId: approved.id.toString(),
        before: beforeView,
        after: { ...afterView, stage: 'first_of_two' },
        ip: meta.ip,
        at: now,
      });
      return detailOf(tx.db, actor, approved);
    }
    const after = await decideSubmission(tx.db, id, {
      status: decision.status,
      reason: decision.status === 'rejected' ? decision.reason : null,
      staffId: actor.staffId,
      now,
    });
    await updateUser(tx.db, after.user_id, { kyc_status: decision.status });
    const [beforeView, afterView] = await summariesOf(tx.db, [before, after]);
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: decision.status === 'passed' ? 'kyc.approve' : 'kyc.reject',
      targetKind: 'kyc_submission',
      targetId: after.id.toString(),
      reason: after.reason,
      before: beforeView,
      after: { ...afterView, reason: after.reason },
      ip: meta.ip,
      at: now,
    });
    if (decision.status === 'passed') await notify(tx.db, after.user_id, 'kyc_passed', {}, now);
    else await notify(tx.db, after.user_id, 'kyc_rejected', { reason: decision.reason }, now);
    return detailOf(tx.db, actor, after);
  });
}

/**
 * Demo data only: a verification already passed by `staffId`, with two placeholder photos marked SAMPLE (so the back
 * office can show them), in the caller's transaction. The user's kyc_status is the caller's to set.
 */
export async function insertPassedVerification(
  ctx: AppContext,
  db: Executor,
  input: {
    userId: bigint;
    fullName: string;
    fullNameKana: string;
    idNumber: string;
    staffId: bigint;
    now: Date;
  },
): Promise<void> {
  const store = photoStoreOf(ctx);
  // A card outline and SAMPLE, so the demo's photos read as placeholders rather than as images that failed to load.
  const sample = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">' +
      '<rect x="24" y="24" width="592" height="352" rx="20" fill="none" stroke="#9aa8b8" stroke-width="4" stroke-dasharray="14 10"/>' +
      '<text x="320" y="218" font-family="sans-serif" font-size="56" font-weight="bold" fill="#6b7a8c" text-anchor="middle">SAMPLE</text>' +
      '</svg>',
  );
  const photo = () =>
    sharp({ create: { width: 640, height: 400, channels: 3, background: '#e8eef5' } })
      .composite([{ input: sample }])
      .jpeg()
      .toBuffer();
  const frontFileId = await store.put(await photo());
  const backFileId = await store.put(await photo());
  const row = await insertSubmission(db, { ...input, frontFileId, backFileId });
  await decideSubmission(db, row.id, {
    status: 'passed',
    reason: null,
    staffId: input.staffId,
    now: input.now,
  });
}

/**
 * A reviewer's change to a submission, in one transaction: its user locked first (the order a submission takes
 * them in), and the reviewer's session checked inside it, so a session revoked meanwhile changes nothing.
 */
async function underReview<T>(
  ctx: AppContext,
  actor: StaffActor,
  id: bigint,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const found = await findSubmission(ctx.db, id);
  if (!found) throw fail('NOT_FOUND');
  return ctx.transact(async (tx) => {
    await lockUserById(tx.db, found.user_id);
    await requireUnrevokedSession(tx.db, 'staff', actor.sessionId);
    return work(tx);
  });
}

/**
 * Records the フリガナ on a passed verification made before it was asked for, as compliance reads it from the
 * document: until then the investor cannot withdraw (no bank account can match). Once only, audited.
 */
export async function recordKanaName(
  ctx: AppContext,
  actor: StaffActor,
  meta: ClientMeta,
  id: bigint,
  fullNameKana: string,
): Promise<StaffKycDetail> {
  const now = ctx.clock.now();
  return underReview(ctx, actor, id, async (tx) => {
    const recorded = await recordSubmissionKana(tx.db, id, fullNameKana);
    if (!recorded) throw fail('KYC_KANA_NOT_NEEDED');
    await recordAudit(tx.db, {
      staffId: actor.staffId,
      action: 'kyc.record_kana',
      targetKind: 'kyc_submission',
      targetId: recorded.id.toString(),
      before: { fullNameKana: null },
      after: { fullNameKana: recorded.full_name_kana, userId: recorded.user_id.toString() },
      ip: meta.ip,
      at: now,
    });
    return detailOf(tx.db, actor, recorded);
  });
}
