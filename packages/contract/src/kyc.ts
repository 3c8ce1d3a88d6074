import { z } from 'zod';
import { KYC_PHOTO_SIDES, KYC_STATUSES, KYC_SUBMISSION_STATUSES } from './enums';
import { code, pageQuery, requiredText } from './fields';
import { KANA_NAME, normalizeKanaName } from './kana';

/** Largest identity-document photo accepted, per file. */
export const KYC_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** What an identity-document photo may be, judged by its bytes. */
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
/** Photos larger than this many pixels on either side are refused before decoding (decompression bombs). */
export const KYC_MAX_IMAGE_SIDE = 8000;
export const KYC_MIN_IMAGE_SIDE = 32;

/** The text fields of the identity-verification form; the photos `front` and `back` travel beside them. */
/** フリガナ: withdrawals go only to bank accounts whose holder is this name. Stored normalised. */
const fullNameKanaField = requiredText('KYC_FULL_NAME_KANA_REQUIRED', 100)
  .transform(normalizeKanaName)
  .pipe(z.string().regex(KANA_NAME, code('KYC_FULL_NAME_KANA_INVALID')));

export const kycSubmitRequest = z.strictObject({
  fullName: requiredText('KYC_FULL_NAME_REQUIRED', 100),
  fullNameKana: fullNameKanaField,
  idNumber: requiredText('KYC_ID_NUMBER_REQUIRED', 40).regex(
    /^[A-Za-z0-9-]{4,40}$/,
    code('KYC_ID_NUMBER_INVALID'),
  ),
});
export type KycSubmitRequest = z.input<typeof kycSubmitRequest>;

/** The investor's own verification: `none` until a first submission. */
export const kycState = z.object({
  status: z.enum(KYC_STATUSES),
  fullName: z.string().nullable(),
  fullNameKana: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type KycState = z.infer<typeof kycState>;

export const kycPhotoParams = z.object({ side: z.enum(KYC_PHOTO_SIDES, code('NOT_FOUND')) });

/** A photo as the server sends it (always the re-encoded JPEG): the bytes themselves, not the JSON envelope. */
export const kycPhotoFile = z.object({
  contentType: z.literal('image/jpeg'),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});

export const staffKycQuery = pageQuery.extend({
  status: z.enum(KYC_SUBMISSION_STATUSES, code('VALIDATION_FAILED')).optional(),
});

export const staffKycSummary = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  /** フリガナ; none on submissions made before it was asked for. */
  fullNameKana: z.string().nullable(),
  /** The ID number with all but its last four characters hidden. */
  idNumberMasked: z.string(),
  status: z.enum(KYC_SUBMISSION_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  /** The first of two approvals, when a second review is required and one has been given. */
  firstApprovedAt: z.string().nullable(),
  firstApprovedBy: z.string().nullable(),
});
export type StaffKycSummary = z.infer<typeof staffKycSummary>;

export const staffKycDetail = staffKycSummary.extend({
  idNumber: z.string(),
  reason: z.string().nullable(),
  mobile: z.string(),
  /** Whether the viewer may decide now: not while they gave the first of two approvals. */
  canDecide: z.boolean(),
  /** Earlier submissions of the same user, newest first. */
  previous: z.array(staffKycSummary.extend({ reason: z.string().nullable() })),
});
export type StaffKycDetail = z.infer<typeof staffKycDetail>;

export const staffKycPhotoParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,18}$/, code('NOT_FOUND'))
    .transform((value) => BigInt(value)),
  side: z.enum(KYC_PHOTO_SIDES, code('NOT_FOUND')),
});

/** An ID number as lists show it: ********1234. */
export function maskIdNumber(idNumber: string): string {
  const visible = idNumber.slice(-4);
  return '*'.repeat(Math.max(idNumber.length - visible.length, 4)) + visible;
}

/** The フリガナ compliance records, read from the document, on a passed verification made before it was asked for. */
export const kycKanaRequest = z.strictObject({ fullNameKana: fullNameKanaField });
