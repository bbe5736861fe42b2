// Products, set-based, from the staging table: a barcode repeated further down the
// file is skipped and reported; an inactive product comes back with the file's values;
// an active one is left alone; the rest are created. Every stock the import puts on a
// shelf is written to the ledger as 'importacion'. Selling by weight (docs/granel.md): a PLU
// is one product's in a shop, so a PLU repeated in the file or already another product's is
// a rejected row; a deleted product with sales does not come back sold another way (its
// lines' quantities would mean units in some and grams in others).
import type pg from 'pg';
import { crearProductosDesdeStaging, reactivarProductosDesdeStaging } from '../data/producto.js';

export const SQL_STG_PRODUCTO = `
CREATE TEMP TABLE stg_producto (
  fila            integer PRIMARY KEY,
  codigo_barra    text,
  nombre_producto text,
  categoria       text,
  precio_venta    integer,
  precio_compra   integer,
  stock           integer,
  descripcion     text,
  marca           text,
  unidad          text,
  codigo_plu      text,
  errores         jsonb,
  celdas          text NOT NULL
) ON COMMIT DROP`;

export interface ConteoProductos {
  cargados: number;
  reactivados: number;
  omitidos: number;
}

export async function aplicarProductos(
  client: pg.Client,
  p: { idMinimarket: number; idUsuario: number | null; nombreArchivo: string },
): Promise<ConteoProductos> {
  await client.query('ANALYZE stg_producto');

  // Repeats inside the file: the first valid row with a barcode wins.
  const repetidas = await client.query(`
    WITH primera AS (
      SELECT fila, min(fila) OVER (PARTITION BY codigo_barra) AS primera
      FROM stg_producto WHERE errores IS NULL
    )
    UPDATE stg_producto s
    SET errores = jsonb_build_array(jsonb_build_object(
      'campo', 'codigo_barra',
      'mensaje', format('El código de barras %s ya aparece en la fila %s del archivo; se omitió esta fila.', s.codigo_barra, p.primera)))
    FROM primera p
    WHERE s.fila = p.fila AND p.primera <> p.fila`);

  await rechazarPluRepetidos(client, p.idMinimarket);
  await rechazarCambiosDeUnidad(client, p.idMinimarket);

  const motivoReactivado = `Producto reactivado por la carga de "${p.nombreArchivo}"`;
  const motivoNuevo = `Stock inicial de la carga de "${p.nombreArchivo}"`;

  const reactivados = await reactivarProductosDesdeStaging(client, 'stg_producto', { ...p, motivo: motivoReactivado });
  const cargados = await crearProductosDesdeStaging(client, 'stg_producto', { ...p, motivo: motivoNuevo });

  const { rows } = await client.query<{ validas: number }>('SELECT count(*)::int AS validas FROM stg_producto WHERE errores IS NULL');
  // Skipped: already active in the shop, plus the repeats inside the file.
  const omitidos = (rows[0]?.validas ?? 0) - cargados - reactivados + (repetidas.rowCount ?? 0);
  return { cargados, reactivados, omitidos };
}

/** Adds one `{campo, mensaje}` to a staging row's problems (the row is then rejected); SQL expressions. */
const agregarError = (campo: string, mensaje: string) =>
  `coalesce(s.errores, '[]'::jsonb) || jsonb_build_array(jsonb_build_object('campo', ${campo}, 'mensaje', ${mensaje}))`;

/**
 * A PLU names one product of the shop (the scale's label finds it by that number): the first
 * valid row with a PLU keeps it, later rows with the same one are rejected, and so is a row whose
 * PLU another product of the shop (another barcode) already has.
 */
async function rechazarPluRepetidos(client: pg.Client, idMinimarket: number) {
  await client.query(`
    WITH primera AS (
      SELECT fila, min(fila) OVER (PARTITION BY codigo_plu) AS primera
      FROM stg_producto WHERE errores IS NULL AND codigo_plu IS NOT NULL
    )
    UPDATE stg_producto s SET errores = ${agregarError(
      "'codigo_plu'",
      "format('El PLU %s ya aparece en la fila %s del archivo: cada producto a granel lleva su propio PLU.', s.codigo_plu, p.primera)",
    )}
    FROM primera p
    WHERE s.fila = p.fila AND p.primera <> p.fila`);
  await client.query(
    `UPDATE stg_producto s SET errores = ${agregarError(
      "'codigo_plu'",
      `format('El PLU %s ya es de "%s" (código de barras %s) en tu inventario: cada producto a granel lleva su propio PLU.', s.codigo_plu, pr.nombre_producto, pr.codigo_barra)`,
    )}
    FROM producto pr
    WHERE s.errores IS NULL AND s.codigo_plu IS NOT NULL
      AND pr.id_minimarket = $1 AND pr.codigo_plu = s.codigo_plu AND pr.codigo_barra <> s.codigo_barra`,
    [idMinimarket],
  );
}

/**
 * A deleted product that the file brings back keeps how it is sold once it has sales: its lines
 * are units or grams by that unit. Without sales it may come back sold the other way.
 */
async function rechazarCambiosDeUnidad(client: pg.Client, idMinimarket: number) {
  await client.query(
    `UPDATE stg_producto s SET errores = ${agregarError(
      "'unidad'",
      `format('"%s" ya tiene ventas %s: no se puede cambiar a %s. Escribe "%s" en la columna unidad.',
         pr.nombre_producto,
         CASE pr.unidad WHEN 'kg' THEN 'a granel (kg)' ELSE 'por unidad' END,
         CASE s.unidad WHEN 'kg' THEN 'a granel (kg)' ELSE 'por unidad' END,
         pr.unidad)`,
    )}
    FROM producto pr
    WHERE s.errores IS NULL AND pr.id_minimarket = $1 AND pr.codigo_barra = s.codigo_barra
      AND pr.estado = 'inactivo' AND pr.unidad <> s.unidad
      AND EXISTS (SELECT 1 FROM detalle_venta d WHERE d.id_minimarket = $1 AND d.id_producto = pr.id_producto)`,
    [idMinimarket],
  );
}
