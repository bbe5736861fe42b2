// Badito's own figures of the sales: read from the analytics' summaries as a read sees them
// (data/resumen-ventas.ts: the sales that count, venta_contada, the pending days added), in the
// caller's read. The statements are data/'s: the totals of a period (cifras, the analytics' own),
// those of some payment methods, the best sellers and the methods used (data/resumenes-analitica.ts)
// and the dead stock of Recomendaciones (data/producto-lecturas.ts); here they get the shape of
// Badito's answers. Stock, prices, discounts and a cashier's own sales are read through data/
// directly (badito.service.ts).
import type { MetodoPago } from '@minimarket/contracts/comunes';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import type { Tx } from '../../db/client.js';
import { productosSinVentas } from '../../data/producto-lecturas.js';
import { cifras, type Resumenes } from '../../data/resumen-ventas.js';
import {
  masVendidosPor,
  usoMetodosPago,
  ventasDeMetodos,
  type ProductoVendido,
  type Rango,
  type UsoMetodoPago,
} from '../../data/resumenes-analitica.js';
import { ticket } from '../analitica/consulta.js';

export type { ProductoVendido, Rango, UsoMetodoPago };

export interface CifrasVentas {
  ventas: number;
  ingresos: number;
  ticket: number;
}

/**
 * Sales and revenue of the range, of every payment method (the analytics' cifras) or only of
 * `metodos`: the analytics' figures by method, part by part (porMetodoPagoHora: the cash part of a
 * split sale is cash sold).
 */
export async function cifrasVentas(
  tx: Tx,
  resumenes: Resumenes,
  idMinimarket: number,
  r: Rango,
  metodos: readonly MetodoPago[] | null = null,
): Promise<CifrasVentas> {
  if (metodos === null) {
    const todas = await cifras(tx, resumenes, { idMinimarket, desde: r.desde, hasta: r.hasta });
    return { ventas: todas.ventas, ingresos: todas.ingresos, ticket: ticket(todas) };
  }
  const { ventas, ingresos } = await ventasDeMetodos(tx, resumenes, idMinimarket, r, metodos);
  return { ventas, ingresos, ticket: ticket({ ventas, ingresos }) };
}

/**
 * The products sold most in the range, kept apart (units are never added to or ranked against
 * grams): by units among the lines sold by the unit, and by grams among those sold by weight
 * (ties: more pesos, then lower id).
 */
export async function masVendidos(
  tx: Tx,
  resumenes: Resumenes,
  idMinimarket: number,
  r: Rango,
  cuantos: number,
): Promise<{ porUnidad: ProductoVendido[]; aGranel: ProductoVendido[] }> {
  return {
    porUnidad: await masVendidosPor(tx, resumenes, idMinimarket, r, 'unidad', cuantos),
    aGranel: await masVendidosPor(tx, resumenes, idMinimarket, r, 'kg', cuantos),
  };
}

/** Sales per payment method in the range, most used (by number of sales) first; ties by pesos. */
export const metodosPago = (tx: Tx, resumenes: Resumenes, idMinimarket: number, r: Rango): Promise<UsoMetodoPago[]> =>
  usoMetodosPago(tx, resumenes, idMinimarket, r);

export interface ProductoSinVentas {
  nombre_producto: string;
  /** Units, or grams for a product sold by weight. */
  stock: number;
  unidad: UnidadVenta;
}

/** Recomendaciones' dead stock (productosSinVentas), most capital tied up first. */
export async function sinVentas(tx: Tx, resumenes: Resumenes, idMinimarket: number, hoy: string): Promise<ProductoSinVentas[]> {
  const filas = await productosSinVentas(tx, resumenes, idMinimarket, hoy);
  return filas.map((f) => ({ nombre_producto: f.nombre_producto, stock: f.stock, unidad: f.unidad }));
}
