// What is left to return of a sale, and reading the return form: a product's units may not go
// past what was sold minus what earlier returns took back (the server answers 409 beyond that).
import type { Venta } from '@minimarket/contracts/ventas';
import { contar } from '../../../utils/format';

export interface LineaDevolucion {
  id_producto: number;
  nombre_producto: string;
  /** The price paid, the refund's unit price. */
  precio_unitario: number;
  vendidas: number;
  devueltas: number;
  /** vendidas − devueltas. */
  porDevolver: number;
}

export const MENSAJE_SIN_UNIDADES = 'Elige al menos una unidad para devolver.';
export const MENSAJE_CANTIDAD_ENTERA = 'La cantidad debe ser un número entero.';

/** One line per product of the sale (a product sold in two lines is added up), in the sale's order. */
export function lineasDevolucion(venta: Pick<Venta, 'detalles' | 'devoluciones'>): LineaDevolucion[] {
  const lineas = new Map<number, LineaDevolucion>();
  for (const d of venta.detalles) {
    const linea = lineas.get(d.id_producto);
    if (linea) linea.vendidas += d.num_unidades;
    else
      lineas.set(d.id_producto, {
        id_producto: d.id_producto,
        nombre_producto: d.nombre_producto,
        precio_unitario: d.precio_unitario,
        vendidas: d.num_unidades,
        devueltas: 0,
        porDevolver: 0,
      });
  }
  for (const dev of venta.devoluciones ?? []) {
    for (const d of dev.detalles) {
      const linea = lineas.get(d.id_producto);
      if (linea) linea.devueltas += d.num_unidades;
    }
  }
  for (const linea of lineas.values()) linea.porDevolver = Math.max(0, linea.vendidas - linea.devueltas);
  return [...lineas.values()];
}

/** Whether anything of the sale can still be returned. */
export function quedaPorDevolver(venta: Pick<Venta, 'detalles' | 'devoluciones'>): boolean {
  return lineasDevolucion(venta).some((l) => l.porDevolver > 0);
}

export type LecturaDevolucion =
  | { ok: true; detalles: Array<{ id_producto: number; num_unidades: number }>; unidades: number; total: number }
  | { ok: false; errores: Record<number, string>; mensaje?: string };

/** The server's own sentence for going past what is left (its 409). */
export function mensajeMaximo(linea: LineaDevolucion): string {
  const verbo = linea.porDevolver === 1 ? 'queda' : 'quedan';
  return `De "${linea.nombre_producto}" ${verbo} ${contar(linea.porDevolver, 'unidad', 'unidades')} por devolver.`;
}

/**
 * The form's quantities (text as typed, by product; blank is zero) checked against what is left:
 * the lines to send, their units and the refund at the price paid, or the error of each line.
 */
export function leerDevolucion(lineas: LineaDevolucion[], cantidades: Record<number, string>): LecturaDevolucion {
  const errores: Record<number, string> = {};
  const detalles: Array<{ id_producto: number; num_unidades: number }> = [];
  let unidades = 0;
  let total = 0;
  for (const linea of lineas) {
    const texto = (cantidades[linea.id_producto] ?? '').trim().replace(/\./g, '');
    if (texto === '') continue;
    if (!/^\d+$/.test(texto)) {
      errores[linea.id_producto] = MENSAJE_CANTIDAD_ENTERA;
      continue;
    }
    const n = Number(texto);
    if (n === 0) continue;
    if (n > linea.porDevolver) {
      errores[linea.id_producto] = mensajeMaximo(linea);
      continue;
    }
    detalles.push({ id_producto: linea.id_producto, num_unidades: n });
    unidades += n;
    total += n * linea.precio_unitario;
  }
  if (Object.keys(errores).length > 0) return { ok: false, errores };
  if (detalles.length === 0) return { ok: false, errores, mensaje: MENSAJE_SIN_UNIDADES };
  return { ok: true, detalles, unidades, total };
}
