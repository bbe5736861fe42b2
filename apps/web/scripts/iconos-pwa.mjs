// Draws the PWA's PNG icons (the favicon's basket, white on the brand's teal) with no image
// library and nothing downloaded: pixel by pixel, 4×4 samples per pixel, written as PNG with zlib.
// Run once after changing the design: `node scripts/iconos-pwa.mjs` (the PNGs are committed).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const PUBLIC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const TEAL = [15, 118, 110];

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function trozo(tipo, datos) {
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(datos.length);
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'ascii'), datos]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(cuerpo));
  return Buffer.concat([largo, cuerpo, crc]);
}

function png(ancho, pixeles) {
  const cab = Buffer.alloc(13);
  cab.writeUInt32BE(ancho, 0);
  cab.writeUInt32BE(ancho, 4);
  cab[8] = 8; // bits
  cab[9] = 6; // RGBA
  const filas = Buffer.alloc((ancho * 4 + 1) * ancho);
  for (let y = 0; y < ancho; y++) pixeles.copy(filas, y * (ancho * 4 + 1) + 1, y * ancho * 4, (y + 1) * ancho * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozo('IHDR', cab),
    trozo('IDAT', zlib.deflateSync(filas, { level: 9 })),
    trozo('IEND', Buffer.alloc(0)),
  ]);
}

/** Distance from p to the segment a–b. */
function distSegmento(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The favicon's drawing in its 32-unit box: is (x, y) on the white stroke? */
function blanco(x, y) {
  const g = 1.1; // half the stroke width
  const bolsa = [
    [7, 11],
    [25, 11],
    [23, 22],
    [9, 22],
  ];
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = bolsa[i];
    const [bx, by] = bolsa[(i + 1) % 4];
    if (distSegmento(x, y, ax, ay, bx, by) <= g) return true;
  }
  // The handle: the upper half of a circle of radius 4 centred at (16, 11).
  return y <= 11 && Math.abs(Math.hypot(x - 16, y - 11) - 4) <= g;
}

/** An icon: `relleno` of the square is the drawing's box (a maskable icon keeps it in the safe zone). */
function icono(ancho, { redondeado, relleno }) {
  const px = Buffer.alloc(ancho * ancho * 4);
  const escala = 32 / (ancho * relleno);
  const margen = (ancho * (1 - relleno)) / 2;
  const radio = redondeado ? ancho * (7 / 32) : 0;
  for (let y = 0; y < ancho; y++)
    for (let x = 0; x < ancho; x++) {
      let fondo = 0;
      let trazo = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const fx = x + (sx + 0.5) / 4;
          const fy = y + (sy + 0.5) / 4;
          const cx = Math.max(radio, Math.min(ancho - radio, fx));
          const cy = Math.max(radio, Math.min(ancho - radio, fy));
          if (Math.hypot(fx - cx, fy - cy) > radio) continue;
          fondo++;
          if (blanco((fx - margen) * escala, (fy - margen) * escala)) trazo++;
        }
      const i = (y * ancho + x) * 4;
      const t = trazo / 16;
      for (let c = 0; c < 3; c++)
        px[i + c] = Math.round(TEAL[c] * (1 - t / Math.max(fondo / 16, 1e-9)) + 255 * (t / Math.max(fondo / 16, 1e-9)));
      px[i + 3] = Math.round((fondo / 16) * 255);
    }
  return png(ancho, px);
}

for (const [nombre, ancho, opciones] of [
  ['pwa-192.png', 192, { redondeado: true, relleno: 1 }],
  ['pwa-512.png', 512, { redondeado: true, relleno: 1 }],
  ['pwa-maskable-512.png', 512, { redondeado: false, relleno: 0.8 }],
  ['apple-touch-icon.png', 180, { redondeado: false, relleno: 0.9 }],
]) {
  fs.writeFileSync(path.join(PUBLIC, nombre), icono(ancho, opciones));
  console.log(nombre);
}
