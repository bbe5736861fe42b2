// A camera for the tests: a .y4m video of one EAN-13 barcode, drawn here bar by bar from the GS1 tables
// (not with any library the app uses), that Chromium plays as its camera
// (--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111'];
const R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'];
/** Which of the left six digits use G, by the first digit. */
const PARIDAD = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 ('1' a bar), check digit included in `codigo`. */
export function modulosEan13(codigo: string): string {
  if (!/^\d{13}$/.test(codigo)) throw new Error(`No es un EAN-13: ${codigo}`);
  const d = codigo.split('').map(Number);
  const paridad = PARIDAD[d[0]!]!;
  let m = '101';
  for (let i = 1; i <= 6; i++) m += (paridad[i - 1] === 'G' ? G : L)[d[i]!];
  m += '01010';
  for (let i = 7; i <= 12; i++) m += R[d[i]!];
  return m + '101';
}

const ANCHO = 640;
const ALTO = 480;
const PX_POR_MODULO = 5;
const NEGRO = 16;
const BLANCO = 235;

/** Writes the video (two identical frames, 4:2:0) to a temporary file and gives its path. */
export function videoDeCodigo(codigo: string): string {
  const modulos = modulosEan13(codigo);
  const anchoCodigo = modulos.length * PX_POR_MODULO;
  const x0 = Math.floor((ANCHO - anchoCodigo) / 2);
  const fila = Buffer.alloc(ANCHO, BLANCO);
  for (let i = 0; i < modulos.length; i++) {
    if (modulos[i] === '1') fila.fill(NEGRO, x0 + i * PX_POR_MODULO, x0 + (i + 1) * PX_POR_MODULO);
  }
  const y = Buffer.alloc(ANCHO * ALTO, BLANCO);
  for (let f = 120; f < 360; f++) fila.copy(y, f * ANCHO);
  const croma = Buffer.alloc((ANCHO / 2) * (ALTO / 2), 128);
  const cuadro = Buffer.concat([Buffer.from('FRAME\n'), y, croma, croma]);
  const archivo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'camara-')), `${codigo}.y4m`);
  fs.writeFileSync(archivo, Buffer.concat([Buffer.from(`YUV4MPEG2 W${ANCHO} H${ALTO} F10:1 Ip A1:1 C420jpeg\n`), cuadro, cuadro]));
  return archivo;
}
