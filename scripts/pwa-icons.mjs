// `node scripts/pwa-icons.mjs`: draws the investor app's install icons (apps/web/public/icons/*.png), a white
// rising chart line on the brand blue, with no image tooling: a few shapes rasterised here and PNG-encoded
// with zlib. The maskable icon fills its square and keeps the line inside the central safe zone (80 %).
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';

const BLUE = [0x16, 0x77, 0xff];
const WHITE = [0xff, 0xff, 0xff];
// The line, in a 0..1 square: up, a dip, then up to the top right.
const LINE = [
  [0.2, 0.68],
  [0.42, 0.46],
  [0.56, 0.58],
  [0.8, 0.32],
];

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** RGBA pixels: a rounded square (or a full square when maskable) with the line, 4x4 supersampled. */
function draw(size, { maskable }) {
  const pixels = Buffer.alloc(size * size * 4);
  const scale = maskable ? 0.8 : 1; // the safe zone of a maskable icon is the central 80 % circle
  const radius = maskable ? 0 : 0.2;
  const width = 0.075 * scale;
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let inside = 0;
      let stroke = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (x + (sx + 0.5) / samples) / size;
          const v = (y + (sy + 0.5) / samples) / size;
          const cx = Math.max(radius, Math.min(1 - radius, u));
          const cy = Math.max(radius, Math.min(1 - radius, v));
          if (Math.hypot(u - cx, v - cy) > radius) continue;
          inside++;
          const lu = (u - 0.5) / scale + 0.5;
          const lv = (v - 0.5) / scale + 0.5;
          const d = Math.min(...LINE.slice(1).map((p, i) => distanceToSegment(lu, lv, LINE[i], p)));
          if (d * scale < width / 2) stroke++;
        }
      }
      const total = samples * samples;
      const mix = stroke / Math.max(inside, 1);
      const offset = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) pixels[offset + c] = Math.round(BLUE[c] * (1 - mix) + WHITE[c] * mix);
      pixels[offset + 3] = Math.round((255 * inside) / total);
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = new URL('../apps/web/public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(new URL(name, out), png(size, draw(size, { maskable })));
  console.log(`apps/web/public/icons/${name}`);
}
