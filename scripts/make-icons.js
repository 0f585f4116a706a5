// Draws the installable inbox's icons (the favicon's wave on its blue) into
// src/http/static as PNG, with node:zlib only: `node scripts/make-icons.js`.
// The maskable one fills the whole square and keeps the wave inside the
// central 80% safe zone (https://w3c.github.io/manifest/#icon-masks).
import fs from 'node:fs';
import zlib from 'node:zlib';

const BLUE = [0x2c, 0x5f, 0x8a];
const WHITE = [0xff, 0xff, 0xff];

/** The favicon's path in its 32×32 box: M5 19 c3-5 6-5 9 0 s6 5 9 0 4-4 4-4, as points. */
function wave() {
  const pts = [];
  const cubic = (p0, p1, p2, p3) => {
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      const u = 1 - t;
      pts.push([
        u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
        u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
      ]);
    }
  };
  cubic([5, 19], [8, 14], [11, 14], [14, 19]);
  cubic([14, 19], [17, 24], [20, 24], [23, 19]);
  cubic([23, 19], [26, 14], [27, 15], [27, 15]);
  return pts;
}

function distToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** size×size RGBA: a rounded square (radius 8/32) or, for maskable, the whole square; the wave scaled by `scale` about the centre. */
function draw(size, { maskable }) {
  const pts = wave();
  const scale = maskable ? 0.72 : 1;
  const px = new Uint8Array(size * size * 4);
  const sub = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let inside = 0;
      let stroke = 0;
      for (let sy = 0; sy < sub; sy++) {
        for (let sx = 0; sx < sub; sx++) {
          // Sample point in the 32-unit box.
          const X = ((x + (sx + 0.5) / sub) / size) * 32;
          const Y = ((y + (sy + 0.5) / sub) / size) * 32;
          let inBox = true;
          if (!maskable) {
            const r = 8;
            const cx = Math.max(r, Math.min(32 - r, X));
            const cy = Math.max(r, Math.min(32 - r, Y));
            inBox = Math.hypot(X - cx, Y - cy) <= r;
          }
          if (!inBox) continue;
          inside++;
          const wx = (X - 16) / scale + 16;
          const wy = (Y - 16) / scale + 16;
          let d = Infinity;
          for (let i = 1; i < pts.length; i++) d = Math.min(d, distToSegment(wx, wy, pts[i - 1], pts[i]));
          if (d <= 1.5) stroke++;
        }
      }
      const n = sub * sub;
      const o = (y * size + x) * 4;
      const a = stroke / Math.max(inside, 1);
      for (let c = 0; c < 3; c++) px[o + c] = Math.round(BLUE[c] * (1 - a) + WHITE[c] * a);
      px[o + 3] = Math.round((inside / n) * 255);
    }
  }
  return png(size, px);
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = new URL('../src/http/static/', import.meta.url);
fs.writeFileSync(new URL('icon-192.png', dir), draw(192, { maskable: false }));
fs.writeFileSync(new URL('icon-512.png', dir), draw(512, { maskable: false }));
fs.writeFileSync(new URL('icon-maskable-512.png', dir), draw(512, { maskable: true }));
