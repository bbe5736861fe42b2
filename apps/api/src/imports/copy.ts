// Rows go to PostgreSQL with COPY (text format), written in batches with backpressure:
// the parser never runs ahead of the database by more than one batch.
import { once } from 'node:events';
import type { Writable } from 'node:stream';

export type ValorCopy = string | number | boolean | Date | null | undefined;

const ESPECIALES = /[\\\t\n\r\0]/;
const ESPECIALES_G = /[\\\t\n\r\0]/g;
const ESCAPE: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };

/** One field in COPY's text format: NULL is \N; backslash, tab and line breaks escaped; NUL dropped. */
export function campoCopy(valor: ValorCopy): string {
  if (valor === null || valor === undefined) return '\\N';
  if (typeof valor === 'number') return String(valor);
  if (typeof valor === 'boolean') return valor ? 't' : 'f';
  if (valor instanceof Date) return valor.toISOString();
  return ESPECIALES.test(valor) ? valor.replace(ESPECIALES_G, (c) => ESCAPE[c] ?? '') : valor;
}

export function lineaCopy(valores: readonly ValorCopy[]): string {
  let linea = '';
  for (let i = 0; i < valores.length; i++) linea += (i === 0 ? '' : '\t') + campoCopy(valores[i]);
  return `${linea}\n`;
}

/** Buffers lines and hands them to the COPY stream a batch at a time, waiting when it is full. */
export class LoteCopy {
  private lineas: string[] = [];
  constructor(
    private readonly destino: Writable,
    private readonly tamano: number,
  ) {}

  async agregar(linea: string) {
    this.lineas.push(linea);
    if (this.lineas.length >= this.tamano) await this.vaciar();
  }

  async vaciar() {
    if (this.lineas.length === 0) return;
    const texto = this.lineas.join('');
    this.lineas = [];
    if (!this.destino.write(texto)) await once(this.destino, 'drain');
  }
}
