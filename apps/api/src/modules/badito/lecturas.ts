// The figures Badito reads from a shop. Sales come from the analytics' summaries as a read sees them
// (data/resumen-ventas.ts: the sales that count, venta_contada, the pending days added), in the
// caller's read, through the analytics' own queries (cifras, with its payment-method filter; the
// dead stock of Recomendaciones); stock and prices from the products themselves.
import type { MetodoPago } from '@minimarket/contracts/comunes';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { Prisma } from '../../db/client.js';
import type { Tx } from '../../db/client.js';
import type { Resumenes } from '../../data/resumen-ventas.js';
import { cifras, n, porMetodoPagoHora, ticket } from '../analitica/consulta.js';
import { productosSinVentas } from '../analitica/recomendaciones.js';
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

const PRODUCTO_CATALOGO = {
  id_producto: true,
  nombre_producto: true,
  unidad: true,
  stock: true,
  precio_venta_actual: true,
  precio_compra_actual: true,
  marca: true,
} as const;

/** Active products with no stock left, by name. */
export async function agotados(tx: Tx, idMinimarket: number): Promise<ProductoCatalogo[]> {
  return conUnidad(
    await tx.producto.findMany({
      where: { id_minimarket: idMinimarket, estado: 'activo', stock: { lte: 0 } },
      orderBy: [{ nombre_producto: 'asc' }, { id_producto: 'asc' }],
      select: PRODUCTO_CATALOGO,
    }),
  );
}

/** producto.unidad is a TEXT with a CHECK: 'unidad' or 'kg'. */
const conUnidad = <T extends { unidad: string }>(filas: T[]) => filas.map((f) => ({ ...f, unidad: f.unidad as UnidadVenta }));

/**
 * Active products with low stock by the app's one rule (esStockBajo: some left, fewer than the
 * shop's threshold, which counts kilos for a product sold by weight — the inventory badge and the
 * notices agree): the furthest below the threshold first (stock over the threshold in the product's
 * own measure, so 0,800 kg of 5 kg comes before 3 of 5 units: never grams against units).
 */
export async function stockBajo(tx: Tx, idMinimarket: number, umbral: number): Promise<ProductoCatalogo[]> {
  const filas = await tx.$queryRaw<(ProductoCatalogo & { unidad: string })[]>`
    SELECT id_producto, nombre_producto, unidad, stock, precio_venta_actual, precio_compra_actual, marca
    FROM producto
    WHERE id_minimarket = ${idMinimarket} AND estado = 'activo'
      AND stock > 0 AND stock < ${umbral} * CASE unidad WHEN 'kg' THEN 1000 ELSE 1 END
    ORDER BY stock::numeric / CASE unidad WHEN 'kg' THEN 1000 ELSE 1 END, nombre_producto, id_producto`;
  return conUnidad(filas);
}

/** How many products the database hands to the name matcher (productos.ts), most alike first. */
export const MAX_CANDIDATOS_SQL = 60;
/** A product is a candidate when its name is this alike to some word asked (pg_trgm's word_similarity). */
const SIMILITUD_MINIMA = 0.3;

/**
 * The shop's active products whose name or brand looks like the words asked: the bounded set the
 * name matcher scores, instead of the whole catalogue. Against producto.nombre_busqueda (name and
 * brand, lower case, no accents, as the inventory search): per word of 3+ letters pg_trgm's
 * word_similarity (typos and prefixes: "lehce" finds Leche), one of 2 letters as the start of a word
 * ("té"); a single letter or digit only adds to the order.
 * One statement, over the shop's products only; `palabras` are normalized words (a–z, 0–9).
 */
export async function candidatos(tx: Tx, idMinimarket: number, palabras: readonly string[]): Promise<ProductoCatalogo[]> {
  const filas = await tx.$queryRaw<(ProductoCatalogo & { parecido: number })[]>`
    SELECT p.id_producto, p.nombre_producto, p.unidad, p.stock, p.precio_venta_actual, p.precio_compra_actual, p.marca, w.parecido
    FROM producto p
    CROSS JOIN LATERAL (
      SELECT sum(CASE WHEN length(q) >= 3 THEN word_similarity(q, p.nombre_busqueda)
                      WHEN p.nombre_busqueda ~ ('(^|[^a-z0-9])' || q) THEN 1
                      ELSE 0 END)::float8 AS parecido,
             max(CASE WHEN length(q) >= 3 THEN word_similarity(q, p.nombre_busqueda)
                      WHEN length(q) = 2 AND p.nombre_busqueda ~ ('(^|[^a-z0-9])' || q) THEN 1
                      ELSE 0 END)::float8 AS mejor
      FROM unnest(${[...palabras]}::text[]) AS q
    ) w
    WHERE p.id_minimarket = ${idMinimarket} AND p.estado = 'activo' AND w.mejor >= ${SIMILITUD_MINIMA}
    ORDER BY w.parecido DESC, p.id_producto
    LIMIT ${MAX_CANDIDATOS_SQL}`;
  return filas.map(({ parecido: _, ...p }) => p);
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

export async function umbralStockBajo(tx: Tx, idMinimarket: number): Promise<number> {
  const m = await tx.minimarket.findUniqueOrThrow({ where: { id_minimarket: idMinimarket }, select: { umbral_stock_bajo: true } });
  return m.umbral_stock_bajo;
}

/**
 * A cashier's own sales today (docs/cajeros.md): the sales that count (venta_contada, the one
 * definition) this person sold since Santiago's midnight, and what they brought in.
 */
export async function ventasPropiasHoy(tx: Tx, idMinimarket: number, idUsuario: number, hoy: string): Promise<CifrasVentas> {
  const [f] = await tx.$queryRaw<{ ventas: bigint; ingresos: bigint }[]>`
    SELECT count(*)::bigint AS ventas, coalesce(sum(ingreso), 0)::bigint AS ingresos FROM venta_contada
    WHERE id_minimarket = ${idMinimarket} AND id_vendedor = ${idUsuario}
      AND fecha_venta >= (${hoy}::date)::timestamp AT TIME ZONE 'America/Santiago'
      AND fecha_venta < (${hoy}::date + 1)::timestamp AT TIME ZONE 'America/Santiago'`;
  const ventas = n(f?.ventas);
  const ingresos = n(f?.ingresos);
  return { ventas, ingresos, ticket: ticket({ ventas, ingresos }) };
}

/**
 * Discounts given in a range of Santiago days: the pesos off the lines of the sales that count
 * (venta_contada, the one definition) and how many of those sales had any.
 */
export async function descuentosDe(tx: Tx, idMinimarket: number, r: Rango): Promise<{ descuento: number; ventas: number }> {
  const [f] = await tx.$queryRaw<{ descuento: bigint; ventas: bigint }[]>`
    SELECT coalesce(sum(d.descuento), 0)::bigint AS descuento, count(DISTINCT d.id_venta)::bigint AS ventas
    FROM venta_contada v
    JOIN detalle_venta d ON d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta AND d.descuento > 0
    WHERE v.id_minimarket = ${idMinimarket}
      AND v.fecha_venta >= (${r.desde}::date)::timestamp AT TIME ZONE 'America/Santiago'
      AND v.fecha_venta < (${r.hasta}::date + 1)::timestamp AT TIME ZONE 'America/Santiago'`;
  return { descuento: n(f?.descuento), ventas: n(f?.ventas) };
}
