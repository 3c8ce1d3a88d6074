// Types for heic-decode, which ships none; imported so every program that compiles this file sees them.
import './heic-decode-types';
import { KYC_MAX_IMAGE_SIDE, KYC_MIN_IMAGE_SIDE, type KycPhotoSide } from '@kabuto/contract';
import { fileTypeFromBuffer } from 'file-type';
import heicDecode from 'heic-decode';
import sharp from 'sharp';
import { fail } from '../../platform/errors';
import { imageEndsWhereFileEnds } from './kyc.image-structure';

type Accepted = 'jpg' | 'png' | 'webp' | 'heic';
const ACCEPTED = new Set<string>(['jpg', 'png', 'webp', 'heic']);
/** Stored photos are at most this many pixels on their long side: enough to read any ID document. */
const STORED_MAX_SIDE = 3000;

/** An uploaded ID photo whose type, structure and size in pixels passed; nothing of it decoded yet. */
export interface CheckedIdPhoto {
  /** Decodes it and encodes it afresh as the JPEG that is stored. */
  reencode(): Promise<Buffer>;
}

/**
 * Checks an uploaded ID photo by what is cheap to read: the type judged from the bytes alone, the file refused
 * when anything follows the image (a polyglot) or the image is cut short, and its size in pixels from its
 * header. Both photos of a submission are checked before either is decoded, so a refused one costs no
 * decoding of the other.
 */
export async function checkIdPhoto(bytes: Buffer, side: KycPhotoSide): Promise<CheckedIdPhoto> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED.has(detected.ext)) throw fail('KYC_FILE_TYPE', { field: side });
  const type = detected.ext as Accepted;
  const structure = imageEndsWhereFileEnds(bytes, type);
  if (structure === 'truncated') throw fail('KYC_FILE_UNREADABLE', { field: side });
  if (structure === 'extra-data') throw fail('KYC_FILE_EXTRA_DATA', { field: side });
  await unreadable(side, () => (type === 'heic' ? checkHeicSize(bytes, side) : checkSharpSize(bytes, side)));
  return { reencode: () => unreadable(side, () => reencode(bytes, type, side)) };
}

/**
 * The stored JPEG: decoded and encoded afresh, which drops every piece of metadata (EXIF GPS, camera,
 * comments) after applying its orientation.
 */
async function reencode(bytes: Buffer, type: Accepted, side: KycPhotoSide): Promise<Buffer> {
  const image = type === 'heic' ? await decodeHeic(bytes, side) : sharp(bytes, SHARP_OPTIONS).rotate();
  return image
    .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A decoder's own failure is the investor's unreadable file; our refusals pass through as they are. */
async function unreadable<T>(side: KycPhotoSide, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && 'errorCode' in error) throw error;
    throw fail('KYC_FILE_UNREADABLE', { field: side });
  }
}

function checkDimensions(width: number | undefined, height: number | undefined, side: KycPhotoSide) {
  if (!width || !height) throw fail('KYC_FILE_UNREADABLE', { field: side });
  const longest = Math.max(width, height);
  const shortest = Math.min(width, height);
  if (longest > KYC_MAX_IMAGE_SIDE || shortest < KYC_MIN_IMAGE_SIDE)
    throw fail('KYC_FILE_DIMENSIONS', { field: side });
}

const SHARP_OPTIONS = {
  failOn: 'truncated',
  limitInputPixels: KYC_MAX_IMAGE_SIDE * KYC_MAX_IMAGE_SIDE,
  animated: false,
} as const;

async function checkSharpSize(bytes: Buffer, side: KycPhotoSide) {
  const metadata = await sharp(bytes, SHARP_OPTIONS).metadata();
  checkDimensions(metadata.autoOrient.width, metadata.autoOrient.height, side);
}

type HeicImage = Awaited<ReturnType<typeof heicDecode.all>>[number];

/** The HEIC file's first image, its size checked, handed to `use` while the decoder holds it. */
async function withFirstHeicImage<T>(
  bytes: Buffer,
  side: KycPhotoSide,
  use: (image: HeicImage) => Promise<T>,
) {
  const images = await heicDecode.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw fail('KYC_FILE_UNREADABLE', { field: side });
    checkDimensions(first.width, first.height, side);
    return await use(first);
  } finally {
    images.dispose();
  }
}

const checkHeicSize = (bytes: Buffer, side: KycPhotoSide) => withFirstHeicImage(bytes, side, async () => {});

const decodeHeic = (bytes: Buffer, side: KycPhotoSide) =>
  withFirstHeicImage(bytes, side, async (image) => {
    const { width, height, data } = await image.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  });
