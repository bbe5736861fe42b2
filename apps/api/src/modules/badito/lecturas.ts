// Badito's own figures of the sales: read from the analytics' summaries as a read sees them
// (data/resumen-ventas.ts: the sales that count, venta_contada, the pending days added), in the
// caller's read, over the summaries' shared pieces (cifras, porMetodoPagoHora) and the dead stock of
// Recomendaciones (data/producto-lecturas.ts). Stock, prices, discounts and a cashier's own sales
// are read through data/ directly (badito.service.ts).
import type { MetodoPago } from '@minimarket/contracts/comunes';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { Prisma, type Tx } from '../../db/client.js';
import { productosSinVentas } from '../../data/producto-lecturas.js';
import { cifras, porMetodoPagoHora, type Resumenes } from '../../data/resumen-ventas.js';
import { n, ticket } from '../analitica/consulta.js';

/** Santiago days, inclusive. */
export interface Rango {
  desde: string;
  hasta: string;
}

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
  const consulta = { idMinimarket, desde: r.desde, hasta: r.hasta };
  if (metodos === null) {
    const todas = await cifras(tx, resumenes, consulta);
    return { ventas: todas.ventas, ingresos: todas.ingresos, ticket: ticket(todas) };
  }
  const [f] = await tx.$queryRaw<{ ventas: bigint; ingresos: bigint }[]>`
    SELECT coalesce(sum(ventas), 0)::bigint AS ventas, coalesce(sum(ingresos), 0)::bigint AS ingresos
    FROM ${porMetodoPagoHora(resumenes, consulta)}
    WHERE hora >= ${r.desde}::date AND hora < ${r.hasta}::date + 1 AND metodo_pago IN (${Prisma.join([...metodos])})`;
  const ventas = n(f?.ventas);
  const ingresos = n(f?.ingresos);
  return { ventas, ingresos, ticket: ticket({ ventas, ingresos }) };
}

export interface ProductoVendido {
  nombre_producto: string;
  /** Units, or grams when `unidad` is 'kg' (a product sold by weight). */
  cantidad: number;
  unidad: UnidadVenta;
  ingresos: number;
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
  const top = async (unidad: UnidadVenta) => {
    const columna = Prisma.raw(unidad === 'kg' ? 'gramos' : 'unidades');
    const filas = await tx.$queryRaw<{ nombre_producto: string; cantidad: bigint; ingresos: bigint }[]>`
      SELECT p.nombre_producto, s.cantidad, s.ingresos
      FROM (
        SELECT id_producto, sum(${columna})::bigint AS cantidad, sum(ingresos)::bigint AS ingresos
        FROM ${resumenes.tabla('resumen_producto_dia')}
        WHERE id_minimarket = ${idMinimarket} AND dia BETWEEN ${r.desde}::date AND ${r.hasta}::date
        GROUP BY id_producto
        HAVING sum(${columna}) > 0
      ) s
      JOIN producto p ON p.id_minimarket = ${idMinimarket} AND p.id_producto = s.id_producto
      ORDER BY s.cantidad DESC, s.ingresos DESC, s.id_producto
      LIMIT ${cuantos}`;
    return filas.map((f) => ({ nombre_producto: f.nombre_producto, cantidad: n(f.cantidad), unidad, ingresos: n(f.ingresos) }));
  };
  return { porUnidad: await top('unidad'), aGranel: await top('kg') };
}

export interface UsoMetodoPago {
  metodo_pago: MetodoPago;
  ventas: number;
  ingresos: number;
}

/** Sales per payment method in the range, most used (by number of sales) first; ties by pesos. */
export async function metodosPago(tx: Tx, resumenes: Resumenes, idMinimarket: number, r: Rango): Promise<UsoMetodoPago[]> {
  const filas = await tx.$queryRaw<{ metodo_pago: MetodoPago; ventas: bigint; ingresos: bigint }[]>`
    SELECT metodo_pago, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos
    FROM ${porMetodoPagoHora(resumenes, { idMinimarket, desde: r.desde, hasta: r.hasta })}
    WHERE id_minimarket = ${idMinimarket} AND hora >= ${r.desde}::date AND hora < ${r.hasta}::date + 1
    GROUP BY metodo_pago
    HAVING sum(ventas) > 0
    ORDER BY 2 DESC, 3 DESC, 1`;
  return filas.map((f) => ({ metodo_pago: f.metodo_pago, ventas: n(f.ventas), ingresos: n(f.ingresos) }));
}

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
