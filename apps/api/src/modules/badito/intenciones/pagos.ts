// The payment-method slot: the methods a question names or excludes ("sin tarjeta"), and fiado as a way of selling.
import { METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import type { Coincidencias } from './coincidencias.js';

const METODOS_DE: Record<'efectivo' | 'debito' | 'credito' | 'transferencia' | 'fiado' | 'fiar', MetodoPago> = {
  efectivo: 'Efectivo',
  debito: 'Tarjeta de Débito',
  credito: 'Tarjeta de Crédito',
  transferencia: 'Transferencia Bancaria',
  fiado: 'Fiado',
  fiar: 'Fiado',
};

/**
 * Fiado as a payment method: said with a sale or the average ticket ("¿cuánto vendí fiado hoy?",
 * "ventas fiadas de la semana") or with the verb itself ("¿cuánto fié este mes?"). Not when the
 * question is about what is owed now: a word of the libreta ("debe", "por cobrar") or of having
 * ("¿cuánto tengo fiado?", "¿cuánta plata tengo fiada?") makes it the libreta's question.
 */
export const esVentaFiada = ({ fuerte, tiene }: Coincidencias): boolean =>
  (fuerte('fiar') || (fuerte('fiado') && (fuerte('vender') || fuerte('ticket')))) && !tiene('deuda') && !tiene('existencias');

export interface Pagos {
  /** The concepts that name one payment method (fiado only in a question about selling). */
  conceptosMetodo: ReadonlyArray<keyof typeof METODOS_DE>;
  /** A method named or excluded. */
  hayMetodo: boolean;
  /** The methods a figure is limited to; null: all of them. */
  metodos: MetodoPago[] | null;
  /** How many kinds of method are named (cash, cards, transfer, fiado): two or more ask how the shop is paid. */
  grupos: number;
  /** "Sin efectivo, tarjeta ni transferencia" leaves nothing to count. */
  ninguno: boolean;
}

export function leerMetodos({ indices }: Coincidencias, excluidos: ReadonlySet<number>, ventaFiada: boolean): Pagos {
  const nombrados = (c: keyof typeof METODOS_DE | 'tarjeta', excluido: boolean) => indices(c).some((i) => excluidos.has(i) === excluido);
  const conceptosMetodo = ['efectivo', 'debito', 'credito', 'transferencia', ...(ventaFiada ? (['fiado', 'fiar'] as const) : [])] as const;
  const metodosDe = (excluido: boolean): Set<MetodoPago> => {
    const s = new Set<MetodoPago>();
    for (const c of conceptosMetodo) if (nombrados(c, excluido)) s.add(METODOS_DE[c]);
    if (nombrados('tarjeta', excluido) && !s.has('Tarjeta de Débito') && !s.has('Tarjeta de Crédito')) {
      s.add('Tarjeta de Débito');
      s.add('Tarjeta de Crédito');
    }
    return s;
  };
  const positivos = metodosDe(false);
  const negativos = metodosDe(true);
  const grupos = [
    positivos.has('Efectivo'),
    positivos.has('Tarjeta de Débito') || positivos.has('Tarjeta de Crédito'),
    positivos.has('Transferencia Bancaria'),
    positivos.has('Fiado'),
  ].filter(Boolean).length;
  const elegidos = METODOS_PAGO.filter((m) => (positivos.size > 0 ? positivos.has(m) : true) && !negativos.has(m));
  const ninguno = (positivos.size > 0 || negativos.size > 0) && elegidos.length === 0;
  const hayMetodo = positivos.size > 0 || negativos.size > 0;
  const metodos: MetodoPago[] | null = hayMetodo && elegidos.length < METODOS_PAGO.length ? elegidos : null;
  return { conceptosMetodo, hayMetodo, metodos, grupos, ninguno };
}
