// The reports read from the analytics' summaries (resumen-ventas.ts), as one read sees them
// (`Resumenes`: the days summed, plus the pending days added from their lines): the figures by
// period, category and payment method, the ranking of products, the weekday-hour map, its peak
// hours and the cube; the recommendations' sales per product; and Badito's own figures (sales of
// some payment methods, the best sellers, the methods used). Each is one statement over the
// summaries' shared pieces (porHora, porCategoriaHora, porMetodoPagoHora, donde), and here beside
// them so every statement that reads the summaries is in data/ (issue 33); the modules shape what
// these return (modules/analitica, modules/badito).
import { DIAS_ABC, DIAS_VELOCIDAD, type Cubo, type PorCategoria, type PorMetodoPago, type Ranking } from '@minimarket/contracts/analitica';
import type { MetodoPago } from '@minimarket/contracts/comunes';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { Prisma, type Tx } from '../db/client.js';
import { desplazarDia } from '../lib/tiempo.js';
import type { ProductoBase } from './producto-lecturas.js';
import { donde, n, porCategoriaHora, porHora, porMetodoHora, porMetodoPagoHora, type Consulta, type Resumenes } from './resumen-ventas.js';

/** How a series groups its days, and the unit of date_trunc for each. */
const UNIDAD_SQL = { dia: 'day', semana: 'week', mes: 'month' } as const;
export type Agrupacion = keyof typeof UNIDAD_SQL;

/** Sales, pesos, units and grams of one period of a series, named by its first day ('YYYY-MM-DD'). */
export interface CifrasDePeriodo {
  periodo: string;
  ventas: number;
  ingresos: number;
  unidades: number;
  gramos: number;
}

/** Every period of the range, zeros included, oldest first; a period is named by its first day (weeks from Monday). */
export async function cifrasPorPeriodo(tx: Tx, r: Resumenes, c: Consulta, agrupar: Agrupacion): Promise<CifrasDePeriodo[]> {
  const unidad = UNIDAD_SQL[agrupar];
  const filas = await tx.$queryRaw<{ periodo: string; ventas: bigint; ingresos: bigint; unidades: bigint; gramos: bigint }[]>`
    WITH periodos AS (
      SELECT generate_series(date_trunc(${unidad}, ${c.desde}::date), date_trunc(${unidad}, ${c.hasta}::date),
                             ('1 ' || ${unidad})::interval)::date AS periodo
    ), datos AS (
      SELECT date_trunc(${unidad}, hora)::date AS periodo, sum(ventas) AS ventas, sum(ingresos) AS ingresos,
             sum(unidades) AS unidades, sum(gramos) AS gramos
      FROM ${porHora(r, c)} WHERE ${donde(c)} GROUP BY 1
    )
    SELECT to_char(p.periodo, 'YYYY-MM-DD') AS periodo, coalesce(d.ventas, 0)::bigint AS ventas,
           coalesce(d.ingresos, 0)::bigint AS ingresos, coalesce(d.unidades, 0)::bigint AS unidades,
           coalesce(d.gramos, 0)::bigint AS gramos
    FROM periodos p LEFT JOIN datos d USING (periodo) ORDER BY p.periodo`;
  return filas.map((f) => ({
    periodo: f.periodo,
    ventas: n(f.ventas),
    ingresos: n(f.ingresos),
    unidades: n(f.unidades),
    gramos: n(f.gramos),
  }));
}

/** The categories sold in the range, most pesos first; `ventas` counts the sales with a line of each. */
export async function cifrasPorCategoria(tx: Tx, r: Resumenes, c: Consulta): Promise<PorCategoria> {
  const filas = await tx.$queryRaw<
    { categoria: PorCategoria[number]['categoria']; ventas: bigint; ingresos: bigint; unidades: bigint; gramos: bigint }[]
  >`
    SELECT categoria, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos, sum(unidades)::bigint AS unidades,
           sum(gramos)::bigint AS gramos
    FROM ${porCategoriaHora(r, c)} WHERE ${donde(c)}
    GROUP BY categoria ORDER BY sum(ingresos) DESC, categoria`;
  return filas.map((f) => ({
    categoria: f.categoria,
    ventas: n(f.ventas),
    ingresos: n(f.ingresos),
    unidades: n(f.unidades),
    gramos: n(f.gramos),
  }));
}

/**
 * Grouped by payment method, part by part (a split sale in each of its methods: porMetodoPagoHora).
 * With a category filter, from that category's lines: a line cannot be split by method, so split
 * sales stay together under 'Mixto'.
 */
export async function cifrasPorMetodoPago(tx: Tx, r: Resumenes, c: Consulta): Promise<PorMetodoPago> {
  const filas = await tx.$queryRaw<{ metodo_pago: PorMetodoPago[number]['metodo_pago']; ventas: bigint; ingresos: bigint }[]>`
    SELECT metodo_pago, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos
    FROM ${c.categoria ? porMetodoHora(r, c) : porMetodoPagoHora(r, c)} WHERE ${donde(c)}
    GROUP BY metodo_pago ORDER BY sum(ingresos) DESC, metodo_pago`;
  return filas.map((f) => ({ metodo_pago: f.metodo_pago, ventas: n(f.ventas), ingresos: n(f.ingresos) }));
}

/** What each ranking orders by, and which products it lists: units and grams are never ranked together. */
const RANKING = {
  ingresos: { columna: 'ingresos', unidad: null },
  unidades: { columna: 'unidades', unidad: 'unidad' },
  kilos: { columna: 'gramos', unidad: 'kg' },
} as const;
export type OrdenRanking = keyof typeof RANKING;

/**
 * The products sold in the range by pesos (all of them), by units (those sold by the unit) or by
 * kilos (those sold by weight); ties by product id, so pages are stable.
 */
export async function rankingProductos(
  tx: Tx,
  r: Resumenes,
  c: Consulta,
  por: OrdenRanking,
  orden: 'asc' | 'desc',
  limite: number,
): Promise<Ranking> {
  const { columna, unidad } = RANKING[por];
  const sentido = Prisma.raw(orden === 'asc' ? 'ASC' : 'DESC');
  const filas = await tx.$queryRaw<
    {
      id_producto: number;
      nombre_producto: string;
      categoria: Ranking[number]['categoria'];
      unidad: Ranking[number]['unidad'];
      ingresos: bigint;
      unidades: bigint;
      gramos: bigint;
    }[]
  >`
    SELECT s.id_producto, p.nombre_producto, p.categoria, p.unidad, s.ingresos, s.unidades, s.gramos
    FROM (
      SELECT id_producto, sum(ingresos)::bigint AS ingresos, sum(unidades)::bigint AS unidades, sum(gramos)::bigint AS gramos
      FROM ${r.tabla('resumen_producto_dia')}
      WHERE id_minimarket = ${c.idMinimarket} AND dia BETWEEN ${c.desde}::date AND ${c.hasta}::date
        ${c.categoria ? Prisma.sql`AND categoria = ${c.categoria}` : Prisma.empty}
        ${c.metodoPago ? Prisma.sql`AND metodo_pago = ${c.metodoPago}` : Prisma.empty}
      GROUP BY id_producto
    ) s
    JOIN producto p ON p.id_minimarket = ${c.idMinimarket} AND p.id_producto = s.id_producto
    ${unidad ? Prisma.sql`WHERE p.unidad = ${unidad}` : Prisma.empty}
    ORDER BY s.${Prisma.raw(columna)} ${sentido}, s.id_producto
    LIMIT ${limite}`;
  return filas.map((f) => ({ ...f, ingresos: n(f.ingresos), unidades: n(f.unidades), gramos: n(f.gramos) }));
}

/** A weekday (1 = lunes) and hour of Santiago's clock, with its sales and pesos. */
export interface CeldaHora {
  dia_semana: number;
  hora: number;
  ventas: number;
  ingresos: number;
}

/** All 168 cells, weekday by hour, zeros included, in order. */
export async function mapaCalorSemana(tx: Tx, r: Resumenes, c: Consulta): Promise<CeldaHora[]> {
  const filas = await tx.$queryRaw<{ dia_semana: number; hora: number; ventas: bigint; ingresos: bigint }[]>`
          WITH datos AS (
            SELECT date_part('isodow', hora)::int AS dia_semana, date_part('hour', hora)::int AS hora,
                   sum(ventas) AS ventas, sum(ingresos) AS ingresos
            FROM ${porHora(r, c)} WHERE ${donde(c)} GROUP BY 1, 2
          )
          SELECT d AS dia_semana, h AS hora, coalesce(datos.ventas, 0)::bigint AS ventas, coalesce(datos.ingresos, 0)::bigint AS ingresos
          FROM generate_series(1, 7) AS d CROSS JOIN generate_series(0, 23) AS h
          LEFT JOIN datos ON datos.dia_semana = d AND datos.hora = h
          ORDER BY d, h`;
  return filas.map((f) => ({ dia_semana: f.dia_semana, hora: f.hora, ventas: n(f.ventas), ingresos: n(f.ingresos) }));
}

/** The weekday-hour cells with most sales (then most pesos), only cells that sold. */
export async function horasPeak(tx: Tx, r: Resumenes, c: Consulta, cuantas = 3): Promise<CeldaHora[]> {
  const filas = await tx.$queryRaw<{ dia_semana: number; hora: number; ventas: bigint; ingresos: bigint }[]>`
    SELECT date_part('isodow', hora)::int AS dia_semana, date_part('hour', hora)::int AS hora,
           sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos
    FROM ${porHora(r, c)} WHERE ${donde(c)}
    GROUP BY 1, 2 HAVING sum(ventas) > 0
    ORDER BY 3 DESC, 4 DESC, 1, 2
    LIMIT ${cuantas}`;
  return filas.map((r) => ({ dia_semana: r.dia_semana, hora: r.hora, ventas: n(r.ventas), ingresos: n(r.ingresos) }));
}

/** categoría × día de la semana × hora with pesos, units (and grams apart) and margin; only the cells that sold, unordered. */
export async function celdasCubo(tx: Tx, r: Resumenes, c: Consulta): Promise<Cubo['celdas']> {
  const filas = await tx.$queryRaw<
    {
      categoria: Cubo['categorias'][number];
      dia_semana: number;
      hora: number;
      ingresos: bigint;
      unidades: bigint;
      gramos: bigint;
      margen: bigint;
    }[]
  >`
          SELECT categoria, date_part('isodow', hora)::int AS dia_semana, date_part('hour', hora)::int AS hora,
                 sum(ingresos)::bigint AS ingresos, sum(unidades)::bigint AS unidades, sum(gramos)::bigint AS gramos,
                 (sum(ingresos_con_costo) - sum(costo))::bigint AS margen
          FROM ${porCategoriaHora(r, c)} WHERE ${donde(c)}
          GROUP BY 1, 2, 3 HAVING sum(lineas) > 0`;
  return filas.map((f) => ({
    ...f,
    ingresos: n(f.ingresos),
    unidades: n(f.unidades),
    gramos: n(f.gramos),
    margen: n(f.margen),
  }));
}

/** A product sold in the recommendations' windows: its sums (bigint) and the product as it is today. */
export type VentasDeProducto = ProductoBase & {
  stock: number;
  estado: string;
  unidades_28: bigint;
  ingresos_28: bigint;
  unidades_previo: bigint;
  gramos_28: bigint;
  gramos_previo: bigint;
  ingresos_90: bigint;
};

/**
 * Per product sold in the last DIAS_ABC days up to `hoy`, in one pass over its daily summaries:
 * units (and grams, apart) and pesos of the last DIAS_VELOCIDAD days, units and grams of the
 * DIAS_VELOCIDAD before, pesos of the DIAS_ABC; with the product as it is today. (The 90 days of the
 * ABC hold the 56 of the other two.)
 */
export function ventasPorProducto(tx: Tx, r: Resumenes, idMinimarket: number, hoy: string): Promise<VentasDeProducto[]> {
  const inicio = (dias: number) => desplazarDia(hoy, -(dias - 1));
  const desde28 = inicio(DIAS_VELOCIDAD);
  const desdePrevio = inicio(2 * DIAS_VELOCIDAD);
  const hastaPrevio = desplazarDia(hoy, -DIAS_VELOCIDAD);
  return tx.$queryRaw<VentasDeProducto[]>`
    SELECT p.id_producto, p.nombre_producto, p.categoria, p.codigo_barra, p.unidad, p.stock, p.estado,
           r.unidades_28, r.ingresos_28, r.unidades_previo, r.gramos_28, r.gramos_previo, r.ingresos_90
    FROM (
      SELECT id_producto,
             coalesce(sum(unidades) FILTER (WHERE dia >= ${desde28}::date), 0)::bigint AS unidades_28,
             coalesce(sum(ingresos) FILTER (WHERE dia >= ${desde28}::date), 0)::bigint AS ingresos_28,
             coalesce(sum(unidades) FILTER (WHERE dia BETWEEN ${desdePrevio}::date AND ${hastaPrevio}::date), 0)::bigint AS unidades_previo,
             coalesce(sum(gramos) FILTER (WHERE dia >= ${desde28}::date), 0)::bigint AS gramos_28,
             coalesce(sum(gramos) FILTER (WHERE dia BETWEEN ${desdePrevio}::date AND ${hastaPrevio}::date), 0)::bigint AS gramos_previo,
             sum(ingresos)::bigint AS ingresos_90
      FROM ${r.tabla('resumen_producto_dia')}
      WHERE id_minimarket = ${idMinimarket} AND dia BETWEEN ${inicio(DIAS_ABC)}::date AND ${hoy}::date
      GROUP BY id_producto
    ) r
    JOIN producto p ON p.id_producto = r.id_producto AND p.id_minimarket = ${idMinimarket}`;
}

// Badito's own figures: the same summaries, asked the way its answers need them.

/** Santiago days, inclusive. */
export interface Rango {
  desde: string;
  hasta: string;
}

/**
 * Sales and pesos of the range paid by `metodos`: the analytics' figures by method, part by part
 * (porMetodoPagoHora: the cash part of a split sale is cash sold).
 */
export async function ventasDeMetodos(
  tx: Tx,
  resumenes: Resumenes,
  idMinimarket: number,
  r: Rango,
  metodos: readonly MetodoPago[],
): Promise<{ ventas: number; ingresos: number }> {
  const consulta = { idMinimarket, desde: r.desde, hasta: r.hasta };
  const [f] = await tx.$queryRaw<{ ventas: bigint; ingresos: bigint }[]>`
    SELECT coalesce(sum(ventas), 0)::bigint AS ventas, coalesce(sum(ingresos), 0)::bigint AS ingresos
    FROM ${porMetodoPagoHora(resumenes, consulta)}
    WHERE hora >= ${r.desde}::date AND hora < ${r.hasta}::date + 1 AND metodo_pago IN (${Prisma.join([...metodos])})`;
  return { ventas: n(f?.ventas), ingresos: n(f?.ingresos) };
}

export interface ProductoVendido {
  nombre_producto: string;
  /** Units, or grams when `unidad` is 'kg' (a product sold by weight). */
  cantidad: number;
  unidad: UnidadVenta;
  ingresos: number;
}

/**
 * The `cuantos` products of `unidad` sold most in the range: by units among the lines sold by the
 * unit, by grams among those sold by weight (units are never added to or ranked against grams);
 * ties: more pesos, then lower id.
 */
export async function masVendidosPor(
  tx: Tx,
  resumenes: Resumenes,
  idMinimarket: number,
  r: Rango,
  unidad: UnidadVenta,
  cuantos: number,
): Promise<ProductoVendido[]> {
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
}

export interface UsoMetodoPago {
  metodo_pago: MetodoPago;
  ventas: number;
  ingresos: number;
}

/** Sales per payment method in the range, most used (by number of sales) first; ties by pesos. */
export async function usoMetodosPago(tx: Tx, resumenes: Resumenes, idMinimarket: number, r: Rango): Promise<UsoMetodoPago[]> {
  const filas = await tx.$queryRaw<{ metodo_pago: MetodoPago; ventas: bigint; ingresos: bigint }[]>`
    SELECT metodo_pago, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos
    FROM ${porMetodoPagoHora(resumenes, { idMinimarket, desde: r.desde, hasta: r.hasta })}
    WHERE id_minimarket = ${idMinimarket} AND hora >= ${r.desde}::date AND hora < ${r.hasta}::date + 1
    GROUP BY metodo_pago
    HAVING sum(ventas) > 0
    ORDER BY 2 DESC, 3 DESC, 1`;
  return filas.map((f) => ({ metodo_pago: f.metodo_pago, ventas: n(f.ventas), ingresos: n(f.ingresos) }));
}
