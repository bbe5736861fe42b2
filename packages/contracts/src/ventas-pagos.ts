// Pago dividido (docs/pagos.md): what a sale or a return was paid with, part by part, and the cash
// arithmetic of a payment (Ley 20.956: the cash part is paid rounded to the ten; redondeo.ts).
import { z } from 'zod';
import { METODOS_PAGO } from './comunes.js';
import { formatClp } from './formato.js';
import { redondearEfectivo, redondeoEfectivo } from './redondeo.js';

/**
 * One part of what a sale was paid with (pago dividido, docs/pagos.md): a sale paid one way has one
 * part, its method and total; a split sale ('Mixto') one per method. A return says the same of what
 * it gave back (fiado first, then cash, then the rest).
 */
export const pagoSchema = z.object({ metodo_pago: z.enum(METODOS_PAGO), monto: z.number().int() }).meta({ id: 'PagoVenta' });
export type Pago = z.infer<typeof pagoSchema>;

export const MENSAJE_PAGO_SIN_METODO = 'Elige el método de pago.';
export const MENSAJE_PAGO_PARTE_CERO = 'Cada parte del pago debe ser mayor a $0.';
export const MENSAJE_PAGO_METODO_REPETIDO = 'Cada método de pago puede ir una sola vez en un pago dividido.';
export const MENSAJE_PAGO_METODO_DISTINTO = 'El método de pago no coincide con las partes del pago.';
export const mensajePagosNoSuman = (suma: number, total: number) =>
  `Las partes del pago suman ${formatClp(suma)} y el total de la venta es ${formatClp(total)}.`;
export const mensajeRecibidoParteEfectivo = (efectivo: number) =>
  `La cantidad recibida es menor que la parte en efectivo (${formatClp(efectivo)}).`;

/** The cash part of a payment (0 without one), exact: what the lines of it add up to. */
export const parteEfectivo = (pagos: readonly Pago[]) => pagos.find((p) => p.metodo_pago === 'Efectivo')?.monto ?? 0;

/**
 * What the cash part of a payment is paid with (Ley 20.956, redondeo.ts): the exact cash part rounded
 * to the ten. A split of $2.005 cash + $1.142 debit pays $2.000 in cash; without cash, 0.
 */
export const efectivoAPagar = (pagos: readonly Pago[]) => redondearEfectivo(parteEfectivo(pagos));

/** What the rounding of a payment's cash part adds (+) or takes (−): Venta.redondeo. */
export const redondeoDePagos = (pagos: readonly Pago[]) => redondeoEfectivo(parteEfectivo(pagos));

/** The change handed back: out of the rounded cash part only (null when no cash was handed over). */
export const vueltoDeVenta = (v: { monto_recibido?: number | null; pagos: readonly Pago[] }) =>
  typeof v.monto_recibido === 'number' ? v.monto_recibido - efectivoAPagar(v.pagos) : null;

/** How a payment reads on one line: 'Efectivo', or 'Efectivo $3.000 + Fiado $5.000' when split. */
export const textoPagos = (pagos: readonly Pago[]) =>
  pagos.length === 1 ? pagos[0]!.metodo_pago : pagos.map((p) => `${p.metodo_pago} ${formatClp(p.monto)}`).join(' + ');
