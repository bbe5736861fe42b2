// What every analytics question shares: the shop, the days and the filters after defaults,
// and the SQL pieces that read the per-hour summaries (as a read sees them: data/resumen-ventas.ts).
import { METODO_MIXTO } from '@minimarket/contracts/comunes';
import { Prisma, type Tx } from '../../db/client.js';
import type { Resumenes } from '../../data/resumen-ventas.js';

/** The question after defaults: whose shop, which days (Santiago), which lines. */
export interface Consulta {
  idMinimarket: number;
  desde: string;
  hasta: string;
  categoria?: string;
  metodoPago?: string;
}

/** A sum as a number (bigint from Prisma, a decimal string from pg). */
export const n = (v: bigint | number | string | null | undefined) => Number(v ?? 0);
export const unDecimal = (x: number) => Math.round(x * 10) / 10;
export const dosDecimales = (x: number) => Math.round(x * 100) / 100;

/**
 * Where a period compared with one still going on stops: its last day up to this hour and minute,
 * that minute included (periodoAnterior: today until now against yesterday until the same minute).
 */
export interface Corte {
  hora: number;
  minuto: number;
}

/** The cut of a compared period as periodoAnterior gives it; null when it is whole. */
export const corteDe = (a: { hasta_hora: number | null; hasta_minuto: number | null }): Corte | null =>
  a.hasta_hora === null ? null : { hora: a.hasta_hora, minuto: a.hasta_minuto ?? 59 };

/** The category and payment-method filters of a question, over rows that have those columns. */
const filtrosLinea = (c: Consulta) =>
  Prisma.sql`${c.categoria ? Prisma.sql`AND categoria = ${c.categoria}` : Prisma.empty}
    ${c.metodoPago ? Prisma.sql`AND metodo_pago = ${c.metodoPago}` : Prisma.empty}`;

/**
 * The lines a question counts, over a summary with hours (`hora`): its shop, its days, its filters.
 * `horasUltimoDia`: of the last day, only its first hours (the whole hours before a cut).
 */
export function donde(c: Consulta, desde = c.desde, hasta = c.hasta, horasUltimoDia: number | null = null) {
  const fin =
    horasUltimoDia === null ? Prisma.sql`${hasta}::date + 1` : Prisma.sql`${hasta}::date + make_interval(hours => ${horasUltimoDia}::int)`;
  return Prisma.sql`id_minimarket = ${c.idMinimarket} AND hora >= ${desde}::date AND hora < ${fin} ${filtrosLinea(c)}`;
}

/**
 * Per category and hour. Without a payment-method filter, the table without that dimension
 * (resumen_categoria_hora_total: a quarter of the rows, the same sums).
 */
export const porCategoriaHora = (r: Resumenes, c: Consulta) =>
  r.tabla(c.metodoPago ? 'resumen_categoria_hora' : 'resumen_categoria_hora_total');

/** Per hour: with a category filter only that category's lines (and the sales that have one). */
export const porHora = (r: Resumenes, c: Consulta) => (c.categoria ? porCategoriaHora(r, c) : r.tabla('resumen_venta_hora'));

/** Per hour and payment method (with a category filter, only that category's lines). */
export const porMetodoHora = (r: Resumenes, c: Consulta) => r.tabla(c.categoria ? 'resumen_categoria_hora' : 'resumen_venta_hora');

/**
 * Per hour and payment method, part by part (pago dividido, docs/pagos.md): the summaries' rows of
 * the sales paid one way, and each part of the split sales ('Mixto') read from parte_contada (few
 * rows, found by the index venta_mixto_idx), of the shop `c` names (the caller still filters the
 * hours and methods it wants). A split sale counts as a sale in each of its methods,
 * and its parts add up to what it brought in. Columns: id_minimarket, hora, metodo_pago, ventas,
 * ingresos. The figures by payment method read this; those of lines (products, categories) cannot
 * split a line by method and file a split sale under 'Mixto'.
 */
export function porMetodoPagoHora(r: Resumenes, c: Pick<Consulta, 'idMinimarket' | 'desde' | 'hasta'>) {
  return Prisma.sql`(
    SELECT id_minimarket, hora, metodo_pago, ventas::bigint AS ventas, ingresos::bigint AS ingresos
    FROM ${r.tabla('resumen_venta_hora')} WHERE id_minimarket = ${c.idMinimarket} AND metodo_pago <> ${METODO_MIXTO}
    UNION ALL
    SELECT id_minimarket, date_trunc('hour', fecha_venta AT TIME ZONE 'America/Santiago')::timestamp(0), metodo_pago, 1, ingreso
    FROM parte_contada
    WHERE metodo_venta = ${METODO_MIXTO} AND id_minimarket = ${c.idMinimarket}
      AND fecha_venta >= (${c.desde}::date)::timestamp AT TIME ZONE 'America/Santiago'
      AND fecha_venta < (${c.hasta}::date + 1)::timestamp AT TIME ZONE 'America/Santiago'
  ) AS por_metodo`;
}

export interface Cifras {
  ventas: number;
  ingresos: number;
  /** Units of the lines sold by the unit; the grams of those sold by weight apart (never added). */
  unidades: number;
  gramos: number;
  costo: number;
  ingresos_con_costo: number;
  lineas: number;
  lineas_sin_costo: number;
}

type FilaCifras = Record<keyof Cifras, bigint>;

const aCifras = (f: FilaCifras | undefined): Cifras => ({
  ventas: n(f?.ventas),
  ingresos: n(f?.ingresos),
  unidades: n(f?.unidades),
  gramos: n(f?.gramos),
  costo: n(f?.costo),
  ingresos_con_costo: n(f?.ingresos_con_costo),
  lineas: n(f?.lineas),
  lineas_sin_costo: n(f?.lineas_sin_costo),
});

const sumarCifras = (a: Cifras, b: Cifras): Cifras =>
  Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof Cifras] + b[k as keyof Cifras]])) as unknown as Cifras;

/**
 * The figures of the minutes of an hour the summaries cannot split (the hour of a cut, up to its
 * minute): summed from the lines themselves (lineas_contadas, over venta_contada, the one definition
 * of a sale), the way sumar_venta_hora sums a whole hour. A sale falls in one hour, so adding these to
 * the whole hours before counts each sale once.
 */
async function cifrasHastaMinuto(tx: Tx, c: Consulta, dia: string, corte: Corte): Promise<Cifras> {
  const desde = Prisma.sql`(${dia}::date + make_interval(hours => ${corte.hora}::int))::timestamp AT TIME ZONE 'America/Santiago'`;
  const hasta = Prisma.sql`(${dia}::date + make_interval(hours => ${corte.hora}::int, mins => ${corte.minuto + 1}::int))::timestamp AT TIME ZONE 'America/Santiago'`;
  const [f] = await tx.$queryRaw<FilaCifras[]>`
    SELECT count(DISTINCT id_venta)::bigint AS ventas, coalesce(sum(subtotal), 0)::bigint AS ingresos,
           coalesce(sum(num_unidades) FILTER (WHERE unidad <> 'kg'), 0)::bigint AS unidades,
           coalesce(sum(num_unidades) FILTER (WHERE unidad = 'kg'), 0)::bigint AS gramos,
           coalesce(sum(costo), 0)::bigint AS costo,
           coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)::bigint AS ingresos_con_costo,
           (count(*) FILTER (WHERE NOT devuelta))::bigint AS lineas,
           (count(*) FILTER (WHERE costo IS NULL AND NOT devuelta))::bigint AS lineas_sin_costo
    FROM lineas_contadas(${c.idMinimarket}::int, ${desde}, ${hasta})
    WHERE true ${filtrosLinea(c)}`;
  return aCifras(f);
}

/**
 * The figures of [desde, hasta] (the question's days unless given). With a cut, the last day only up
 * to its hour and minute: its whole hours before from the summaries, the minutes of its hour from the lines.
 */
export async function cifras(
  tx: Tx,
  r: Resumenes,
  c: Consulta,
  desde = c.desde,
  hasta = c.hasta,
  corte: Corte | null = null,
): Promise<Cifras> {
  const [f] = await tx.$queryRaw<FilaCifras[]>`
    SELECT coalesce(sum(ventas), 0)::bigint AS ventas, coalesce(sum(ingresos), 0)::bigint AS ingresos,
           coalesce(sum(unidades), 0)::bigint AS unidades, coalesce(sum(gramos), 0)::bigint AS gramos,
           coalesce(sum(costo), 0)::bigint AS costo,
           coalesce(sum(ingresos_con_costo), 0)::bigint AS ingresos_con_costo,
           coalesce(sum(lineas), 0)::bigint AS lineas, coalesce(sum(lineas_sin_costo), 0)::bigint AS lineas_sin_costo
    FROM ${porHora(r, c)} WHERE ${donde(c, desde, hasta, corte?.hora ?? null)}`;
  const horas = aCifras(f);
  return corte === null ? horas : sumarCifras(horas, await cifrasHastaMinuto(tx, c, hasta, corte));
}

/** round(ingresos / ventas); 0 without sales. */
export const ticket = (x: Pick<Cifras, 'ventas' | 'ingresos'>) => (x.ventas > 0 ? Math.round(x.ingresos / x.ventas) : 0);
/** Margin of the lines that know their cost. */
export const margen = (x: Cifras) => x.ingresos_con_costo - x.costo;
/** That margin over those lines' revenue, in percent; null when no line has a cost. */
export const margenPct = (x: Cifras) => (x.ingresos_con_costo > 0 ? unDecimal((margen(x) * 100) / x.ingresos_con_costo) : null);

export interface CeldaHora {
  dia_semana: number;
  hora: number;
  ventas: number;
  ingresos: number;
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
