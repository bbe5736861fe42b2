// detalle_venta, read as the analytics' raw lines (Datos brutos): the lines of the sales that count
// (venta_contada) on a range's Santiago days, filtered, sorted and searched, a page at a time for
// the screen, and in batches for the CSV/XLSX download (modules/analitica/lineas.ts), which runs
// them on a connection of its own (modules/analitica/lectura-pesada.ts). One place for the
// statement, whichever connection runs it. The lines of a few given sales are venta-lecturas.ts's.
import type { LineaVenta, lineasQuerySchema } from '@minimarket/contracts/analitica';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import type pg from 'pg';
import type { z } from 'zod';
import { Prisma, type Tx } from '../db/client.js';
import { escaparLike } from '../db/like.js';
import { n, type Consulta } from './resumen-ventas.js';

type LineasQuery = z.output<typeof lineasQuerySchema>;

/** The column each sort key orders by (whitelisted: never the client's text in SQL). */
const COLUMNA_ORDEN: Record<LineasQuery['orden'], string> = {
  fecha: 'v.fecha_venta',
  producto: 'd.nombre_producto',
  categoria: 'd.categoria',
  metodo_pago: 'v.metodo_pago',
  unidades: 'd.num_unidades',
  precio: 'd.precio_unitario',
  subtotal: 'd.subtotal',
  margen: 'margen',
};

export interface FilaLinea {
  id_detalle_venta: number;
  id_venta: number;
  numero_venta: number | null;
  id_venta_csv: string | null;
  fecha_venta: Date;
  id_producto: number;
  nombre_producto: string;
  categoria: LineaVenta['categoria'];
  metodo_pago: LineaVenta['metodo_pago'];
  unidad: LineaVenta['unidad'];
  num_unidades: number;
  precio_unitario: number;
  subtotal: number;
  costo_unitario: number | null;
  /** bigint through Prisma, a decimal string through pg: both read with n(). */
  margen: bigint | string | null;
  /** 'YYYY-MM-DD HH:MM' on Santiago's clock. */
  local: string;
}

/** The lines of the shop's sales that count (venta_contada) on the range's Santiago days, filtered. */
function dondeLineas(c: Consulta, search: string | undefined) {
  return Prisma.sql`v.id_minimarket = ${c.idMinimarket}
    AND v.fecha_venta >= (${c.desde}::date)::timestamp AT TIME ZONE ${ZONA_HORARIA}
    AND v.fecha_venta < (${c.hasta}::date + 1)::timestamp AT TIME ZONE ${ZONA_HORARIA}
    ${c.categoria ? Prisma.sql`AND d.categoria = ${c.categoria}` : Prisma.empty}
    ${c.metodoPago ? Prisma.sql`AND v.metodo_pago = ${c.metodoPago}` : Prisma.empty}
    ${search ? Prisma.sql`AND texto_busqueda(d.nombre_producto) LIKE '%' || texto_busqueda(${escaparLike(search)}) || '%'` : Prisma.empty}`;
}

/**
 * A line as the screen and the download show it. A kg line's cost is monto_por_peso(costo por kilo,
 * gramos) (SQL's montoPorPeso), as lineas_contadas counts it for the summaries; its quantity leaves
 * as kilos in the download (exportar.ts).
 */
const SELECT_LINEA = Prisma.sql`
  SELECT d.id_detalle_venta, d.id_venta, v.numero_venta, v.id_venta_csv, v.fecha_venta, d.id_producto, d.nombre_producto, d.categoria, v.metodo_pago,
         d.unidad, d.num_unidades, d.precio_unitario, d.subtotal, d.costo_unitario,
         d.subtotal - CASE WHEN d.unidad = 'kg' THEN monto_por_peso(d.costo_unitario, d.num_unidades)
                           ELSE d.costo_unitario::bigint * d.num_unidades END AS margen,
         to_char(v.fecha_venta AT TIME ZONE ${ZONA_HORARIA}, 'YYYY-MM-DD HH24:MI') AS local
  FROM venta_contada v JOIN detalle_venta d ON d.id_venta = v.id_venta AND d.id_minimarket = v.id_minimarket`;

/** How many lines match a name search, counted line by line (without one, the summaries know: cifras). */
export async function contarLineasBuscadas(tx: Tx, c: Consulta, search: string): Promise<number> {
  const [f] = await tx.$queryRaw<{ total: bigint }[]>`
    SELECT count(*)::bigint AS total FROM venta_contada v JOIN detalle_venta d ON d.id_venta = v.id_venta AND d.id_minimarket = v.id_minimarket
    WHERE ${dondeLineas(c, search)}`;
  return n(f?.total);
}

/** One page of the lines, sorted by the query's column and direction (ties by line). */
export function paginaDeLineas(tx: Tx, c: Consulta, q: LineasQuery): Promise<FilaLinea[]> {
  const sentido = Prisma.raw(q.direccion === 'asc' ? 'ASC' : 'DESC');
  // Only the margin can be null (a line without a cost): those go first going up, last going down.
  // The other columns take no NULLS clause, so "newest first" walks the (id_minimarket, fecha_venta)
  // index backwards and stops after the page instead of sorting the whole range.
  const nulos = Prisma.raw(q.orden !== 'margen' ? '' : q.direccion === 'asc' ? 'NULLS FIRST' : 'NULLS LAST');
  return tx.$queryRaw<FilaLinea[]>`
    ${SELECT_LINEA} WHERE ${dondeLineas(c, q.search)}
    ORDER BY ${Prisma.raw(COLUMNA_ORDEN[q.orden])} ${sentido} ${nulos}, d.id_detalle_venta ${sentido}
    OFFSET ${q.skip} LIMIT ${q.limit}`;
}

/** A connection that runs a statement and returns its rows (a download's own: ConexionPesada). */
export interface Consultor {
  consultar<T extends pg.QueryResultRow>(sql: Prisma.Sql): Promise<T[]>;
}

/**
 * Up to `limite` lines after `despues` (null: from the first), oldest first. Batches follow
 * (fecha_venta, id_detalle_venta), so each is an index range.
 */
export function loteDeLineas(
  conexion: Consultor,
  c: Consulta,
  search: string | undefined,
  despues: { fecha: Date; id: number } | null,
  limite: number,
): Promise<FilaLinea[]> {
  return conexion.consultar<FilaLinea>(Prisma.sql`
      ${SELECT_LINEA} WHERE ${dondeLineas(c, search)}
      ${despues ? Prisma.sql`AND (v.fecha_venta, d.id_detalle_venta) > (${despues.fecha}::timestamptz, ${despues.id}::bigint)` : Prisma.empty}
      ORDER BY v.fecha_venta, d.id_detalle_venta
      LIMIT ${limite}`);
}
