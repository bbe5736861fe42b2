// How a quantity and a price read on screen for either way of selling (issue #20, docs/granel.md):
// a unit product as today ('3', '$1.990'), a kg product in kilos with a decimal comma
// ('0,350 kg', '$8.990/kg'). Only wrappers over the contracts' one formatter and readers, so
// every screen says a weight the same way. Shared: Nueva venta, Inventario, Transacciones and the
// receipt use them, and any other feature may.
import {
  formatPeso,
  leerCantidadUnidad,
  leerPeso,
  leerPesoOCero as leerPesoOCeroContrato,
  type UnidadVenta,
} from '@minimarket/contracts/granel';
import { LIMITES_PRODUCTO } from '@minimarket/contracts/reglas';
import { formatClp, formatEntero } from '../utils/format';

/** Whether a product (or a sale line) counts grams. An old record without `unidad` is a unit one. */
export const esGranel = (x: { unidad?: UnidadVenta | null }) => x.unidad === 'kg';

/** A quantity as the screens show it: grams as '0,350 kg', units as '1.234'. */
export function formatCantidadBreve(cantidad: number, unidad: UnidadVenta | undefined): string {
  return unidad === 'kg' ? formatPeso(cantidad) : formatEntero(cantidad);
}

/** A price with what it is for: '$8.990/kg' for a kg product, '$1.990' for a unit one. */
export function formatPrecio(precio: number, unidad: UnidadVenta | undefined): string {
  return unidad === 'kg' ? `${formatClp(precio)}/kg` : formatClp(precio);
}

export type LecturaCantidad = { ok: true; valor: number } | { ok: false; mensaje: string };

/**
 * A quantity typed for a product, in its own unit: grams through leerPeso for kg ('0,350',
 * '350 g'), whole units through leerCantidadUnidad otherwise ('1,5' refused). The contracts'
 * messages are returned as they are.
 */
export function leerCantidad(texto: string, unidad: UnidadVenta | undefined, opciones: { maximo?: number } = {}): LecturaCantidad {
  if (unidad === 'kg') {
    const r = leerPeso(texto, opciones);
    return r.ok ? { ok: true, valor: r.gramos } : r;
  }
  const r = leerCantidadUnidad(texto);
  return r.ok ? { ok: true, valor: r.valor } : { ok: false, mensaje: r.mensaje };
}

/** The most a stock may hold, in grams for a kg product (a line stops at 99,999 kg; a shelf may hold more). */
export const MAX_GRAMOS_STOCK = LIMITES_PRODUCTO.stock;

/** A kg quantity that may be zero (a stock, a count): the contracts' leerPesoOCero, as the forms read it. */
export function leerPesoOCero(texto: string): LecturaCantidad {
  const r = leerPesoOCeroContrato(texto);
  return r.ok ? { ok: true, valor: r.gramos } : r;
}

/**
 * A mixed quantity in words: '3 unidades', '0,350 kg', '2 unidades y 1,250 kg'. Units and grams
 * are never added together (a cart's footer, a return's confirmation).
 */
export function resumenCantidades(unidades: number, gramos: number): string {
  const partes: string[] = [];
  if (unidades > 0 || gramos === 0) partes.push(`${formatEntero(unidades)} ${unidades === 1 ? 'unidad' : 'unidades'}`);
  if (gramos > 0) partes.push(formatPeso(gramos));
  return partes.join(' y ');
}
