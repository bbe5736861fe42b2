// Products, set-based, from the staging table: a barcode repeated further down the
// file is skipped and reported; an inactive product comes back with the file's values;
// an active one is left alone; the rest are created. Every stock the import puts on a
// shelf is written to the ledger as 'importacion'.
import type pg from 'pg';

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

  const reactivados = await client.query<{ n: number }>(
    `WITH previo AS (
       SELECT p.id_producto, p.stock AS stock_antes
       FROM producto p JOIN stg_producto s ON s.codigo_barra = p.codigo_barra
       WHERE p.id_minimarket = $1 AND p.estado = 'inactivo' AND s.errores IS NULL
       ORDER BY p.id_producto
       FOR UPDATE OF p
     ), actualizados AS (
       UPDATE producto p SET
         nombre_producto = s.nombre_producto, categoria = s.categoria,
         precio_venta_actual = s.precio_venta, precio_compra_actual = s.precio_compra,
         stock = s.stock, descripcion = s.descripcion, marca = s.marca,
         estado = 'activo', fecha_actualizacion = now()
       FROM stg_producto s, previo
       WHERE p.id_producto = previo.id_producto AND s.codigo_barra = p.codigo_barra AND s.errores IS NULL
       RETURNING p.id_producto, p.stock, previo.stock_antes
     ), movimientos AS (
       INSERT INTO movimiento_stock (id_minimarket, id_producto, id_usuario, tipo, cantidad, stock_resultante, motivo)
       SELECT $1, id_producto, $2, 'importacion', stock - stock_antes, stock, $3
       FROM actualizados WHERE stock <> stock_antes
     )
     SELECT count(*)::int AS n FROM actualizados`,
    [p.idMinimarket, p.idUsuario, motivoReactivado],
  );

  const nuevos = await client.query<{ n: number }>(
    `WITH nuevos AS (
       INSERT INTO producto (id_minimarket, codigo_barra, nombre_producto, categoria, precio_venta_actual,
                             precio_compra_actual, stock, descripcion, marca, estado)
       SELECT $1, s.codigo_barra, s.nombre_producto, s.categoria, s.precio_venta,
              s.precio_compra, s.stock, s.descripcion, s.marca, 'activo'
       FROM stg_producto s
       WHERE s.errores IS NULL
       ORDER BY s.fila
       -- Already in the shop (active, or just reactivated above), or created by a cashier a
       -- moment ago: the row is skipped. One probe of the unique index per row.
       ON CONFLICT (id_minimarket, codigo_barra) DO NOTHING
       RETURNING id_producto, stock
     ), movimientos AS (
       INSERT INTO movimiento_stock (id_minimarket, id_producto, id_usuario, tipo, cantidad, stock_resultante, motivo)
       SELECT $1, id_producto, $2, 'importacion', stock, stock, $3
       FROM nuevos WHERE stock <> 0
     )
     SELECT count(*)::int AS n FROM nuevos`,
    [p.idMinimarket, p.idUsuario, motivoNuevo],
  );

  const { rows } = await client.query<{ validas: number }>('SELECT count(*)::int AS validas FROM stg_producto WHERE errores IS NULL');
  const cargados = nuevos.rows[0]?.n ?? 0;
  const reactivadosN = reactivados.rows[0]?.n ?? 0;
  // Skipped: already active in the shop, plus the repeats inside the file.
  const omitidos = (rows[0]?.validas ?? 0) - cargados - reactivadosN + (repetidas.rowCount ?? 0);
  return { cargados, reactivados: reactivadosN, omitidos };
}
