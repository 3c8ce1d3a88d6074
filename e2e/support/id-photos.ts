import sharp from 'sharp';

export type IdPhotoSide = 'front' | 'back';

/**
 * A small picture of an identity card, as a phone would take it: a pale card on a dark desk, a portrait and
 * lines of print on the front, a magnetic stripe and lines on the back. Real image bytes the server decodes
 * and re-encodes, JPEG or PNG.
 */
export async function idCardPhoto(side: IdPhotoSide, format: 'jpeg' | 'png'): Promise<Buffer> {
  const lines = (x: number, y: number, widths: number[]) =>
    widths
      .map(
        (width, i) => `<rect x="${x}" y="${y + i * 22}" width="${width}" height="9" rx="3" fill="#7a8290"/>`,
      )
      .join('');
  const face =
    side === 'front'
      ? `<rect x="40" y="70" width="110" height="140" rx="6" fill="#c9d3df"/>
         <circle cx="95" cy="120" r="28" fill="#8c9aab"/>
         <rect x="55" y="155" width="80" height="55" rx="30" fill="#8c9aab"/>
         ${lines(175, 80, [210, 170, 230, 150, 190])}`
      : `<rect x="20" y="60" width="440" height="40" fill="#30343b"/>${lines(40, 130, [380, 320, 360, 280])}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="340">
    <rect width="520" height="340" fill="#3b3f46"/>
    <rect x="20" y="20" width="480" height="300" rx="18" fill="#eef3f8"/>
    <rect x="20" y="20" width="480" height="34" rx="18" fill="${side === 'front' ? '#5b8fc7' : '#9bb7d6'}"/>
    <g transform="translate(20 20)">${face}</g>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'jpeg' ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}
