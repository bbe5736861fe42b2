// Slang and texting shorthand ("q", "xq", "wena", "stok"), replaced word for word before anything else is read.
import { palabras } from '../normalizar.js';

/** Slang and texting shorthand, replaced word for word before anything else. */
const SINONIMOS: Record<string, string> = {
  q: 'que',
  k: 'que',
  ke: 'que',
  xq: 'porque',
  pq: 'porque',
  cuant: 'cuanto',
  cnto: 'cuanto',
  cto: 'cuanto',
  cunto: 'cuanto',
  cuato: 'cuanto',
  kien: 'quien',
  kienes: 'quienes',
  qien: 'quien',
  cuamto: 'cuanto',
  ma: 'mas',
  wena: 'hola',
  wenas: 'hola',
  holi: 'hola',
  ola: 'hola',
  alo: 'hola',
  exel: 'excel',
  tiket: 'ticket',
  tickets: 'ticket',
  tiquet: 'ticket',
  agotao: 'agotado',
  agotaos: 'agotados',
  acabao: 'acabado',
  aller: 'ayer',
  ayel: 'ayer',
  oy: 'hoy',
  hoi: 'hoy',
  mez: 'mes',
  stok: 'stock',
  estock: 'stock',
  xfa: 'porfa',
  pls: 'porfa',
  plis: 'porfa',
  vendi: 'vendi',
  tb: 'tambien',
  tmb: 'tambien',
  d: 'de',
  x: 'por',
  efect: 'efectivo',
  efec: 'efectivo',
  transf: 'transferencia',
  transfe: 'transferencia',
};

/** The words of a question after normalizing and replacing slang. */
export function palabrasPregunta(texto: string): string[] {
  return palabras(texto).map((w) => SINONIMOS[w] ?? w);
}
