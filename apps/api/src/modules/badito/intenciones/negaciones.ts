// Negations: the words that negate, and what each one negates ("sin tarjeta", "no se vende", "no me queda", "no vendí nada").
import type { Coincidencias } from './coincidencias.js';

/** Words that negate. What each one negates decides the question (leerNegaciones below). */
export const NEGACIONES = new Set(['no', 'sin', 'nunca', 'jamas', 'ningun', 'ninguno', 'ninguna', 'nada', 'nadie', 'tampoco', 'ni']);
/** Words that exclude a payment method ("todo menos tarjeta", "sin tarjeta", "no en efectivo"). */
const EXCLUYEN_METODO = new Set(['no', 'sin', 'menos', 'excepto', 'salvo']);
/** Between a negation and what it negates: "no me queda", "no se han vendido", "no fue con tarjeta". */
const ENTRE_NEGACION = new Set([
  'me',
  'nos',
  'se',
  'le',
  'les',
  'te',
  'lo',
  'la',
  'los',
  'las',
  'ya',
  'han',
  'ha',
  'he',
  'hemos',
  'en',
  'con',
  'por',
  'de',
  'el',
  'fue',
  'fueron',
  'sea',
  'sean',
  'es',
  'son',
  'pago',
  'pagado',
  'pagados',
  'pagadas',
  'que',
]);
const MAX_ENTRE_NEGACION = 3;

/** What the negations of a question negate. */
export interface Negaciones {
  /** Words already explained by a negation and what it negates. */
  consumidas: Set<number>;
  /** The payment methods a negation excludes ("sin tarjeta"): their words. */
  excluidos: Set<number>;
  /** A selling verb negated: dead stock ("¿qué no se vende?"). */
  negacionVenta: boolean;
  /** Having negated: sold out ("¿no hay pan?", "no me queda arroz"). */
  negacionExistencia: boolean;
  /** "No vendí nada": whether anything sold, the sales. */
  ventasEnfaticas: boolean;
  /** The negations nothing explains: a question no intent can honour. */
  negacionesLibres: number[];
}

/** A selling verb at word j ("vendí", "sale", "compran"). */
export const esVerboVenta = ({ en }: Coincidencias, j: number) => en(j, 'ventas') || en(j, 'verbosSalida');

/** Each negation with what it negates, found within a few linking words after it. */
export function leerNegaciones(q: Coincidencias, ventaFiada: boolean): Negaciones {
  const { ws, tiene, en, indices } = q;
  /** Words already explained by a negation and what it negates. */
  const consumidas = new Set<number>();

  // Negations: what each one negates, found within a few linking words after it.
  const negadoTras = (i: number, es: (j: number) => boolean): number | null => {
    for (let j = i + 1, entre = 0; j < ws.length && entre <= MAX_ENTRE_NEGACION; j++) {
      if (es(j)) return j;
      if (!ENTRE_NEGACION.has(ws[j]!)) return null;
      entre++;
    }
    return null;
  };
  const consumir = (desde: number, hasta: number) => {
    for (let k = desde; k <= hasta; k++) consumidas.add(k);
  };
  const esMetodo = (j: number) =>
    en(j, 'efectivo') ||
    en(j, 'tarjeta') ||
    en(j, 'debito') ||
    en(j, 'credito') ||
    en(j, 'transferencia') ||
    (ventaFiada && (en(j, 'fiado') || en(j, 'fiar')));
  const esVenta = (j: number) => esVerboVenta(q, j);
  const esExistencia = (j: number) => en(j, 'existencias');

  const excluidos = new Set<number>();
  let negacionVenta = false;
  let negacionExistencia = false;
  ws.forEach((w, i) => {
    if (EXCLUYEN_METODO.has(w)) {
      const j = negadoTras(i, esMetodo);
      if (j !== null) {
        excluidos.add(j);
        consumir(i, j);
        return;
      }
    }
    if (!NEGACIONES.has(w) || w === 'nada') return;
    const venta = negadoTras(i, esVenta);
    if (venta !== null) {
      negacionVenta = true;
      consumir(i, venta);
      return;
    }
    const existencia = negadoTras(i, esExistencia);
    if (existencia !== null) {
      negacionExistencia = true;
      consumir(i, existencia);
    }
  });
  // "nada" emphasises a negation already read: "no vendí nada" asks whether anything sold (sales),
  // "no queda nada de pan" is about pan's stock.
  const hayNada = ws.includes('nada');
  const ventasEnfaticas = hayNada && (negacionVenta || tiene('ventas'));
  if (hayNada && (negacionVenta || negacionExistencia || tiene('ventas'))) ws.forEach((w, i) => w === 'nada' && consumidas.add(i));
  if (ventasEnfaticas) negacionVenta = false;
  // Negations inside a phrase ('sin stock', 'no puedo') are explained by it.
  for (const c of ['agotados', 'sinVentas', 'problema', 'stockBajo'] as const) for (const i of indices(c)) consumidas.add(i);
  const negacionesLibres = ws.flatMap((w, i) => (NEGACIONES.has(w) && !consumidas.has(i) ? [i] : []));
  return { consumidas, excluidos, negacionVenta, negacionExistencia, ventasEnfaticas, negacionesLibres };
}
