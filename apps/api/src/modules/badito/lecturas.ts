// The figures Badito reads from a shop. Sales come from the analytics' summaries as a read sees them
// (data/resumen-ventas.ts: the sales that count, venta_contada, the pending days added), in the
// caller's read; stock and prices from the products themselves.
import type { MetodoPago } from '@minimarket/contracts/comunes';
import type { Tx } from '../../db/client.js';
import type { Resumenes } from '../../data/resumen-ventas.js';
import { cifras, n, ticket } from '../analitica/consulta.js';
import type { ProductoCatalogo } from './productos.js';

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

export async function cifrasVentas(tx: Tx, resumenes: Resumenes, idMinimarket: number, r: Rango): Promise<CifrasVentas> {
  const x = await cifras(tx, resumenes, { idMinimarket, desde: r.desde, hasta: r.hasta });
  return { ventas: x.ventas, ingresos: x.ingresos, ticket: ticket(x) };
}

export interface ProductoVendido {
  nombre_producto: string;
  unidades: number;
  ingresos: number;
}

/** The products sold most by units in the range (ties: more pesos, then lower id). */
export async function masVendidos(
  tx: Tx,
  resumenes: Resumenes,
  idMinimarket: number,
  r: Rango,
  cuantos: number,
): Promise<ProductoVendido[]> {
  const filas = await tx.$queryRaw<{ nombre_producto: string; unidades: bigint; ingresos: bigint }[]>`
    SELECT p.nombre_producto, s.unidades, s.ingresos
    FROM (
      SELECT id_producto, sum(unidades)::bigint AS unidades, sum(ingresos)::bigint AS ingresos
      FROM ${resumenes.tabla('resumen_producto_dia')}
      WHERE id_minimarket = ${idMinimarket} AND dia BETWEEN ${r.desde}::date AND ${r.hasta}::date
      GROUP BY id_producto
      HAVING sum(unidades) > 0
    ) s
    JOIN producto p ON p.id_producto = s.id_producto
    ORDER BY s.unidades DESC, s.ingresos DESC, s.id_producto
    LIMIT ${cuantos}`;
  return filas.map((f) => ({ nombre_producto: f.nombre_producto, unidades: n(f.unidades), ingresos: n(f.ingresos) }));
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
    FROM ${resumenes.tabla('resumen_venta_hora')}
    WHERE id_minimarket = ${idMinimarket} AND hora >= ${r.desde}::date AND hora < ${r.hasta}::date + 1
    GROUP BY metodo_pago
    HAVING sum(ventas) > 0
    ORDER BY 2 DESC, 3 DESC, 1`;
  return filas.map((f) => ({ metodo_pago: f.metodo_pago, ventas: n(f.ventas), ingresos: n(f.ingresos) }));
}

const PRODUCTO_CATALOGO = { id_producto: true, nombre_producto: true, stock: true, precio_venta_actual: true } as const;

/** Active products with no stock left, by name. */
export function agotados(tx: Tx, idMinimarket: number): Promise<ProductoCatalogo[]> {
  return tx.producto.findMany({
    where: { id_minimarket: idMinimarket, estado: 'activo', stock: { lte: 0 } },
    orderBy: [{ nombre_producto: 'asc' }, { id_producto: 'asc' }],
    select: PRODUCTO_CATALOGO,
  });
}

/**
 * Active products with low stock by the app's one rule (esStockBajo: some left, fewer than the
 * shop's threshold — the inventory badge and the notices agree): fewest units first.
 */
export function stockBajo(tx: Tx, idMinimarket: number, umbral: number): Promise<ProductoCatalogo[]> {
  return tx.producto.findMany({
    where: { id_minimarket: idMinimarket, estado: 'activo', stock: { gt: 0, lt: umbral } },
    orderBy: [{ stock: 'asc' }, { nombre_producto: 'asc' }, { id_producto: 'asc' }],
    select: PRODUCTO_CATALOGO,
  });
}

/** The shop's active products, to find the one a question names. */
export function catalogo(tx: Tx, idMinimarket: number): Promise<ProductoCatalogo[]> {
  return tx.producto.findMany({
    where: { id_minimarket: idMinimarket, estado: 'activo' },
    orderBy: { id_producto: 'asc' },
    select: PRODUCTO_CATALOGO,
  });
}

export async function umbralStockBajo(tx: Tx, idMinimarket: number): Promise<number> {
  const m = await tx.minimarket.findUniqueOrThrow({ where: { id_minimarket: idMinimarket }, select: { umbral_stock_bajo: true } });
  return m.umbral_stock_bajo;
}
