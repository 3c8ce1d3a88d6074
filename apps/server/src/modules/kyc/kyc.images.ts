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

/**
 * Turns an uploaded ID photo into the JPEG that is stored: the type judged from the bytes alone, the file
 * refused when anything follows the image (a polyglot) or the image is cut short, its size in pixels checked
 * before it is decoded, then decoded and encoded afresh, which drops every piece of metadata (EXIF GPS,
 * camera, comments) after applying its orientation.
 */
export async function reencodeIdPhoto(bytes: Buffer, side: KycPhotoSide): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED.has(detected.ext)) throw fail('KYC_FILE_TYPE', { field: side });
  const type = detected.ext as Accepted;
  const structure = imageEndsWhereFileEnds(bytes, type);
  if (structure === 'truncated') throw fail('KYC_FILE_UNREADABLE', { field: side });
  if (structure === 'extra-data') throw fail('KYC_FILE_EXTRA_DATA', { field: side });
  try {
    const image = type === 'heic' ? await decodeHeic(bytes, side) : await decodeWithSharp(bytes, side);
    return await image
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
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

async function decodeWithSharp(bytes: Buffer, side: KycPhotoSide) {
  const options = {
    failOn: 'truncated',
    limitInputPixels: KYC_MAX_IMAGE_SIDE * KYC_MAX_IMAGE_SIDE,
    animated: false,
  } as const;
  const metadata = await sharp(bytes, options).metadata();
  checkDimensions(metadata.autoOrient.width, metadata.autoOrient.height, side);
  return sharp(bytes, options).rotate();
}

async function decodeHeic(bytes: Buffer, side: KycPhotoSide) {
  const images = await heicDecode.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw fail('KYC_FILE_UNREADABLE', { field: side });
    checkDimensions(first.width, first.height, side);
    const { width, height, data } = await first.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}
