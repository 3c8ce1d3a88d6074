/**
 * Where an image's own structure says it ends, compared with where the file ends. Decoders stop at the end
 * of the image and ignore the rest, which is how a JPEG with a ZIP or an HTML page appended (a polyglot)
 * passes for a photo; and a file cut short is caught here before a lenient decoder pads it out.
 */
export type Structure = 'whole' | 'truncated' | 'extra-data';

export function imageEndsWhereFileEnds(bytes: Buffer, type: 'jpg' | 'png' | 'webp' | 'heic'): Structure {
  const end = { jpg: jpegEnd, png: pngEnd, webp: webpEnd, heic: isoBoxesEnd }[type](bytes);
  if (end === null || end > bytes.length) return 'truncated';
  return end === bytes.length ? 'whole' : 'extra-data';
}

/**
 * The offset after the JPEG's end-of-image marker: segments are walked by their lengths, and entropy-coded
 * data (where 0xFF is always followed by 0x00 or a restart marker) is scanned for the next marker. Pictures
 * that phones append after the first (MPF: depth maps, gain maps) are JPEGs too and are walked the same way.
 */
function jpegEnd(bytes: Buffer): number | null {
  let offset = 0;
  while (offset < bytes.length) {
    const end = oneJpegEnd(bytes, offset);
    if (end === null) return offset === 0 ? null : offset;
    offset = end;
    if (bytes[offset] !== 0xff || bytes[offset + 1] !== 0xd8) return offset;
  }
  return offset;
}

function oneJpegEnd(bytes: Buffer, start: number): number | null {
  if (bytes[start] !== 0xff || bytes[start + 1] !== 0xd8) return null;
  let offset = start + 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return offset + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 3 >= bytes.length) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    offset += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data runs up to the next marker that is neither a stuffed 0xFF00 nor a restart.
      while (offset + 1 < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset += 1;
      }
      if (offset + 1 >= bytes.length) return null;
    }
  }
  return null;
}

/** The offset after the IEND chunk; chunks are walked by their lengths. */
function pngEnd(bytes: Buffer): number | null {
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    offset += 12 + length;
    if (type === 'IEND') return offset;
  }
  return null;
}

/** RIFF states its own size. */
function webpEnd(bytes: Buffer): number | null {
  if (bytes.length < 12) return null;
  const size = bytes.readUInt32LE(4);
  return 8 + size + (size % 2);
}

/** HEIC is a sequence of ISO-BMFF boxes; each states its size (64-bit when it says 1, to the end when 0). */
function isoBoxesEnd(bytes: Buffer): number | null {
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return offset;
    if (size === 0) return bytes.length;
    if (size === 1) {
      if (offset + 16 > bytes.length) return null;
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large < 16n || large > BigInt(bytes.length)) return null;
      offset += Number(large);
    } else {
      if (size < 8) return offset;
      offset += size;
    }
  }
  return offset === bytes.length ? offset : offset > bytes.length ? null : offset;
}
