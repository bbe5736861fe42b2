// Historical sales, set-based, from the staging table. Rows with the same id_venta_csv
// are one sale, priced at each product's current precio_venta_actual. A sale already
// imported in this shop is skipped (uploading a file twice changes nothing); a sale
// with any bad row is rejected whole, with its reasons. History does not move stock.
// A line of a kg product (docs/granel.md) has its num_unidades in kilos in the file, grams
// in the shop, and its subtotal is monto_por_peso (prisma/funciones), the one rounding rule.
//
// The lines are resolved once into stg_linea (product, price, already imported) with one
// CREATE TABLE AS; after that only the few rows with problems are ever UPDATEd, so a
// 300,000-line file is not rewritten again and again.
import type pg from 'pg';
import { MAX_ENTERO } from '@minimarket/contracts/reglas';
import { insertarVentasImportadas } from '../data/venta.js';

export const SQL_STG_VENTA = `
CREATE TEMP TABLE stg_venta (
  fila            integer PRIMARY KEY,
  id_venta_csv    text,
  fecha_venta     timestamptz,
  metodo_pago     text,
  codigo_barra    text,
  num_unidades    integer,   -- the quantity read as whole units (null if it cannot be)
  num_gramos      integer,   -- the same cell read as a weight (kilos or grams), in grams
  error_unidades  text,      -- why it is not units, for a unit product's line
  error_gramos    text,      -- why it is not a weight, for a kg product's line
  errores         jsonb,
  celdas          text NOT NULL
) ON COMMIT DROP`;

/** Appends one `{campo, mensaje}` to a line's problems; both arguments are SQL expressions. */
const agregarError = (campo: string, mensaje: string) =>
  `coalesce(l.errores, '[]'::jsonb) || jsonb_build_array(jsonb_build_object('campo', ${campo}, 'mensaje', ${mensaje}))`;

export interface ConteoVentas {
  procesadas: number;
  omitidasPorErrores: number;
  yaImportadas: number;
  filasImportadas: number;
}

export async function aplicarVentas(client: pg.Client, p: { idMinimarket: number; idUsuario: number | null }): Promise<ConteoVentas> {
  // Each line with its product as the shop has it now, and whether its sale is already in. The
  // product's unit says which reading of the quantity counts (units, or grams of a kg product)
  // and how the line is priced; an unknown product's line is read as units (its sale is rejected
  // anyway), and reports a quantity only when the cell is neither.
  await client.query(
    `CREATE TEMP TABLE stg_linea ON COMMIT DROP AS
     SELECT c.*,
            CASE c.unidad WHEN 'kg' THEN monto_por_peso(c.precio, c.num_unidades)
                          ELSE c.precio::bigint * c.num_unidades END AS subtotal
     FROM (
       SELECT s.fila, s.id_venta_csv, s.fecha_venta, s.metodo_pago, s.codigo_barra, s.errores,
              coalesce(pr.unidad, 'unidad') AS unidad,
              CASE WHEN pr.unidad = 'kg' THEN s.num_gramos ELSE s.num_unidades END AS num_unidades,
              CASE WHEN pr.unidad = 'kg' THEN s.error_gramos
                   WHEN pr.id_producto IS NOT NULL OR s.num_gramos IS NULL THEN s.error_unidades END AS error_cantidad,
              pr.id_producto, pr.estado AS estado_producto, pr.nombre_producto, pr.precio_venta_actual AS precio,
              (v.id_venta IS NOT NULL) AS ya_importada, false AS rechazada
       FROM stg_venta s
       LEFT JOIN producto pr ON pr.id_minimarket = $1 AND pr.codigo_barra = s.codigo_barra
       LEFT JOIN venta v ON v.id_minimarket = $1 AND v.id_venta_csv = s.id_venta_csv
     ) c`,
    [p.idMinimarket],
  );
  await client.query('ANALYZE stg_linea');

  // Already in the shop (same id_venta_csv): skipped whole, whatever its lines say now.
  await client.query('UPDATE stg_linea SET errores = NULL WHERE ya_importada AND errores IS NOT NULL');

  await client.query(`
    UPDATE stg_linea l SET errores = ${agregarError(
      "'codigo_barra'",
      `CASE WHEN l.estado_producto = 'inactivo'
         THEN format('El producto "%s" (código %s) fue eliminado del inventario. Cárgalo de nuevo en Productos antes de cargar sus ventas.', l.nombre_producto, l.codigo_barra)
         ELSE format('El producto con código de barras %s no está en el inventario. Cárgalo primero en Productos.', l.codigo_barra) END`,
    )}
    WHERE NOT l.ya_importada AND l.codigo_barra IS NOT NULL AND (l.id_producto IS NULL OR l.estado_producto <> 'activo')`);
  // The quantity, read by the product's unit: '1,5' of a unit product or '1.5' of a kg one.
  await client.query(`
    UPDATE stg_linea l SET errores = ${agregarError("'num_unidades'", 'l.error_cantidad')}
    WHERE NOT l.ya_importada AND l.error_cantidad IS NOT NULL`);
  await client.query(`
    UPDATE stg_linea l SET errores = ${agregarError("'num_unidades'", `'El subtotal de esta fila (precio actual por la cantidad) es demasiado alto.'`)}
    WHERE NOT l.ya_importada AND l.subtotal > ${MAX_ENTERO}`);

  // One sale, one moment and one way of paying: lines that disagree with the first line are wrong.
  await client.query(`
    WITH primera AS (
      SELECT DISTINCT ON (id_venta_csv) id_venta_csv, fila, fecha_venta, metodo_pago
      FROM stg_linea
      WHERE NOT ya_importada AND id_venta_csv IS NOT NULL AND fecha_venta IS NOT NULL AND metodo_pago IS NOT NULL
      ORDER BY id_venta_csv, fila
    )
    UPDATE stg_linea l SET errores = ${agregarError(
      "CASE WHEN l.fecha_venta <> f.fecha_venta THEN 'fecha_venta' ELSE 'metodo_pago' END",
      `format('Las filas de la venta "%s" deben tener la misma fecha y método de pago que su primera fila (fila %s).', l.id_venta_csv, f.fila)`,
    )}
    FROM primera f
    WHERE l.id_venta_csv = f.id_venta_csv AND l.fila <> f.fila
      AND (l.fecha_venta <> f.fecha_venta OR l.metodo_pago <> f.metodo_pago)`);

  // A sale whose total would not fit is refused on its first line.
  await client.query(`
    WITH grande AS (
      SELECT id_venta_csv, min(fila) AS fila FROM stg_linea
      WHERE NOT ya_importada AND id_venta_csv IS NOT NULL
      GROUP BY id_venta_csv HAVING sum(subtotal) > ${MAX_ENTERO}
    )
    UPDATE stg_linea l SET errores = ${agregarError("'id_venta_csv'", `'El total de esta venta es demasiado alto.'`)}
    FROM grande g WHERE l.fila = g.fila`);

  // Any bad line rejects its whole sale; the good lines say why they were left out.
  await client.query(`
    WITH malas AS (
      SELECT id_venta_csv, min(fila) AS fila_error
      FROM stg_linea
      WHERE NOT ya_importada AND id_venta_csv IS NOT NULL AND errores IS NOT NULL
      GROUP BY id_venta_csv
    )
    UPDATE stg_linea l SET rechazada = true,
      errores = coalesce(l.errores, jsonb_build_array(jsonb_build_object(
        'campo', 'id_venta_csv',
        'mensaje', format('La venta "%s" se rechazó completa porque otra de sus filas tiene errores (fila %s).', l.id_venta_csv, m.fila_error))))
    FROM malas m WHERE l.id_venta_csv = m.id_venta_csv`);
  await client.query('UPDATE stg_linea SET rechazada = true WHERE id_venta_csv IS NULL');

  const insertadas = await insertarVentasImportadas(client, 'stg_linea', p);

  const { rows } = await client.query<{ rechazadas: number; ya: number }>(`
    SELECT (count(DISTINCT id_venta_csv) FILTER (WHERE rechazada)
            + count(*) FILTER (WHERE rechazada AND id_venta_csv IS NULL))::int AS rechazadas,
           count(DISTINCT id_venta_csv) FILTER (WHERE ya_importada)::int AS ya
    FROM stg_linea`);

  // The problems go back to the staging rows, beside their cells (importar.ts reports from there).
  await client.query(`
    UPDATE stg_venta s SET errores = l.errores
    FROM stg_linea l
    WHERE l.fila = s.fila AND l.errores IS DISTINCT FROM s.errores`);

  return {
    procesadas: insertadas.ventas,
    filasImportadas: insertadas.lineas,
    omitidasPorErrores: rows[0]?.rechazadas ?? 0,
    yaImportadas: rows[0]?.ya ?? 0,
  };
}
