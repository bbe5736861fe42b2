// A discount as the cashier types it at the counter (issue 32, docs/pagos.md «Descuentos»): pesos read
// by the one money reader, or a whole percentage, turned into whole pesos of what it applies to.
import { leerEntero } from '@minimarket/contracts/numeros';
import { formatClp } from '../../../utils/format';
import { type DescuentoEscrito, enPesos } from './carrito';

export const MENSAJE_PORCENTAJE_DESCUENTO = 'El porcentaje debe ser un número entero entre 1 y 100.';
export const MENSAJE_DESCUENTO_CERO = 'El descuento debe ser mayor a $0.';

/**
 * The discount as typed, in whole pesos of `monto`, or why not: a percentage from 1 to 100, pesos
 * read by the one money reader, and always less than the amount (a line never goes to $0).
 */
export function leerDescuento(
  tipo: DescuentoEscrito['tipo'],
  texto: string,
  monto: number,
): { ok: true; descuento: DescuentoEscrito; pesos: number } | { ok: false; mensaje: string } {
  const r = leerEntero(texto, { campo: tipo === 'pesos' ? 'El descuento' : 'El porcentaje', pesos: tipo === 'pesos' });
  if (!r.ok) return { ok: false, mensaje: r.mensaje };
  if (tipo === 'porcentaje' && (r.valor < 1 || r.valor > 100)) return { ok: false, mensaje: MENSAJE_PORCENTAJE_DESCUENTO };
  if (tipo === 'pesos' && r.valor <= 0) return { ok: false, mensaje: MENSAJE_DESCUENTO_CERO };
  const descuento = { tipo, valor: r.valor };
  const pesos = enPesos(descuento, monto);
  if (pesos >= monto) return { ok: false, mensaje: `El descuento debe ser menor que ${formatClp(monto)}.` };
  return { ok: true, descuento, pesos };
}
