// CSV as people really save it: UTF-8 with or without BOM (Excel's "CSV UTF-8"), or
// Windows-1252 (Excel's plain "CSV"), comma or semicolon (a Chilean Excel writes ';'),
// CRLF or LF, quoted cells with line breaks inside. papaparse parses it chunk by chunk;
// the file is never held in memory.
import fs from 'node:fs';
import { TextDecoder } from 'node:util';
import Papa from 'papaparse';
import { ErrorArchivo } from '../errores.js';
import type { Avance, Lector } from './tipos.js';

const LARGO_MUESTRA = 64 * 1024;
/** No real row is this long; an unclosed quote would otherwise swallow the rest of the file. */
const MAX_LARGO_FILA = 1024 * 1024;
/** Share of control bytes above which a "CSV" is really a binary file. */
const MAX_CONTROL = 0.01;

/** Files that people rename to .csv by mistake, by their first bytes. */
const FIRMAS: Array<{ bytes: number[]; mensaje: string }> = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    mensaje:
      'El archivo parece un Excel (.xlsx) o un .zip con la extensión .csv. Cárgalo con su extensión real (.xlsx) o guárdalo como CSV.',
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    mensaje: 'El archivo parece un Excel antiguo (.xls) con la extensión .csv. Guárdalo como CSV UTF-8 o como .xlsx y vuelve a cargarlo.',
  },
  { bytes: [0x25, 0x50, 0x44, 0x46], mensaje: 'El archivo parece un PDF, no un CSV. Carga un archivo .csv, .xlsx o .xml.' },
];
export const MENSAJE_BINARIO =
  'El archivo no es un CSV de texto (parece un archivo binario o dañado). Guárdalo desde Excel como "CSV UTF-8 (delimitado por comas)" y vuelve a cargarlo.';

async function leerMuestra(ruta: string): Promise<Buffer> {
  const fh = await fs.promises.open(ruta, 'r');
  try {
    const buf = Buffer.alloc(LARGO_MUESTRA);
    const { bytesRead } = await fh.read(buf, 0, LARGO_MUESTRA, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

function esUtf8(muestra: Buffer): boolean {
  try {
    // stream: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(muestra, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function pareceBinario(muestra: Buffer): boolean {
  let control = 0;
  for (const b of muestra) {
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  return muestra.length > 0 && control / muestra.length > MAX_CONTROL;
}

/** ';', ',' or tab: whichever appears most in the header line, outside quotes. */
export function detectarSeparador(texto: string): string {
  const cuenta: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let entreComillas = false;
  for (const ch of texto) {
    if (ch === '"') entreComillas = !entreComillas;
    else if (!entreComillas && (ch === '\n' || ch === '\r')) break;
    else if (!entreComillas && ch in cuenta) cuenta[ch]! += 1;
  }
  const [mejor, veces] = Object.entries(cuenta).sort((a, b) => b[1] - a[1])[0]!;
  return veces > 0 ? mejor : ',';
}

/** The line break of the file, from its first bytes (Excel writes CRLF, LibreOffice LF). */
export function detectarFinDeLinea(texto: string): '\r\n' | '\n' | '\r' {
  const i = texto.search(/[\r\n]/);
  if (i < 0 || texto[i] === '\n') return '\n';
  return texto[i + 1] === '\n' ? '\r\n' : '\r';
}

/**
 * papaparse's own parser, fed one decoded chunk at a time: each chunk is parsed up to its
 * last complete row and the rest waits for the next chunk (what papaparse's streamers do
 * inside, without a stream per row). Memory: one chunk plus one unfinished row.
 */
export async function* leerCsv(ruta: string, opciones: { signal?: AbortSignal; avance?: Avance; maxLargoFila?: number } = {}): Lector {
  const { signal, avance, maxLargoFila = MAX_LARGO_FILA } = opciones;
  const muestra = await leerMuestra(ruta);
  if (muestra.length === 0) throw new ErrorArchivo('El archivo está vacío.');
  for (const f of FIRMAS) {
    if (f.bytes.every((b, i) => muestra[i] === b)) throw new ErrorArchivo(f.mensaje);
  }
  if (pareceBinario(muestra)) throw new ErrorArchivo(MENSAJE_BINARIO);
  const codificacion = esUtf8(muestra) ? 'utf-8' : 'windows-1252';
  const inicio = new TextDecoder(codificacion).decode(muestra);
  const parser = new Papa.Parser({ delimiter: detectarSeparador(inicio), newline: detectarFinDeLinea(inicio), quoteChar: '"' });

  // TextDecoder drops a UTF-8 BOM at the start by itself.
  const decoder = new TextDecoder(codificacion);
  if (avance) avance.total = (await fs.promises.stat(ruta)).size;
  // Nothing awaits between opening the stream and reading it: an abort in between would make it
  // emit 'error' with no one listening (an unhandled error when a replica stops mid-import).
  signal?.throwIfAborted();
  const entrada = fs.createReadStream(ruta, { highWaterMark: LARGO_MUESTRA, signal });
  let resto = '';
  let fila = 0;
  try {
    for await (const chunk of entrada as AsyncIterable<Buffer>) {
      if (avance) avance.leidos += chunk.length;
      const texto = resto + decoder.decode(chunk, { stream: true });
      const r = parser.parse(texto, 0, true) as { data: string[][]; meta: { cursor: number } };
      resto = texto.slice(r.meta.cursor);
      if (resto.length > maxLargoFila) {
        throw new ErrorArchivo(
          `La fila ${fila + 1} del archivo es demasiado larga (más de ${Math.round(maxLargoFila / 1024)} KB). Revisa que no falte cerrar unas comillas (").`,
        );
      }
      for (const celdas of r.data) {
        fila += 1;
        yield { fila, celdas };
      }
    }
    const final = resto + decoder.decode();
    if (final.length > 0) {
      const r = parser.parse(final, 0, false) as { data: string[][] };
      for (const celdas of r.data) {
        fila += 1;
        yield { fila, celdas };
      }
    }
  } finally {
    entrada.destroy();
  }
}
