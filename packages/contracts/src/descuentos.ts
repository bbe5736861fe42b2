// Discounts at the counter (issue 32, docs/pagos.md «Descuentos»): a line's own discount (pesos, or a
// percentage turned into whole pesos) and a discount on the whole cart, spread over the lines to the
// peso. Every discount is stored per line (detalle_venta.descuento), so a return refunds what was paid
// for the units that come back and a nota de crédito is line arithmetic. Integer arithmetic only: the
// till, the offline till and the server agree to the peso.
import { dividirRedondeando } from './costo-promedio.js';

/** A percentage of an amount in whole pesos, half a peso up (10 % of $1.995 = $200). */
export function descuentoPorcentaje(monto: number, porcentaje: number): number {
  if (!Number.isSafeInteger(porcentaje) || porcentaje < 0 || porcentaje > 100) throw new RangeError(`Porcentaje no válido: ${porcentaje}`);
  return dividirRedondeando(monto * porcentaje, 100);
}

/**
 * A discount on the whole cart spread over its lines in proportion to what each line costs after its
 * own discount, to the peso, by largest remainder (Hamilton): each line gets the whole pesos of its
 * share, and the pesos left go one each to the lines with the largest fractions (ties: the larger line,
 * then the earlier one). The shares add up to the discount exactly and none exceeds its line. Lines of
 * $0 get nothing.
 */
export function repartirDescuento(descuento: number, montos: readonly number[]): number[] {
  const total = montos.reduce((s, m) => s + m, 0);
  if (!Number.isSafeInteger(descuento) || descuento < 0 || descuento > total) {
    throw new RangeError(`Descuento no válido: $${descuento} sobre $${total}`);
  }
  if (descuento === 0 || total === 0) return montos.map(() => 0);
  const partes = montos.map((monto, i) => {
    const exacto = monto * descuento; // < 2^53: a cart is at most 500 lines of at most $2.147.483.647
    return { i, monto, entero: Math.floor(exacto / total), resto: exacto % total };
  });
  let quedan = descuento - partes.reduce((s, p) => s + p.entero, 0);
  const orden = [...partes].sort((a, b) => b.resto - a.resto || b.monto - a.monto || a.i - b.i);
  for (const p of orden) {
    if (quedan === 0) break;
    if (p.entero < p.monto) {
      p.entero += 1;
      quedan -= 1;
    }
  }
  return partes.map((p) => p.entero);
}

/** The default cap of what a cashier may discount without the owner's PIN, in percent of the cart. */
export const DESCUENTO_MAXIMO_PCT_POR_DEFECTO = 10;

/**
 * Whether a discount goes past the shop's cap (a percentage of the cart's gross amount): then a
 * cashier needs the owner's PIN (docs/cajeros.md). Exactly at the cap is within it.
 */
export const descuentoSobreTope = (descuento: number, bruto: number, topePct: number) => descuento * 100 > topePct * bruto;
