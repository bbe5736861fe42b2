// Products, set-based, from the staging table: a barcode repeated further down the
// file is skipped and reported; an inactive product comes back with the file's values;
// an active one is left alone; the rest are created. Every stock the import puts on a
// shelf is written to the ledger as 'importacion'.
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

  const motivoReactivado = `Producto reactivado por la carga de "${p.nombreArchivo}"`;
  const motivoNuevo = `Stock inicial de la carga de "${p.nombreArchivo}"`;

  const reactivados = await reactivarProductosDesdeStaging(client, 'stg_producto', { ...p, motivo: motivoReactivado });
  const cargados = await crearProductosDesdeStaging(client, 'stg_producto', { ...p, motivo: motivoNuevo });

  const { rows } = await client.query<{ validas: number }>('SELECT count(*)::int AS validas FROM stg_producto WHERE errores IS NULL');
  // Skipped: already active in the shop, plus the repeats inside the file.
  const omitidos = (rows[0]?.validas ?? 0) - cargados - reactivados + (repetidas.rowCount ?? 0);
  return { cargados, reactivados, omitidos };
}
