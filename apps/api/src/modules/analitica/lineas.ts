// The sale lines of a range, read from the raw tables (data/lineas-venta.ts): a page for the screen
// (sorted, filtered, searched) and the whole filtered set for the CSV/XLSX download, in batches on
// the download's own connection (lectura-pesada.ts), so a million lines stream without sitting in
// memory.
import { COLUMNAS_EXPORTACION_LINEAS, type LineaVenta, type lineasQuerySchema } from '@minimarket/contracts/analitica';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { contarLineasBuscadas, loteDeLineas, paginaDeLineas, type FilaLinea } from '../../data/lineas-venta.js';
import { cifras, type Consulta, type Resumenes } from '../../data/resumen-ventas.js';
import { validation } from '../../lib/errors.js';
import { descarga, type Celda, type Descarga } from '../../lib/exportar.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { n } from './consulta.js';
import type { ContextoAnalitica } from './contexto.js';
import type { ConexionPesada } from './lectura-pesada.js';

type LineasQuery = z.output<typeof lineasQuerySchema>;

/** Rows per query of a download. */
const LOTE_EXPORTACION = 5000;
/** How many lines a download may carry: Excel's sheet ends at 1,048,576 rows. */
export const MAX_LINEAS_EXPORTACION = 1_000_000;
export const MENSAJE_EXPORTACION_GRANDE = `La descarga puede tener a lo más ${MAX_LINEAS_EXPORTACION.toLocaleString('es-CL')} líneas: acorta el rango o agrega un filtro.`;

const aLinea = ({ local: _, ...f }: FilaLinea): LineaVenta => ({
  ...f,
  fecha_venta: f.fecha_venta.toISOString(),
  margen: f.margen === null ? null : n(f.margen),
});

/** How many lines the filters match: from the summaries, or by counting when there is a name search. */
export async function contarLineas(tx: Tx, r: Resumenes, c: Consulta, search: string | undefined): Promise<number> {
  if (!search) return (await cifras(tx, r, c)).lineas;
  return contarLineasBuscadas(tx, c, search);
}

/** One page and how many lines match. */
export async function paginaLineas(tx: Tx, r: Resumenes, c: Consulta, q: LineasQuery): Promise<{ lineas: LineaVenta[]; total: number }> {
  const filas = await paginaDeLineas(tx, c, q);
  return { lineas: filas.map(aLinea), total: await contarLineas(tx, r, c, q.search) };
}

/**
 * A page of the range's sale lines and how many match (GET /api/analitica/lineas). Sorting by
 * anything but the date, or searching by name, walks every line of the range: a heavy read.
 */
export async function lineas(ctx: ContextoAnalitica, usuario: UsuarioSesion, q: LineasQuery) {
  const c = await ctx.consulta(usuario, q);
  const pesada = Boolean(q.search) || q.orden !== 'fecha';
  return ctx.leer(c, (tx, r) => paginaLineas(tx, r, c, q), pesada ? usuario : undefined);
}

/**
 * Every line the filters match as a CSV or XLSX file (refused past Excel's row limit), streamed
 * from a connection of its own that holds one of the user's turns until the file ends.
 */
export async function exportarLineas(
  ctx: ContextoAnalitica,
  usuario: UsuarioSesion,
  q: LineasQuery,
  formato: 'csv' | 'xlsx',
): Promise<Descarga> {
  const c = await ctx.consulta(usuario, q);
  const total = await ctx.leer(c, (tx, r) => contarLineas(tx, r, c, q.search), q.search ? usuario : undefined);
  if (total > MAX_LINEAS_EXPORTACION)
    throw validation(MENSAJE_EXPORTACION_GRANDE, [{ campo: 'hasta', mensaje: MENSAJE_EXPORTACION_GRANDE }]);
  const conexion = await ctx.pesadas.abrir(usuario.id_usuario);
  return descarga(formato, `ventas_${c.desde}_${c.hasta}`, 'Ventas', COLUMNAS_EXPORTACION_LINEAS, celdasLineas(conexion, c, q.search));
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
    const lote: FilaLinea[] = await loteDeLineas(conexion, c, search, despues, LOTE_EXPORTACION);
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
