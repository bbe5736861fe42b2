// A product's quantity as people read it, whether it is sold by the unit or by weight (issue #20):
// units as whole numbers, a kg product's grams as kilos through granel's one formatter (formatPeso).
// Used by every figure beyond the counter: analytics, Recomendaciones, Badito, notices, exports.
import { contar } from './formato.js';
import { formatPeso, type UnidadVenta } from './granel.js';

const entero = new Intl.NumberFormat('es-CL');

/** '12' or '0,350 kg': a table cell. */
export const formatCantidad = (cantidad: number, unidad: UnidadVenta): string =>
  unidad === 'kg' ? formatPeso(cantidad) : entero.format(cantidad);

/** '12 unidades', '1 unidad' or '0,350 kg': a sentence. */
export const contarCantidad = (cantidad: number, unidad: UnidadVenta): string =>
  unidad === 'kg' ? formatPeso(cantidad) : contar(cantidad, 'unidad', 'unidades');

/**
 * Grams as kilos for a spreadsheet cell, without ' kg' (the unit goes in a column of its own):
 * '0,350', '1.250,000' — as a Chilean Excel reads a number.
 */
export const kilosEnCelda = (gramos: number): string => formatPeso(gramos).replace(/ kg$/, '');

/**
 * How many of a product's base measure make one of the shop's low-stock threshold: the threshold
 * counts units, or kilos for a kg product whose stock is grams (reglas.esStockBajo). In SQL the
 * same factor is `CASE unidad WHEN 'kg' THEN 1000 ELSE 1 END`.
 */
export const factorUmbral = (unidad: UnidadVenta): number => (unidad === 'kg' ? 1000 : 1);
