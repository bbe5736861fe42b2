// The shop's analytics (GET /api/analitica/*). Every figure is a SQL sum over the summaries of
// migration 20261123130000_analitica_ventas, which are exact sums of the sale lines: each call
// first sums the shop's pending days again (refrescarResumen), in the same transaction.
import {
  COLUMNAS_EXPORTACION_LINEAS,
  DIAS_POR_DEFECTO,
  diasEntre,
  type Cubo,
  type filtrosAnaliticaSchema,
  type Informe,
  type informeQuerySchema,
  type lineasQuerySchema,
  type MapaCalor,
  type PorCategoria,
  type PorMetodoPago,
  type Ranking,
  type rankingQuerySchema,
  type Recomendaciones,
  type Resumen,
  type Serie,
  type serieQuerySchema,
} from '@minimarket/contracts/analitica';
import type { z } from 'zod';
import { Prisma, type Db, type Tx } from '../../db/client.js';
import { refrescarResumen } from '../../data/resumen-ventas.js';
import { validation } from '../../lib/errors.js';
import { descarga, type Descarga } from '../../lib/exportar.js';
import { desplazarDia, diaLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import {
  cifras,
  type Cifras,
  type Consulta,
  donde,
  horasPeak,
  margen,
  margenPct,
  n,
  porCategoriaHora,
  porHora,
  ticket,
} from './consulta.js';
import { celdasLineas, contarLineas, paginaLineas } from './lineas.js';
import { calcularRecomendaciones } from './recomendaciones.js';

type Filtros = z.output<typeof filtrosAnaliticaSchema>;

const UNIDAD_SQL = { dia: 'day', semana: 'week', mes: 'month' } as const;

/** Every period of the range, zeros included; a period is named by its first day (weeks from Monday). */
async function serie(tx: Tx, c: Consulta, agrupar: keyof typeof UNIDAD_SQL): Promise<Serie> {
  const unidad = UNIDAD_SQL[agrupar];
  const filas = await tx.$queryRaw<{ periodo: string; ventas: bigint; ingresos: bigint; unidades: bigint }[]>`
    WITH periodos AS (
      SELECT generate_series(date_trunc(${unidad}, ${c.desde}::date), date_trunc(${unidad}, ${c.hasta}::date),
                             ('1 ' || ${unidad})::interval)::date AS periodo
    ), datos AS (
      SELECT date_trunc(${unidad}, hora)::date AS periodo, sum(ventas) AS ventas, sum(ingresos) AS ingresos, sum(unidades) AS unidades
      FROM ${porHora(c)} WHERE ${donde(c)} GROUP BY 1
    )
    SELECT to_char(p.periodo, 'YYYY-MM-DD') AS periodo, coalesce(d.ventas, 0)::bigint AS ventas,
           coalesce(d.ingresos, 0)::bigint AS ingresos, coalesce(d.unidades, 0)::bigint AS unidades
    FROM periodos p LEFT JOIN datos d USING (periodo) ORDER BY p.periodo`;
  return filas.map((r) => ({ periodo: r.periodo, ventas: n(r.ventas), ingresos: n(r.ingresos), unidades: n(r.unidades) }));
}

/** The categories sold in the range, most pesos first; `ventas` counts the sales with a line of each. */
async function porCategoria(tx: Tx, c: Consulta): Promise<PorCategoria> {
  const filas = await tx.$queryRaw<{ categoria: PorCategoria[number]['categoria']; ventas: bigint; ingresos: bigint; unidades: bigint }[]>`
    SELECT categoria, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos, sum(unidades)::bigint AS unidades
    FROM ${porCategoriaHora(c)} WHERE ${donde(c)}
    GROUP BY categoria ORDER BY sum(ingresos) DESC, categoria`;
  return filas.map((r) => ({ categoria: r.categoria, ventas: n(r.ventas), ingresos: n(r.ingresos), unidades: n(r.unidades) }));
}

/** Grouped by payment method: the tables that keep it (with a category filter, the per-method one). */
async function porMetodoPago(tx: Tx, c: Consulta): Promise<PorMetodoPago> {
  const filas = await tx.$queryRaw<{ metodo_pago: PorMetodoPago[number]['metodo_pago']; ventas: bigint; ingresos: bigint }[]>`
    SELECT metodo_pago, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos
    FROM ${Prisma.raw(c.categoria ? 'resumen_categoria_hora' : 'resumen_venta_hora')} WHERE ${donde(c)}
    GROUP BY metodo_pago ORDER BY sum(ingresos) DESC, metodo_pago`;
  return filas.map((r) => ({ metodo_pago: r.metodo_pago, ventas: n(r.ventas), ingresos: n(r.ingresos) }));
}

/** The products sold in the range by pesos or units; ties by product id, so pages are stable. */
async function ranking(tx: Tx, c: Consulta, por: 'ingresos' | 'unidades', orden: 'asc' | 'desc', limite: number): Promise<Ranking> {
  const columna = Prisma.raw(por === 'unidades' ? 'unidades' : 'ingresos');
  const sentido = Prisma.raw(orden === 'asc' ? 'ASC' : 'DESC');
  const filas = await tx.$queryRaw<
    { id_producto: number; nombre_producto: string; categoria: Ranking[number]['categoria']; ingresos: bigint; unidades: bigint }[]
  >`
    SELECT r.id_producto, p.nombre_producto, p.categoria, r.ingresos, r.unidades
    FROM (
      SELECT id_producto, sum(ingresos)::bigint AS ingresos, sum(unidades)::bigint AS unidades
      FROM resumen_producto_dia
      WHERE id_minimarket = ${c.idMinimarket} AND dia BETWEEN ${c.desde}::date AND ${c.hasta}::date
        ${c.categoria ? Prisma.sql`AND categoria = ${c.categoria}` : Prisma.empty}
        ${c.metodoPago ? Prisma.sql`AND metodo_pago = ${c.metodoPago}` : Prisma.empty}
      GROUP BY id_producto
    ) r
    JOIN producto p ON p.id_producto = r.id_producto
    ORDER BY r.${columna} ${sentido}, r.id_producto
    LIMIT ${limite}`;
  return filas.map((r) => ({ ...r, ingresos: n(r.ingresos), unidades: n(r.unidades) }));
}

/** The figures of a whole period as the report shows them. */
const cifrasPeriodo = (x: Cifras, desde: string, hasta: string) => ({
  desde,
  hasta,
  ventas: x.ventas,
  ingresos: x.ingresos,
  unidades: x.unidades,
  ticket_promedio: ticket(x),
  costo: x.costo,
  margen: margen(x),
  margen_pct: margenPct(x),
  lineas_sin_costo: x.lineas_sin_costo,
});

/** First and last day of a calendar month 'YYYY-MM'. */
function diasDelMes(mes: string) {
  const [anio, m] = mes.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(anio, m, 0)).getUTCDate();
  return { desde: `${mes}-01`, hasta: `${mes}-${String(ultimo).padStart(2, '0')}` };
}

const mesAnterior = (mes: string) => desplazarDia(`${mes}-01`, -1).slice(0, 7);

/** How many lines a download may carry: Excel's sheet ends at 1,048,576 rows. */
export const MAX_LINEAS_EXPORTACION = 1_000_000;
export const MENSAJE_EXPORTACION_GRANDE = `La descarga puede tener a lo más ${MAX_LINEAS_EXPORTACION.toLocaleString('es-CL')} líneas: acorta el rango o agrega un filtro.`;

export type AnaliticaService = ReturnType<typeof createAnaliticaService>;

export function createAnaliticaService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  const tienda = (usuario: UsuarioSesion, id: number | undefined) => acceso.tiendaPedida(usuario, id);

  async function consulta(usuario: UsuarioSesion, f: Filtros): Promise<Consulta> {
    const idMinimarket = await tienda(usuario, f.id_minimarket);
    // Without dates: the last 30 days ending today; with one of them, 30 days from or up to it.
    const hoy = diaLocal(new Date());
    const hasta = f.hasta ?? (f.desde ? desplazarDia(f.desde, DIAS_POR_DEFECTO - 1) : hoy);
    const desde = f.desde ?? desplazarDia(hasta, -(DIAS_POR_DEFECTO - 1));
    return { idMinimarket, desde, hasta, categoria: f.categoria, metodoPago: f.metodo_pago };
  }

  /**
   * Reads the summaries after summing the shop's pending days again, in one transaction. A year
   * of hourly summaries is a few hundred thousand rows: with the default 4 MB of work memory the
   * planner groups them by sorting on disk; 64 MB keeps the grouping in memory, for this
   * transaction only.
   */
  function leer<T>(idMinimarket: number, lectura: (tx: Tx) => Promise<T>): Promise<T> {
    return db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;
      await refrescarResumen(tx, idMinimarket);
      return lectura(tx);
    });
  }

  return {
    async resumen(usuario: UsuarioSesion, f: Filtros): Promise<Resumen> {
      const c = await consulta(usuario, f);
      const largo = diasEntre(c.desde, c.hasta);
      const antes = { desde: desplazarDia(c.desde, -largo), hasta: desplazarDia(c.desde, -1) };
      const [actual, previo] = await leer(c.idMinimarket, async (tx) => [
        await cifras(tx, c),
        await cifras(tx, c, antes.desde, antes.hasta),
      ]);
      return {
        desde: c.desde,
        hasta: c.hasta,
        ventas: actual.ventas,
        ingresos: actual.ingresos,
        unidades: actual.unidades,
        ticket_promedio: ticket(actual),
        costo: actual.costo,
        margen: margen(actual),
        margen_pct: margenPct(actual),
        lineas_sin_costo: actual.lineas_sin_costo,
        anterior: {
          ...antes,
          ventas: previo.ventas,
          ingresos: previo.ingresos,
          unidades: previo.unidades,
          ticket_promedio: ticket(previo),
          margen: margen(previo),
        },
      };
    },

    async serie(usuario: UsuarioSesion, q: z.output<typeof serieQuerySchema>): Promise<Serie> {
      const c = await consulta(usuario, q);
      return leer(c.idMinimarket, (tx) => serie(tx, c, q.agrupar));
    },

    async porCategoria(usuario: UsuarioSesion, f: Filtros): Promise<PorCategoria> {
      const c = await consulta(usuario, f);
      return leer(c.idMinimarket, (tx) => porCategoria(tx, c));
    },

    async porMetodoPago(usuario: UsuarioSesion, f: Filtros): Promise<PorMetodoPago> {
      const c = await consulta(usuario, f);
      return leer(c.idMinimarket, (tx) => porMetodoPago(tx, c));
    },

    /** All 168 cells, weekday (1 = lunes) by hour of Santiago's clock. */
    async mapaCalor(usuario: UsuarioSesion, f: Filtros): Promise<MapaCalor> {
      const c = await consulta(usuario, f);
      const filas = await leer(
        c.idMinimarket,
        (tx) => tx.$queryRaw<{ dia_semana: number; hora: number; ventas: bigint; ingresos: bigint }[]>`
          WITH datos AS (
            SELECT date_part('isodow', hora)::int AS dia_semana, date_part('hour', hora)::int AS hora,
                   sum(ventas) AS ventas, sum(ingresos) AS ingresos
            FROM ${porHora(c)} WHERE ${donde(c)} GROUP BY 1, 2
          )
          SELECT d AS dia_semana, h AS hora, coalesce(datos.ventas, 0)::bigint AS ventas, coalesce(datos.ingresos, 0)::bigint AS ingresos
          FROM generate_series(1, 7) AS d CROSS JOIN generate_series(0, 23) AS h
          LEFT JOIN datos ON datos.dia_semana = d AND datos.hora = h
          ORDER BY d, h`,
      );
      return filas.map((r) => ({ dia_semana: r.dia_semana, hora: r.hora, ventas: n(r.ventas), ingresos: n(r.ingresos) }));
    },

    async ranking(usuario: UsuarioSesion, q: z.output<typeof rankingQuerySchema>): Promise<Ranking> {
      const c = await consulta(usuario, q);
      return leer(c.idMinimarket, (tx) => ranking(tx, c, q.por, q.orden, q.limite));
    },

    /** The six lists of what to do next; windows end today, the range filters do not apply. */
    async recomendaciones(usuario: UsuarioSesion, idMinimarket: number | undefined, hoy = diaLocal(new Date())): Promise<Recomendaciones> {
      const id = await tienda(usuario, idMinimarket);
      return leer(id, (tx) => calcularRecomendaciones(tx, id, hoy));
    },

    /** A page of the range's sale lines and how many match. */
    async lineas(usuario: UsuarioSesion, q: z.output<typeof lineasQuerySchema>) {
      const c = await consulta(usuario, q);
      return leer(c.idMinimarket, (tx) => paginaLineas(tx, c, q));
    },

    /** Every line the filters match as a CSV or XLSX file (refused past Excel's row limit). */
    async exportarLineas(usuario: UsuarioSesion, q: z.output<typeof lineasQuerySchema>, formato: 'csv' | 'xlsx'): Promise<Descarga> {
      const c = await consulta(usuario, q);
      const total = await leer(c.idMinimarket, (tx) => contarLineas(tx, c, q.search));
      if (total > MAX_LINEAS_EXPORTACION)
        throw validation(MENSAJE_EXPORTACION_GRANDE, [{ campo: 'hasta', mensaje: MENSAJE_EXPORTACION_GRANDE }]);
      return descarga(formato, `ventas_${c.desde}_${c.hasta}`, 'Ventas', COLUMNAS_EXPORTACION_LINEAS, celdasLineas(db, c, q.search));
    },

    /** categoría × día de la semana × hora with pesos, units and margin; only the cells that sold. */
    async cubo(usuario: UsuarioSesion, f: Filtros): Promise<Cubo> {
      const c = await consulta(usuario, f);
      const filas = await leer(
        c.idMinimarket,
        (tx) => tx.$queryRaw<
          { categoria: Cubo['categorias'][number]; dia_semana: number; hora: number; ingresos: bigint; unidades: bigint; margen: bigint }[]
        >`
          SELECT categoria, date_part('isodow', hora)::int AS dia_semana, date_part('hour', hora)::int AS hora,
                 sum(ingresos)::bigint AS ingresos, sum(unidades)::bigint AS unidades,
                 (sum(ingresos_con_costo) - sum(costo))::bigint AS margen
          FROM ${porCategoriaHora(c)} WHERE ${donde(c)}
          GROUP BY 1, 2, 3 HAVING sum(lineas) > 0`,
      );
      const celdas = filas.map((r) => ({ ...r, ingresos: n(r.ingresos), unidades: n(r.unidades), margen: n(r.margen) }));
      const porCat = new Map<Cubo['categorias'][number], number>();
      for (const x of celdas) porCat.set(x.categoria, (porCat.get(x.categoria) ?? 0) + x.ingresos);
      const categorias = [...porCat.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'es')).map(([k]) => k);
      // Cells in the order of the axes: categories as listed, then weekday, then hour.
      const eje = new Map(categorias.map((k, i) => [k, i]));
      celdas.sort((a, b) => eje.get(a.categoria)! - eje.get(b.categoria)! || a.dia_semana - b.dia_semana || a.hora - b.hora);
      return { desde: c.desde, hasta: c.hasta, categorias, celdas };
    },

    /** One calendar month (the current one by default) against the whole month before. */
    async informe(usuario: UsuarioSesion, q: z.output<typeof informeQuerySchema>): Promise<Informe> {
      const idMinimarket = await tienda(usuario, q.id_minimarket);
      const mes = q.mes ?? diaLocal(new Date()).slice(0, 7);
      const c: Consulta = { idMinimarket, ...diasDelMes(mes) };
      const previo = diasDelMes(mesAnterior(mes));
      const tiendaRow = await db.minimarket.findUniqueOrThrow({
        where: { id_minimarket: idMinimarket },
        select: { nombre_minimarket: true },
      });
      return leer(idMinimarket, async (tx) => ({
        mes,
        nombre_minimarket: tiendaRow.nombre_minimarket,
        generado_en: new Date().toISOString(),
        actual: cifrasPeriodo(await cifras(tx, c), c.desde, c.hasta),
        anterior: cifrasPeriodo(await cifras(tx, c, previo.desde, previo.hasta), previo.desde, previo.hasta),
        por_dia: await serie(tx, c, 'dia'),
        por_categoria: await porCategoria(tx, c),
        por_metodo_pago: await porMetodoPago(tx, c),
        productos: await ranking(tx, c, 'ingresos', 'desc', 10),
        horas_peak: await horasPeak(tx, c),
      }));
    },
  };
}
