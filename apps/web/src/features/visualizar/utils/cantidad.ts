// A product's quantity sold, as the analytics show it (issue #20): units for a product sold by the
// unit, kilos (formatPeso) for one sold by weight; never one number adding both.
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { contarCantidad, formatCantidad } from '@minimarket/contracts/cantidad';
import { celdaCantidad, type Celda } from './tabla-exportable';

interface Vendido {
  unidad: UnidadVenta;
  unidades: number;
  gramos: number;
}

/** What the product sold in its own measure (a product that changed unit may have some of both). */
const partes = (f: Vendido) =>
  f.unidad === 'kg'
    ? [{ cantidad: f.gramos, unidad: 'kg' as const }, ...(f.unidades !== 0 ? [{ cantidad: f.unidades, unidad: 'unidad' as const }] : [])]
    : [{ cantidad: f.unidades, unidad: 'unidad' as const }, ...(f.gramos !== 0 ? [{ cantidad: f.gramos, unidad: 'kg' as const }] : [])];

/** '12 unidades', '12,350 kg'. */
export const cantidadVendida = (f: Vendido) =>
  partes(f)
    .map((p) => contarCantidad(p.cantidad, p.unidad))
    .join(' · ');

/** A table cell: '12' or '12,350 kg'. */
export const celdaVendida = (f: Vendido) =>
  partes(f)
    .map((p) => formatCantidad(p.cantidad, p.unidad))
    .join(' · ');

/** The same for a file: units as a number, kilos as kilos (the product's own measure). */
export const archivoVendido = (f: Vendido): Celda => (f.unidad === 'kg' ? celdaCantidad(f.gramos, 'kg') : f.unidades);
