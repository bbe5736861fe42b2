// The shop's analytics (GET /api/analitica/*). Every figure is a SQL sum over the summaries of
// migration 20261123130000_analitica_ventas, which are exact sums of the sale lines: each call
// first sums the shop's pending days again (refrescarResumen), in the same transaction.
import {
  DIAS_POR_DEFECTO,
  diasEntre,
  type filtrosAnaliticaSchema,
  type MapaCalor,
  type PorCategoria,
  type PorMetodoPago,
  type Ranking,
  type rankingQuerySchema,
  type Resumen,
  type Serie,
  type serieQuerySchema,
} from '@minimarket/contracts/analitica';
import type { z } from 'zod';
import { Prisma, type Db, type Tx } from '../../db/client.js';
import { refrescarResumen } from '../../data/resumen-ventas.js';
import { notFound, validation } from '../../lib/errors.js';
import { desplazarDia, diaLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

type Filtros = z.output<typeof filtrosAnaliticaSchema>;

export const MENSAJE_FALTA_MINIMARKET = 'Indica el minimarket (id_minimarket).';
export const MENSAJE_SIN_MINIMARKET = 'No tienes un minimarket asociado.';

/** The question after defaults: whose shop, which days, which lines. */
interface Consulta {
  idMinimarket: number;
  desde: string;
  hasta: string;
  categoria?: string;
  metodoPago?: string;
}

const n = (v: bigint | number | null | undefined) => Number(v ?? 0);
const unDecimal = (x: number) => Math.round(x * 10) / 10;

/** The lines a question counts, over a summary with hours (`hora`): its shop, its days, its filters. */
function donde(c: Consulta, desde = c.desde, hasta = c.hasta) {
  return Prisma.sql`id_minimarket = ${c.idMinimarket} AND hora >= ${desde}::date AND hora < ${hasta}::date + 1
    ${c.categoria ? Prisma.sql`AND categoria = ${c.categoria}` : Prisma.empty}
    ${c.metodoPago ? Prisma.sql`AND metodo_pago = ${c.metodoPago}` : Prisma.empty}`;
}

/** Per hour: with a category filter only that category's lines (and the sales that have one). */
const porHora = (c: Consulta) => Prisma.raw(c.categoria ? 'resumen_categoria_hora' : 'resumen_venta_hora');

interface Cifras {
  ventas: number;
  ingresos: number;
  unidades: number;
  costo: number;
  ingresos_con_costo: number;
  lineas_sin_costo: number;
}

async function cifras(tx: Tx, c: Consulta, desde: string, hasta: string): Promise<Cifras> {
  const [f] = await tx.$queryRaw<Record<keyof Cifras, bigint>[]>`
    SELECT coalesce(sum(ventas), 0)::bigint AS ventas, coalesce(sum(ingresos), 0)::bigint AS ingresos,
           coalesce(sum(unidades), 0)::bigint AS unidades, coalesce(sum(costo), 0)::bigint AS costo,
           coalesce(sum(ingresos_con_costo), 0)::bigint AS ingresos_con_costo,
           coalesce(sum(lineas_sin_costo), 0)::bigint AS lineas_sin_costo
    FROM ${porHora(c)} WHERE ${donde(c, desde, hasta)}`;
  return {
    ventas: n(f?.ventas),
    ingresos: n(f?.ingresos),
    unidades: n(f?.unidades),
    costo: n(f?.costo),
    ingresos_con_costo: n(f?.ingresos_con_costo),
    lineas_sin_costo: n(f?.lineas_sin_costo),
  };
}

const ticket = (x: Cifras) => (x.ventas > 0 ? Math.round(x.ingresos / x.ventas) : 0);

const UNIDAD_SQL = { dia: 'day', semana: 'week', mes: 'month' } as const;

export type AnaliticaService = ReturnType<typeof createAnaliticaService>;

export function createAnaliticaService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  /** The shop asked about: a pyme's own when left out; someone else's is refused by acceso. */
  async function tienda(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<number> {
    if (idMinimarket !== undefined) return (await acceso.assertAcceso(usuario, idMinimarket)).id_minimarket;
    if (usuario.rol === 'administrador')
      throw validation(MENSAJE_FALTA_MINIMARKET, [{ campo: 'id_minimarket', mensaje: MENSAJE_FALTA_MINIMARKET }]);
    const propia = await db.minimarket.findFirst({
      where: { id_usuario: usuario.id_usuario },
      orderBy: { id_minimarket: 'asc' },
      select: { id_minimarket: true },
    });
    if (!propia) throw notFound(MENSAJE_SIN_MINIMARKET, 'MINIMARKET_NOT_FOUND');
    return propia.id_minimarket;
  }

  async function consulta(usuario: UsuarioSesion, f: Filtros): Promise<Consulta> {
    const idMinimarket = await tienda(usuario, f.id_minimarket);
    // Without dates: the last 30 days ending today; with one of them, 30 days from or up to it.
    const hoy = diaLocal(new Date());
    const hasta = f.hasta ?? (f.desde ? desplazarDia(f.desde, DIAS_POR_DEFECTO - 1) : hoy);
    const desde = f.desde ?? desplazarDia(hasta, -(DIAS_POR_DEFECTO - 1));
    return { idMinimarket, desde, hasta, categoria: f.categoria, metodoPago: f.metodo_pago };
  }

  /** Reads the summaries after summing the shop's pending days again, in one transaction. */
  function leer<T>(c: Consulta, lectura: (tx: Tx) => Promise<T>): Promise<T> {
    return db.$transaction(async (tx) => {
      await refrescarResumen(tx, c.idMinimarket);
      return lectura(tx);
    });
  }

  return {
    async resumen(usuario: UsuarioSesion, f: Filtros): Promise<Resumen> {
      const c = await consulta(usuario, f);
      const largo = diasEntre(c.desde, c.hasta);
      const antes = { desde: desplazarDia(c.desde, -largo), hasta: desplazarDia(c.desde, -1) };
      const [actual, previo] = await leer(c, async (tx) => [
        await cifras(tx, c, c.desde, c.hasta),
        await cifras(tx, c, antes.desde, antes.hasta),
      ]);
      const margen = actual.ingresos_con_costo - actual.costo;
      return {
        desde: c.desde,
        hasta: c.hasta,
        ventas: actual.ventas,
        ingresos: actual.ingresos,
        unidades: actual.unidades,
        ticket_promedio: ticket(actual),
        costo: actual.costo,
        margen,
        margen_pct: actual.ingresos_con_costo > 0 ? unDecimal((margen * 100) / actual.ingresos_con_costo) : null,
        lineas_sin_costo: actual.lineas_sin_costo,
        anterior: {
          ...antes,
          ventas: previo.ventas,
          ingresos: previo.ingresos,
          unidades: previo.unidades,
          ticket_promedio: ticket(previo),
          margen: previo.ingresos_con_costo - previo.costo,
        },
      };
    },

    /** Every period of the range, zeros included; a period is named by its first day (weeks from Monday). */
    async serie(usuario: UsuarioSesion, q: z.output<typeof serieQuerySchema>): Promise<Serie> {
      const c = await consulta(usuario, q);
      const unidad = UNIDAD_SQL[q.agrupar];
      const filas = await leer(
        c,
        (tx) => tx.$queryRaw<{ periodo: string; ventas: bigint; ingresos: bigint; unidades: bigint }[]>`
          WITH periodos AS (
            SELECT generate_series(date_trunc(${unidad}, ${c.desde}::date), date_trunc(${unidad}, ${c.hasta}::date),
                                   ('1 ' || ${unidad})::interval)::date AS periodo
          ), datos AS (
            SELECT date_trunc(${unidad}, hora)::date AS periodo, sum(ventas) AS ventas, sum(ingresos) AS ingresos, sum(unidades) AS unidades
            FROM ${porHora(c)} WHERE ${donde(c)} GROUP BY 1
          )
          SELECT to_char(p.periodo, 'YYYY-MM-DD') AS periodo, coalesce(d.ventas, 0)::bigint AS ventas,
                 coalesce(d.ingresos, 0)::bigint AS ingresos, coalesce(d.unidades, 0)::bigint AS unidades
          FROM periodos p LEFT JOIN datos d USING (periodo) ORDER BY p.periodo`,
      );
      return filas.map((r) => ({ periodo: r.periodo, ventas: n(r.ventas), ingresos: n(r.ingresos), unidades: n(r.unidades) }));
    },

    /** The categories sold in the range, most pesos first; `ventas` counts the sales with a line of each. */
    async porCategoria(usuario: UsuarioSesion, f: Filtros): Promise<PorCategoria> {
      const c = await consulta(usuario, f);
      const filas = await leer(
        c,
        (tx) => tx.$queryRaw<{ categoria: PorCategoria[number]['categoria']; ventas: bigint; ingresos: bigint; unidades: bigint }[]>`
          SELECT categoria, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos, sum(unidades)::bigint AS unidades
          FROM resumen_categoria_hora WHERE ${donde(c)}
          GROUP BY categoria ORDER BY sum(ingresos) DESC, categoria`,
      );
      return filas.map((r) => ({ categoria: r.categoria, ventas: n(r.ventas), ingresos: n(r.ingresos), unidades: n(r.unidades) }));
    },

    async porMetodoPago(usuario: UsuarioSesion, f: Filtros): Promise<PorMetodoPago> {
      const c = await consulta(usuario, f);
      const filas = await leer(
        c,
        (tx) => tx.$queryRaw<{ metodo_pago: PorMetodoPago[number]['metodo_pago']; ventas: bigint; ingresos: bigint }[]>`
          SELECT metodo_pago, sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos
          FROM ${porHora(c)} WHERE ${donde(c)}
          GROUP BY metodo_pago ORDER BY sum(ingresos) DESC, metodo_pago`,
      );
      return filas.map((r) => ({ metodo_pago: r.metodo_pago, ventas: n(r.ventas), ingresos: n(r.ingresos) }));
    },

    /** All 168 cells, weekday (1 = lunes) by hour of Santiago's clock. */
    async mapaCalor(usuario: UsuarioSesion, f: Filtros): Promise<MapaCalor> {
      const c = await consulta(usuario, f);
      const filas = await leer(
        c,
        (tx) => tx.$queryRaw<{ dia_semana: number; hora: number; ventas: bigint; ingresos: bigint }[]>`
          WITH datos AS (
            SELECT extract(isodow FROM hora)::int AS dia_semana, extract(hour FROM hora)::int AS hora,
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

    /** The products sold in the range by pesos or units; ties by product id, so pages are stable. */
    async ranking(usuario: UsuarioSesion, q: z.output<typeof rankingQuerySchema>): Promise<Ranking> {
      const c = await consulta(usuario, q);
      const columna = Prisma.raw(q.por === 'unidades' ? 'unidades' : 'ingresos');
      const sentido = Prisma.raw(q.orden === 'asc' ? 'ASC' : 'DESC');
      const filas = await leer(
        c,
        (tx) => tx.$queryRaw<
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
          LIMIT ${q.limite}`,
      );
      return filas.map((r) => ({ ...r, ingresos: n(r.ingresos), unidades: n(r.unidades) }));
    },
  };
}
