// resumen_pendiente and the analytics' summaries (resumen_venta_hora, resumen_categoria_hora,
// resumen_categoria_hora_total, resumen_producto_dia): their writes and the one way to read them.
//
// Whatever writes sales marks their local days pending (the counter's registrar_venta does it
// itself). The summaries are written only by the SQL function refrescar_resumen_ventas, which the
// summary worker runs outside any request (modules/analitica/resumidor.ts). A read never waits for
// it: in one snapshot it takes the summaries of the days summed and adds the days still pending
// from their lines (sumar_* over lineas_contadas, the same sums the worker writes), so every figure
// is exact as soon as the sale commits. A read adds at most MAX_DIAS_EN_VIVO pending days, the most
// recent; older ones still pending (a year of history imported a moment ago) are "en preparación"
// and the read says so. docs/analitica.md tells the whole story.
import { METODO_MIXTO } from '@minimarket/contracts/comunes';
import type pg from 'pg';
import { Prisma, type Db, type Tx } from '../db/client.js';
import { LLAVES_BLOQUEO } from '../lib/llaves-bloqueo.js';

/** Pending days a read sums from their lines itself (the most recent of its range); the worker does the rest. */
export const MAX_DIAS_EN_VIVO = 7;
/** pg_try_advisory_xact_lock(LLAVE_RESUMEN, id_minimarket): one worker sums a shop at a time. */
const LLAVE_RESUMEN = LLAVES_BLOQUEO.resumenVentas;

/** The local days of these sale times are to be summed again (the demo history, a void, a return). */
export async function marcarDiasPendientes(tx: Tx, idMinimarket: number, fechas: readonly Date[]) {
  if (fechas.length === 0) return;
  // DO UPDATE takes the row's lock until the caller commits (see refrescar_resumen_ventas).
  await tx.$executeRaw`
    INSERT INTO resumen_pendiente (id_minimarket, dia)
    SELECT DISTINCT ${idMinimarket}::int, (f AT TIME ZONE 'America/Santiago')::date
    FROM unnest(${fechas.map((f) => f.toISOString())}::timestamptz[]) AS f
    ON CONFLICT (id_minimarket, dia) DO UPDATE SET marcado_en = excluded.marcado_en`;
}

/** The same, set-based, for an import's sales (their times in a relation of the import's transaction). */
export async function marcarDiasPendientesDesde(client: pg.ClientBase, idMinimarket: number, fechas: string) {
  await client.query(
    `INSERT INTO resumen_pendiente (id_minimarket, dia)
     SELECT DISTINCT $1::int, (fecha_venta AT TIME ZONE 'America/Santiago')::date FROM ${fechas}
     ON CONFLICT (id_minimarket, dia) DO UPDATE SET marcado_en = excluded.marcado_en`,
    [idMinimarket],
  );
}

/** The shops with days to sum, the one whose oldest mark waits longest first. */
export async function tiendasConPendientes(tx: Tx): Promise<number[]> {
  const filas = await tx.$queryRaw<{ id_minimarket: number }[]>`
    SELECT id_minimarket FROM resumen_pendiente GROUP BY id_minimarket ORDER BY min(marcado_en), id_minimarket`;
  return filas.map((f) => f.id_minimarket);
}

/**
 * Sums up to `maxDias` of the shop's pending days (most recent first) in one short statement of its
 * own, unless another worker is summing that shop right now (then null). Days marked in the last
 * `quietudMs` wait: a till selling now marks today again at every sale.
 */
export async function sumarPendientes(tx: Tx, idMinimarket: number, maxDias: number | null, quietudMs = 0): Promise<number | null> {
  const [fila] = await tx.$queryRaw<{ dias: number | null }[]>`
    SELECT CASE WHEN pg_try_advisory_xact_lock(${LLAVE_RESUMEN}::int, ${idMinimarket}::int)
                THEN refrescar_resumen_ventas(${idMinimarket}::int, ${maxDias}::int, ${quietudMs}::int * interval '1 millisecond')
           END AS dias`;
  return fila?.dias ?? null;
}

/** A summary table, by its name in the database. */
export type TablaResumen = 'resumen_venta_hora' | 'resumen_categoria_hora' | 'resumen_categoria_hora_total' | 'resumen_producto_dia';

/** What sums the rows of each table from the lines (prisma/funciones/sumar_*.sql). */
const SUMA: Record<TablaResumen, string> = {
  resumen_venta_hora: 'sumar_venta_hora',
  resumen_categoria_hora: 'sumar_categoria_hora',
  resumen_categoria_hora_total: 'sumar_categoria_hora_total',
  resumen_producto_dia: 'sumar_producto_dia',
};

/** The summaries as one read sees them. */
export interface Resumenes {
  idMinimarket: number;
  /** Pending days of the range this read sums from their lines ('YYYY-MM-DD', most recent first). */
  vivos: string[];
  /** Older pending days of the range, not in the figures yet: the worker is summing them. */
  enPreparacion: string[];
  /**
   * `tabla` as it would be with every pending day summed (up to MAX_DIAS_EN_VIVO): its rows of the
   * days summed and the rows of the days in `vivos` computed now. Same columns, same name: a query
   * reads it where it would read the table.
   */
  tabla(nombre: TablaResumen): Prisma.Sql;
  /** The last day each product sold, up to today (the summaries of every day, as above). */
  ultimaVentaPorProducto(): Prisma.Sql;
}

/**
 * The pending days of the shop between `desde` (null: its first day) and `hasta`, split into the
 * ones this read adds from their lines and the ones it leaves to the worker. Run it in the read's
 * transaction, which must be REPEATABLE READ (leerResumenes): the pending rows and the summaries
 * are then of one snapshot, so a day the worker sums meanwhile is counted once, either way.
 */
export async function resumenesDe(tx: Tx, idMinimarket: number, desde: string | null, hasta: string): Promise<Resumenes> {
  const filas = await tx.$queryRaw<{ dia: string }[]>`
    SELECT to_char(dia, 'YYYY-MM-DD') AS dia FROM resumen_pendiente
    WHERE id_minimarket = ${idMinimarket} AND dia <= ${hasta}::date ${desde ? Prisma.sql`AND dia >= ${desde}::date` : Prisma.empty}
    ORDER BY dia DESC`;
  const dias = filas.map((f) => f.dia);
  const vivos = dias.slice(0, MAX_DIAS_EN_VIVO);
  const enPreparacion = dias.slice(MAX_DIAS_EN_VIVO);
  const hayVivos = vivos.length > 0;
  return {
    idMinimarket,
    vivos,
    enPreparacion,
    tabla(nombre) {
      if (!hayVivos) return Prisma.raw(nombre);
      const dia = Prisma.raw(nombre === 'resumen_producto_dia' ? 'dia' : 'hora::date');
      return Prisma.sql`(
        SELECT * FROM ${Prisma.raw(nombre)} WHERE id_minimarket = ${idMinimarket} AND NOT (${dia} = ANY (${vivos}::date[]))
        UNION ALL
        SELECT * FROM ${Prisma.raw(SUMA[nombre])}(${idMinimarket}::int, ${vivos}::date[])
      ) AS ${Prisma.raw(nombre)}`;
    },
    ultimaVentaPorProducto() {
      // Per product through its index (id_minimarket, id_producto, dia), skipping the days computed now.
      const guardada = Prisma.sql`
        SELECT p.id_producto, (SELECT max(r.dia) FROM resumen_producto_dia r
                               WHERE r.id_minimarket = p.id_minimarket AND r.id_producto = p.id_producto
                                 ${hayVivos ? Prisma.sql`AND NOT (r.dia = ANY (${vivos}::date[]))` : Prisma.empty}) AS ultima
        FROM producto p WHERE p.id_minimarket = ${idMinimarket}`;
      if (!hayVivos) return Prisma.sql`(${guardada}) AS ultima_venta`;
      return Prisma.sql`(
        SELECT id_producto, max(ultima) AS ultima FROM (
          ${guardada}
          UNION ALL
          SELECT id_producto, max(dia) FROM sumar_producto_dia(${idMinimarket}::int, ${vivos}::date[]) GROUP BY id_producto
        ) u GROUP BY id_producto
      ) AS ultima_venta`;
    },
  };
}

/**
 * Runs a read of the summaries: one REPEATABLE READ, READ ONLY transaction (one snapshot for the
 * pending days and the summaries), with the summaries of [desde, hasta] as it sees them. A year of
 * hourly summaries is a few hundred thousand rows: with the default 4 MB of work memory the planner
 * groups them by sorting on disk; 64 MB keeps the grouping in memory, for this transaction only.
 * `antes` runs first in the same transaction (the heavy reads' statement timeout and slot).
 */
export function leerResumenes<T>(
  db: Db,
  r: { idMinimarket: number; desde: string | null; hasta: string },
  lectura: (tx: Tx, resumenes: Resumenes) => Promise<T>,
  antes?: (tx: Tx) => Promise<void>,
): Promise<T> {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;
      if (antes) await antes(tx);
      return lectura(tx, await resumenesDe(tx, r.idMinimarket, r.desde, r.hasta));
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}

/** How far behind the summaries are: the shop's pending days beyond what any read adds by itself. */
export async function diasEnPreparacion(
  tx: Tx,
  idMinimarket: number,
): Promise<{ dias: number; desde: string | null; hasta: string | null }> {
  const [f] = await tx.$queryRaw<{ dias: number; desde: string | null; hasta: string | null }[]>`
    SELECT count(*)::int AS dias, to_char(min(dia), 'YYYY-MM-DD') AS desde, to_char(max(dia), 'YYYY-MM-DD') AS hasta
    FROM (SELECT dia FROM resumen_pendiente WHERE id_minimarket = ${idMinimarket} ORDER BY dia DESC OFFSET ${MAX_DIAS_EN_VIVO}) d`;
  return { dias: f?.dias ?? 0, desde: f?.desde ?? null, hasta: f?.hasta ?? null };
}

// The figures of a period, read from the summaries as a read sees them (`Resumenes`): the question,
// the SQL pieces the analytics' reports are built from, and the totals (cifras) that the analytics
// and Badito both read.

/** A sum as a number (bigint from Prisma, a decimal string from pg). */
export const n = (v: bigint | number | string | null | undefined) => Number(v ?? 0);

/** The question after defaults: whose shop, which days (Santiago), which lines. */
export interface Consulta {
  idMinimarket: number;
  desde: string;
  hasta: string;
  categoria?: string;
  metodoPago?: string;
}

/**
 * Where a period compared with one still going on stops: its last day up to this hour and minute,
 * that minute included (periodoAnterior: today until now against yesterday until the same minute).
 */
export interface Corte {
  hora: number;
  minuto: number;
}

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
