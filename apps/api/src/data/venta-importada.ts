// venta and detalle_venta from an imported sales file (imports/aplicar-ventas.ts): history, set-based,
// inside the import's transaction; no stock moves. Kept apart from venta.ts while selling by weight
// (issue #20) is built there by someone else: each line brings its own subtotal (a kg line's is
// monto_por_peso of its grams, never price × quantity) and its unit, which the line keeps. This
// replaces venta.ts insertarVentasDesdeStaging; the two may become one in venta.ts.
import type pg from 'pg';
import { marcarDiasPendientesDesde } from './resumen-ventas.js';

/**
 * The lines of `lineas` (a temp table: id_venta_csv, fecha_venta, metodo_pago, id_producto,
 * num_unidades, precio, subtotal, unidad, nombre_producto, fila, rechazada, ya_importada) that are
 * neither rejected nor already in become sales of the shop, grouped by id_venta_csv, each total
 * the sum of its subtotals. A sale another import put in meanwhile is left alone.
 */
export async function insertarVentasImportadas(
  client: pg.ClientBase,
  lineas: string,
  p: { idMinimarket: number; idUsuario: number | null },
) {
  const { rows } = await client.query<{ ventas: number; lineas: number }>(
    `WITH grupos AS (
       SELECT id_venta_csv, min(fecha_venta) AS fecha_venta, min(metodo_pago) AS metodo_pago,
              sum(subtotal) AS total
       FROM ${lineas} WHERE NOT rechazada AND NOT ya_importada
       GROUP BY id_venta_csv
     ), ventas AS (
       INSERT INTO venta (id_minimarket, id_usuario, fecha_venta, total, metodo_pago, estado_venta, id_venta_csv)
       SELECT $1, $2, fecha_venta, total, metodo_pago, 'Completada', id_venta_csv
       FROM grupos ORDER BY fecha_venta, id_venta_csv
       ON CONFLICT (id_minimarket, id_venta_csv) DO NOTHING
       RETURNING id_venta, id_venta_csv
     ), insertadas AS (
       INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal,
                                  nombre_producto, costo_unitario, categoria, unidad)
       SELECT v.id_venta, $1, l.id_producto, l.num_unidades, l.precio, l.subtotal, l.nombre_producto,
              p.precio_compra_actual, p.categoria, l.unidad
       FROM ventas v JOIN ${lineas} l ON l.id_venta_csv = v.id_venta_csv
       JOIN producto p ON p.id_producto = l.id_producto
       WHERE NOT l.rechazada AND NOT l.ya_importada
       ORDER BY v.id_venta, l.fila
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM ventas)::int AS ventas, (SELECT count(*) FROM insertadas)::int AS lineas`,
    [p.idMinimarket, p.idUsuario],
  );
  // Their days are to be summed into the analytics' summaries.
  await marcarDiasPendientesDesde(
    client,
    p.idMinimarket,
    `(SELECT fecha_venta FROM ${lineas} WHERE NOT rechazada AND NOT ya_importada) AS l`,
  );
  return { ventas: rows[0]?.ventas ?? 0, lineas: rows[0]?.lineas ?? 0 };
}
