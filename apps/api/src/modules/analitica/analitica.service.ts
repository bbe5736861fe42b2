// The shop's analytics (GET /api/analitica/*). Every figure is a SQL sum over the summaries
// (data/resumen-ventas.ts), which are exact sums of the sale lines that count (venta_contada): a
// read takes them in one snapshot and adds the days not summed yet from their lines, never waiting
// for the summary worker. Ranges are resolved and checked in one place (resolverRango); the heavy
// reads (raw lines sorted or searched, downloads, the monthly report) take a turn (lectura-pesada.ts).
import {
  COLUMNAS_EXPORTACION_LINEAS,
  periodoAnterior,
  resolverRango,
  type Cubo,
  type EstadoAnalitica,
  type filtrosAnaliticaSchema,
  type Informe,
  type informeQuerySchema,
  type lineasQuerySchema,
  type MapaCalor,
  type PorCobrar,
  type PorCategoria,
  type PorMetodoPago,
  type PorVendedor,
  type DescuentosAnalitica,
  type Ranking,
  type rankingQuerySchema,
  type Recomendaciones,
  type Resumen,
  type Serie,
  type serieQuerySchema,
} from '@minimarket/contracts/analitica';
import { diaSemanaIso, finDeMes, inicioDeMes } from '@minimarket/contracts/dias';
import type { z } from 'zod';
import { Prisma, type Db, type Tx } from '../../db/client.js';
import { nombreDeTienda } from '../../data/minimarket.js';
import {
  cifras,
  type Cifras,
  type Consulta,
  diasEnPreparacion,
  donde,
  leerResumenes,
  porCategoriaHora,
  porHora,
  porMetodoHora,
  porMetodoPagoHora,
  type Resumenes,
} from '../../data/resumen-ventas.js';
import { descuentosDelRango, lineasConDescuento } from '../../data/venta-lecturas.js';
import { validation } from '../../lib/errors.js';
import { descarga, type Descarga } from '../../lib/exportar.js';
import { desplazarDia, diaLocal, horaMinutoLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { corteDe, horasPeak, margen, margenPct, n, ticket } from './consulta.js';
import type { LecturasPesadas } from './lectura-pesada.js';
import { celdasLineas, contarLineas, paginaLineas } from './lineas.js';
import { porCobrar } from '../../data/por-cobrar.js';
import { calcularRecomendaciones } from './recomendaciones.js';

type Filtros = z.output<typeof filtrosAnaliticaSchema>;

const UNIDAD_SQL = { dia: 'day', semana: 'week', mes: 'month' } as const;

/** The first day of the period of `agrupar` that holds `dia` (weeks from Monday). */
function inicioPeriodo(dia: string, agrupar: keyof typeof UNIDAD_SQL): string {
  if (agrupar === 'semana') return desplazarDia(dia, -(diaSemanaIso(dia) - 1));
  if (agrupar === 'mes') return inicioDeMes(dia);
  return dia;
}

/** Every period of the range, zeros included; a period is named by its first day (weeks from Monday). */
async function serie(tx: Tx, r: Resumenes, c: Consulta, agrupar: keyof typeof UNIDAD_SQL, hoy: string): Promise<Serie> {
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
  const enCurso = inicioPeriodo(hoy, agrupar);
  return filas.map((f) => ({
    periodo: f.periodo,
    en_curso: f.periodo === enCurso,
    ventas: n(f.ventas),
    ingresos: n(f.ingresos),
    unidades: n(f.unidades),
    gramos: n(f.gramos),
  }));
}

/** The categories sold in the range, most pesos first; `ventas` counts the sales with a line of each. */
async function porCategoria(tx: Tx, r: Resumenes, c: Consulta): Promise<PorCategoria> {
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
async function porMetodoPago(tx: Tx, r: Resumenes, c: Consulta): Promise<PorMetodoPago> {
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

/**
 * The products sold in the range by pesos (all of them), by units (those sold by the unit) or by
 * kilos (those sold by weight); ties by product id, so pages are stable.
 */
async function ranking(
  tx: Tx,
  r: Resumenes,
  c: Consulta,
  por: keyof typeof RANKING,
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

/** The figures of a whole period as the report shows them. */
const cifrasPeriodo = (x: Cifras, desde: string, hasta: string) => ({
  desde,
  hasta,
  ventas: x.ventas,
  ingresos: x.ingresos,
  unidades: x.unidades,
  gramos: x.gramos,
  ticket_promedio: ticket(x),
  costo: x.costo,
  margen: margen(x),
  margen_pct: margenPct(x),
  lineas_sin_costo: x.lineas_sin_costo,
});

/** How many lines a download may carry: Excel's sheet ends at 1,048,576 rows. */
export const MAX_LINEAS_EXPORTACION = 1_000_000;
export const MENSAJE_EXPORTACION_GRANDE = `La descarga puede tener a lo más ${MAX_LINEAS_EXPORTACION.toLocaleString('es-CL')} líneas: acorta el rango o agrega un filtro.`;

export type AnaliticaService = ReturnType<typeof createAnaliticaService>;

export function createAnaliticaService({ db, acceso, pesadas }: { db: Db; acceso: AccesoMinimarket; pesadas: LecturasPesadas }) {
  const tienda = (usuario: UsuarioSesion, id: number | undefined) => acceso.tiendaPedida(usuario, id);

  /** The question: whose shop, the range resolved and checked (422 in Spanish), the filters. */
  async function consulta(usuario: UsuarioSesion, f: Filtros): Promise<Consulta> {
    const idMinimarket = await tienda(usuario, f.id_minimarket);
    const rango = resolverRango(f, diaLocal(new Date()));
    if ('mensaje' in rango) throw validation(rango.mensaje, [{ campo: rango.campo, mensaje: rango.mensaje }]);
    return { idMinimarket, ...rango, categoria: f.categoria, metodoPago: f.metodo_pago };
  }

  /**
   * A read of the summaries of [desde, hasta] (desde null: from the first day) in one snapshot.
   * `pesadaDe`: a heavy read of that user, with its turn and timeout.
   */
  function leer<T>(
    rango: { idMinimarket: number; desde: string | null; hasta: string },
    lectura: (tx: Tx, r: Resumenes) => Promise<T>,
    pesadaDe?: UsuarioSesion,
  ): Promise<T> {
    return leerResumenes(db, rango, lectura, pesadaDe ? (tx) => pesadas.turno(tx, pesadaDe.id_usuario) : undefined);
  }

  return {
    async resumen(usuario: UsuarioSesion, f: Filtros): Promise<Resumen> {
      const c = await consulta(usuario, f);
      const ahora = new Date();
      const antes = periodoAnterior(c, diaLocal(ahora), horaMinutoLocal(ahora));
      const [actual, previo, enPreparacion] = await leer(
        { idMinimarket: c.idMinimarket, desde: antes.desde, hasta: c.hasta },
        async (tx, r) => [
          await cifras(tx, r, c),
          await cifras(tx, r, c, antes.desde, antes.hasta, corteDe(antes)),
          r.enPreparacion.filter((d) => d >= c.desde && d <= c.hasta).length,
        ],
      );
      return {
        desde: c.desde,
        hasta: c.hasta,
        ventas: actual.ventas,
        ingresos: actual.ingresos,
        unidades: actual.unidades,
        gramos: actual.gramos,
        ticket_promedio: ticket(actual),
        costo: actual.costo,
        margen: margen(actual),
        margen_pct: margenPct(actual),
        lineas_sin_costo: actual.lineas_sin_costo,
        dias_en_preparacion: enPreparacion,
        anterior: {
          ...antes,
          ventas: previo.ventas,
          ingresos: previo.ingresos,
          unidades: previo.unidades,
          gramos: previo.gramos,
          ticket_promedio: ticket(previo),
          margen: margen(previo),
        },
      };
    },

    async serie(usuario: UsuarioSesion, q: z.output<typeof serieQuerySchema>): Promise<Serie> {
      const c = await consulta(usuario, q);
      return leer(c, (tx, r) => serie(tx, r, c, q.agrupar, diaLocal(new Date())));
    },

    async porCategoria(usuario: UsuarioSesion, f: Filtros): Promise<PorCategoria> {
      const c = await consulta(usuario, f);
      return leer(c, (tx, r) => porCategoria(tx, r, c));
    },

    /**
     * Sales by person at the till (docs/cajeros.md): venta_contada in the range's days, Santiago's
     * clock. Read from the sales, not the summaries (they have no person); a shop's range is one
     * index range scan (venta_vendedor_idx would serve one person).
     */
    async porVendedor(usuario: UsuarioSesion, f: Filtros): Promise<PorVendedor> {
      const c = await consulta(usuario, f);
      const filas = await db.$queryRaw<{ id_usuario: number | null; nombre: string | null; ventas: number; ingresos: bigint }[]>`
        SELECT v.id_vendedor AS id_usuario, u.nombre, count(*)::int AS ventas, sum(v.ingreso)::bigint AS ingresos
        FROM venta_contada v LEFT JOIN usuario u ON u.id_usuario = v.id_vendedor
        WHERE v.id_minimarket = ${c.idMinimarket}
          AND v.fecha_venta >= (${c.desde}::date)::timestamp AT TIME ZONE 'America/Santiago'
          AND v.fecha_venta < (${c.hasta}::date + 1)::timestamp AT TIME ZONE 'America/Santiago'
        GROUP BY v.id_vendedor, u.nombre
        ORDER BY sum(v.ingreso) DESC, u.nombre NULLS LAST`;
      return filas.map((r) => ({ id_usuario: r.id_usuario, nombre: r.nombre, ventas: r.ventas, ingresos: n(r.ingresos) }));
    },

    /** Discounts and the cash rounding of the range (docs/pagos.md), from the sales themselves. */
    async descuentos(usuario: UsuarioSesion, f: Filtros): Promise<DescuentosAnalitica> {
      const c = await consulta(usuario, f);
      const desde = Prisma.sql`(${c.desde}::date)::timestamp AT TIME ZONE 'America/Santiago'`;
      const hasta = Prisma.sql`(${c.hasta}::date + 1)::timestamp AT TIME ZONE 'America/Santiago'`;
      const lineas = lineasConDescuento(c.idMinimarket, c.desde, c.hasta);
      return db.$transaction(
        async (tx) => {
          const total = await descuentosDelRango(tx, c.idMinimarket, c.desde, c.hasta);
          const porDia = await tx.$queryRaw<{ dia: string; descuento: bigint; ventas: bigint }[]>`
            SELECT to_char(fecha_venta AT TIME ZONE 'America/Santiago', 'YYYY-MM-DD') AS dia, sum(descuento)::bigint AS descuento,
                   count(DISTINCT id_venta)::bigint AS ventas
            FROM (${lineas}) l GROUP BY 1 ORDER BY 1`;
          const porProducto = await tx.$queryRaw<{ id_producto: number | null; nombre_producto: string; descuento: bigint }[]>`
            SELECT id_producto, min(nombre_producto) AS nombre_producto, sum(descuento)::bigint AS descuento
            FROM (${lineas}) l GROUP BY id_producto, CASE WHEN id_producto IS NULL THEN nombre_producto END
            ORDER BY sum(descuento) DESC, min(nombre_producto) LIMIT 50`;
          const porPersona = await tx.$queryRaw<{ id_usuario: number | null; nombre: string | null; descuento: bigint; ventas: bigint }[]>`
            SELECT l.id_vendedor AS id_usuario, u.nombre, sum(l.descuento)::bigint AS descuento, count(DISTINCT l.id_venta)::bigint AS ventas
            FROM (${lineas}) l LEFT JOIN usuario u ON u.id_usuario = l.id_vendedor
            GROUP BY l.id_vendedor, u.nombre ORDER BY sum(l.descuento) DESC, u.nombre`;
          const [redondeo] = await tx.$queryRaw<{ redondeo: bigint }[]>`
            SELECT (coalesce((SELECT sum(v.redondeo) FROM venta v
                              WHERE v.id_minimarket = ${c.idMinimarket} AND v.estado_venta = 'Completada'
                                AND v.fecha_venta >= ${desde} AND v.fecha_venta < ${hasta}), 0)
                  - coalesce((SELECT sum(d.redondeo) FROM devolucion d JOIN venta v ON v.id_minimarket = d.id_minimarket AND v.id_venta = d.id_venta
                              WHERE d.id_minimarket = ${c.idMinimarket} AND v.estado_venta = 'Completada'
                                AND d.fecha >= ${desde} AND d.fecha < ${hasta}), 0))::bigint AS redondeo`;
          return {
            descuento: total.descuento,
            ventas_con_descuento: total.ventas,
            redondeo: n(redondeo?.redondeo),
            por_dia: porDia.map((d) => ({ dia: d.dia, descuento: n(d.descuento), ventas: n(d.ventas) })),
            por_producto: porProducto.map((p) => ({
              id_producto: p.id_producto,
              nombre_producto: p.nombre_producto,
              descuento: n(p.descuento),
            })),
            por_persona: porPersona.map((p) => ({
              id_usuario: p.id_usuario,
              nombre: p.nombre,
              descuento: n(p.descuento),
              ventas: n(p.ventas),
            })),
          };
        },
        { isolationLevel: 'RepeatableRead' },
      );
    },

    async porMetodoPago(usuario: UsuarioSesion, f: Filtros): Promise<PorMetodoPago> {
      const c = await consulta(usuario, f);
      return leer(c, (tx, r) => porMetodoPago(tx, r, c));
    },

    /** All 168 cells, weekday (1 = lunes) by hour of Santiago's clock. */
    async mapaCalor(usuario: UsuarioSesion, f: Filtros): Promise<MapaCalor> {
      const c = await consulta(usuario, f);
      const filas = await leer(
        c,
        (tx, r) => tx.$queryRaw<{ dia_semana: number; hora: number; ventas: bigint; ingresos: bigint }[]>`
          WITH datos AS (
            SELECT date_part('isodow', hora)::int AS dia_semana, date_part('hour', hora)::int AS hora,
                   sum(ventas) AS ventas, sum(ingresos) AS ingresos
            FROM ${porHora(r, c)} WHERE ${donde(c)} GROUP BY 1, 2
          )
          SELECT d AS dia_semana, h AS hora, coalesce(datos.ventas, 0)::bigint AS ventas, coalesce(datos.ingresos, 0)::bigint AS ingresos
          FROM generate_series(1, 7) AS d CROSS JOIN generate_series(0, 23) AS h
          LEFT JOIN datos ON datos.dia_semana = d AND datos.hora = h
          ORDER BY d, h`,
      );
      return filas.map((f) => ({ dia_semana: f.dia_semana, hora: f.hora, ventas: n(f.ventas), ingresos: n(f.ingresos) }));
    },

    async ranking(usuario: UsuarioSesion, q: z.output<typeof rankingQuerySchema>): Promise<Ranking> {
      const c = await consulta(usuario, q);
      return leer(c, (tx, r) => ranking(tx, r, c, q.por, q.orden, q.limite));
    },

    /** The six lists of what to do next; windows end today, the range filters do not apply. */
    async recomendaciones(usuario: UsuarioSesion, idMinimarket: number | undefined, hoy = diaLocal(new Date())): Promise<Recomendaciones> {
      const id = await tienda(usuario, idMinimarket);
      // The last sale of every product looks at the whole history: every pending day counts.
      return leer({ idMinimarket: id, desde: null, hasta: hoy }, (tx, r) => calcularRecomendaciones(tx, r, id, hoy));
    },

    /**
     * A page of the range's sale lines and how many match. Sorting by anything but the date, or
     * searching by name, walks every line of the range: a heavy read.
     */
    async lineas(usuario: UsuarioSesion, q: z.output<typeof lineasQuerySchema>) {
      const c = await consulta(usuario, q);
      const pesada = Boolean(q.search) || q.orden !== 'fecha';
      return leer(c, (tx, r) => paginaLineas(tx, r, c, q), pesada ? usuario : undefined);
    },

    /**
     * Every line the filters match as a CSV or XLSX file (refused past Excel's row limit), streamed
     * from a connection of its own that holds one of the user's turns until the file ends.
     */
    async exportarLineas(usuario: UsuarioSesion, q: z.output<typeof lineasQuerySchema>, formato: 'csv' | 'xlsx'): Promise<Descarga> {
      const c = await consulta(usuario, q);
      const total = await leer(c, (tx, r) => contarLineas(tx, r, c, q.search), q.search ? usuario : undefined);
      if (total > MAX_LINEAS_EXPORTACION)
        throw validation(MENSAJE_EXPORTACION_GRANDE, [{ campo: 'hasta', mensaje: MENSAJE_EXPORTACION_GRANDE }]);
      const conexion = await pesadas.abrir(usuario.id_usuario);
      return descarga(formato, `ventas_${c.desde}_${c.hasta}`, 'Ventas', COLUMNAS_EXPORTACION_LINEAS, celdasLineas(conexion, c, q.search));
    },

    /** categoría × día de la semana × hora with pesos, units (and grams apart) and margin; only the cells that sold. */
    async cubo(usuario: UsuarioSesion, f: Filtros): Promise<Cubo> {
      const c = await consulta(usuario, f);
      const filas = await leer(
        c,
        (tx, r) => tx.$queryRaw<
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
          GROUP BY 1, 2, 3 HAVING sum(lineas) > 0`,
      );
      const celdas = filas.map((f) => ({
        ...f,
        ingresos: n(f.ingresos),
        unidades: n(f.unidades),
        gramos: n(f.gramos),
        margen: n(f.margen),
      }));
      const porCat = new Map<Cubo['categorias'][number], number>();
      for (const x of celdas) porCat.set(x.categoria, (porCat.get(x.categoria) ?? 0) + x.ingresos);
      const categorias = [...porCat.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'es')).map(([k]) => k);
      // Cells in the order of the axes: categories as listed, then weekday, then hour.
      const eje = new Map(categorias.map((k, i) => [k, i]));
      celdas.sort((a, b) => eje.get(a.categoria)! - eje.get(b.categoria)! || a.dia_semana - b.dia_semana || a.hora - b.hora);
      return { desde: c.desde, hasta: c.hasta, categorias, celdas };
    },

    /**
     * One calendar month (the current one by default). A past month is compared with the whole month
     * before; the current one, still going on, with the same days of the month before up to this minute.
     */
    async informe(usuario: UsuarioSesion, q: z.output<typeof informeQuerySchema>): Promise<Informe> {
      const idMinimarket = await tienda(usuario, q.id_minimarket);
      const ahora = new Date();
      const hoy = diaLocal(ahora);
      const mes = q.mes ?? hoy.slice(0, 7);
      const c: Consulta = { idMinimarket, desde: `${mes}-01`, hasta: finDeMes(`${mes}-01`) };
      const enCurso = c.desde <= hoy && hoy <= c.hasta;
      const antes = periodoAnterior({ desde: c.desde, hasta: enCurso ? hoy : c.hasta }, hoy, horaMinutoLocal(ahora));
      const nombre = await nombreDeTienda(db, idMinimarket);
      return leer(
        { idMinimarket, desde: antes.desde, hasta: c.hasta },
        async (tx, r) => ({
          mes,
          nombre_minimarket: nombre,
          generado_en: ahora.toISOString(),
          actual: cifrasPeriodo(await cifras(tx, r, c), c.desde, c.hasta),
          anterior: {
            ...cifrasPeriodo(await cifras(tx, r, c, antes.desde, antes.hasta, corteDe(antes)), antes.desde, antes.hasta),
            hasta_hora: antes.hasta_hora,
            hasta_minuto: antes.hasta_minuto,
            comparacion: antes.comparacion,
          },
          por_dia: await serie(tx, r, c, 'dia', hoy),
          por_categoria: await porCategoria(tx, r, c),
          por_metodo_pago: await porMetodoPago(tx, r, c),
          productos: await ranking(tx, r, c, 'ingresos', 'desc', 10),
          horas_peak: await horasPeak(tx, r, c),
        }),
        usuario,
      );
    },

    /** Cuentas por cobrar: what the customers owe today (cuenta_cliente, as GET /api/clientes `por_cobrar`). */
    async porCobrar(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<PorCobrar> {
      return porCobrar(db, await tienda(usuario, idMinimarket));
    },

    /** Whether older figures are still being prepared, and which days. */
    async estado(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<EstadoAnalitica> {
      const id = await tienda(usuario, idMinimarket);
      const e = await diasEnPreparacion(db, id);
      return { dias_en_preparacion: e.dias, desde: e.desde, hasta: e.hasta };
    },
  };
}
