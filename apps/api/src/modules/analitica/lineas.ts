// The sale lines of a range, read from the raw tables: a page for the screen (sorted, filtered,
// searched) and the whole filtered set for the CSV/XLSX download, in batches on the download's own
// connection (lectura-pesada.ts), so a million lines stream without sitting in memory.
import type { LineaVenta, lineasQuerySchema } from '@minimarket/contracts/analitica';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import type { z } from 'zod';
import { Prisma, type Tx } from '../../db/client.js';
import { escaparLike } from '../../db/like.js';
import { cifras, type Consulta, type Resumenes } from '../../data/resumen-ventas.js';
import type { Celda } from '../../lib/exportar.js';
import { n } from './consulta.js';
import type { ConexionPesada } from './lectura-pesada.js';

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

/** Rows per query of a download. */
const LOTE_EXPORTACION = 5000;

interface FilaLinea {
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

/**
 * A kg line's cost is monto_por_peso(costo por kilo, gramos) (SQL's montoPorPeso), as lineas_contadas
 * counts it for the summaries; its quantity leaves as kilos in the download (exportar.ts).
 */

/** The lines of the shop's sales that count (venta_contada) on the range's Santiago days, filtered. */
function dondeLineas(c: Consulta, search: string | undefined) {
  return Prisma.sql`v.id_minimarket = ${c.idMinimarket}
    AND v.fecha_venta >= (${c.desde}::date)::timestamp AT TIME ZONE ${ZONA_HORARIA}
    AND v.fecha_venta < (${c.hasta}::date + 1)::timestamp AT TIME ZONE ${ZONA_HORARIA}
    ${c.categoria ? Prisma.sql`AND d.categoria = ${c.categoria}` : Prisma.empty}
    ${c.metodoPago ? Prisma.sql`AND v.metodo_pago = ${c.metodoPago}` : Prisma.empty}
    ${search ? Prisma.sql`AND texto_busqueda(d.nombre_producto) LIKE '%' || texto_busqueda(${escaparLike(search)}) || '%'` : Prisma.empty}`;
}

const SELECT_LINEA = Prisma.sql`
  SELECT d.id_detalle_venta, d.id_venta, v.numero_venta, v.id_venta_csv, v.fecha_venta, d.id_producto, d.nombre_producto, d.categoria, v.metodo_pago,
         d.unidad, d.num_unidades, d.precio_unitario, d.subtotal, d.costo_unitario,
         d.subtotal - CASE WHEN d.unidad = 'kg' THEN monto_por_peso(d.costo_unitario, d.num_unidades)
                           ELSE d.costo_unitario::bigint * d.num_unidades END AS margen,
         to_char(v.fecha_venta AT TIME ZONE ${ZONA_HORARIA}, 'YYYY-MM-DD HH24:MI') AS local
  FROM venta_contada v JOIN detalle_venta d ON d.id_venta = v.id_venta AND d.id_minimarket = v.id_minimarket`;

const aLinea = ({ local: _, ...f }: FilaLinea): LineaVenta => ({
  ...f,
  fecha_venta: f.fecha_venta.toISOString(),
  margen: f.margen === null ? null : n(f.margen),
});

/** How many lines the filters match: from the summaries, or by counting when there is a name search. */
export async function contarLineas(tx: Tx, r: Resumenes, c: Consulta, search: string | undefined): Promise<number> {
  if (!search) return (await cifras(tx, r, c)).lineas;
  const [f] = await tx.$queryRaw<{ total: bigint }[]>`
    SELECT count(*)::bigint AS total FROM venta_contada v JOIN detalle_venta d ON d.id_venta = v.id_venta AND d.id_minimarket = v.id_minimarket
    WHERE ${dondeLineas(c, search)}`;
  return n(f?.total);
}

/** One page and how many lines match. */
export async function paginaLineas(tx: Tx, r: Resumenes, c: Consulta, q: LineasQuery): Promise<{ lineas: LineaVenta[]; total: number }> {
  const sentido = Prisma.raw(q.direccion === 'asc' ? 'ASC' : 'DESC');
  // Only the margin can be null (a line without a cost): those go first going up, last going down.
  // The other columns take no NULLS clause, so "newest first" walks the (id_minimarket, fecha_venta)
  // index backwards and stops after the page instead of sorting the whole range.
  const nulos = Prisma.raw(q.orden !== 'margen' ? '' : q.direccion === 'asc' ? 'NULLS FIRST' : 'NULLS LAST');
  const filas = await tx.$queryRaw<FilaLinea[]>`
    ${SELECT_LINEA} WHERE ${dondeLineas(c, q.search)}
    ORDER BY ${Prisma.raw(COLUMNA_ORDEN[q.orden])} ${sentido} ${nulos}, d.id_detalle_venta ${sentido}
    OFFSET ${q.skip} LIMIT ${q.limit}`;
  return { lineas: filas.map(aLinea), total: await contarLineas(tx, r, c, q.search) };
}

/**
 * Every line the filters match, oldest first, as cells of COLUMNAS_EXPORTACION_LINEAS (date and
 * hour on Santiago's clock). Batches follow (fecha_venta, id_detalle_venta), so each is an index
 * range, all in the connection's one snapshot. The connection is given back when the file ends,
 * fails or is abandoned (the download's stream returns the generator).
 */
export async function* celdasLineas(conexion: ConexionPesada, c: Consulta, search: string | undefined): AsyncGenerator<Celda[]> {
  try {
    yield* lotesLineas(conexion, c, search);
  } finally {
    await conexion.cerrar();
  }
}

async function* lotesLineas(conexion: ConexionPesada, c: Consulta, search: string | undefined): AsyncGenerator<Celda[]> {
  let despues: { fecha: Date; id: number } | null = null;
  for (;;) {
    const desde: { fecha: Date; id: number } | null = despues;
    const lote: FilaLinea[] = await conexion.consultar<FilaLinea>(Prisma.sql`
      ${SELECT_LINEA} WHERE ${dondeLineas(c, search)}
      ${desde ? Prisma.sql`AND (v.fecha_venta, d.id_detalle_venta) > (${desde.fecha}::timestamptz, ${desde.id}::bigint)` : Prisma.empty}
      ORDER BY v.fecha_venta, d.id_detalle_venta
      LIMIT ${LOTE_EXPORTACION}`);
    for (const f of lote) {
      yield [
        f.numero_venta ?? f.id_venta_csv,
        f.local.slice(0, 10),
        f.local.slice(11),
        f.nombre_producto,
        f.categoria,
        f.metodo_pago,
        f.unidad === 'kg' ? { gramos: f.num_unidades } : f.num_unidades,
        f.unidad,
        f.precio_unitario,
        f.subtotal,
        f.costo_unitario,
        f.margen === null ? null : n(f.margen),
      ];
    }
    if (lote.length < LOTE_EXPORTACION) return;
    const ultima: FilaLinea = lote[lote.length - 1]!;
    despues = { fecha: ultima.fecha_venta, id: ultima.id_detalle_venta };
  }
}
