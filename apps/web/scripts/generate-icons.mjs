// Draws the app icons as real PNGs (Chromium's installability check needs 192 and 512 px PNGs).
// Pure Node (zlib + a hand-written PNG encoder), so it needs no native image library. The output is
// committed under public/icons; run `npm run icons -w @medrem/web` after changing the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const TEAL = [15, 118, 110];
const WHITE = [255, 255, 255];
const PALE = [204, 251, 241];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0;
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Signed distances (negative inside) in unit coordinates, -1..1.
const roundedSquare = (x, y, half, r) => {
  const qx = Math.abs(x) - half + r;
  const qy = Math.abs(y) - half + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const capsule = (x, y, halfLength, radius) => {
  const px = Math.max(Math.abs(x) - halfLength, 0);
  return Math.hypot(px, y) - radius;
};

function draw(size, { maskable }) {
  const rgba = Buffer.alloc(size * size * 4);
  const scale = maskable ? 0.62 : 0.78; // maskable icons keep the pill inside the 80 % safe zone
  const px = 2 / size;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const x = ((i + 0.5) / size) * 2 - 1;
      const y = ((j + 0.5) / size) * 2 - 1;
      const bg = maskable ? -1 : roundedSquare(x, y, 0.96, 0.28);
      const bgCover = Math.min(Math.max(0.5 - bg / px, 0), 1);
      // Pill rotated 45 degrees, split into a white and a pale half.
      const u = (x + y) / Math.SQRT2 / scale;
      const v = (y - x) / Math.SQRT2 / scale;
      const pill = capsule(u, v, 0.42, 0.3) * scale;
      const pillCover = Math.min(Math.max(0.5 - pill / px, 0), 1);
      const half = u < 0 ? WHITE : PALE;
      const seam = Math.abs(u) * scale < px * 1.5 && pill < 0 ? 0.6 : 1;
      const color = TEAL.map((c, k) =>
        Math.round(c + (half[k] * seam + TEAL[k] * (1 - seam) - c) * pillCover),
      );
      const o = (j * size + i) * 4;
      rgba[o] = color[0];
      rgba[o + 1] = color[1];
      rgba[o + 2] = color[2];
      rgba[o + 3] = Math.round(255 * bgCover);
    }
  }
  return encodePng(size, rgba);
}

mkdirSync(outDir, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [file, size, maskable] of icons) {
  writeFileSync(join(outDir, file), draw(size, { maskable }));
  console.log(`wrote public/icons/${file}`);
}
