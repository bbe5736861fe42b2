// producto: the shops' products. Every change of a product's stock is made here, and each one
// writes its ledger row (movimiento-stock.ts) in the same transaction: the sale function
// registrar_venta is the only other place that moves stock. A change of price or a count also goes
// to the shop's audit trail (auditoria.ts), in the same transaction.
import type { TipoAjuste } from '@minimarket/contracts/ajustes-stock';
import { contarCantidad } from '@minimarket/contracts/cantidad';
import { costoTrasIngreso } from '@minimarket/contracts/costo-promedio';
import { formatClp } from '@minimarket/contracts/formato';
import { type UnidadVenta, valorAlCosto } from '@minimarket/contracts/granel';
import type pg from 'pg';
import type { Prisma, Tx } from '../db/client.js';
import { type EntradaNueva, registrarAuditoria } from './auditoria.js';
import { registrarMovimiento, registrarMovimientos, sqlMovimientosDesde } from './movimiento-stock.js';

export type ValoresProducto = Omit<
  Prisma.ProductoUncheckedCreateInput,
  'id_producto' | 'stock' | 'estado' | 'fecha_creacion' | 'fecha_actualizacion'
>;

/** A new product with its first stock (an 'ingreso' in the ledger when there is any). */
export async function crearProducto(tx: Tx, valores: ValoresProducto, stock: number, idUsuario: number) {
  const producto = await tx.producto.create({ data: { ...valores, stock, estado: 'activo' } });
  if (stock !== 0) {
    await registrarMovimientos(tx, [
      {
        id_minimarket: producto.id_minimarket,
        id_producto: producto.id_producto,
        id_usuario: idUsuario,
        tipo: 'ingreso',
        cantidad: stock,
        stock_resultante: stock,
        motivo: 'Stock inicial del producto',
      },
    ]);
  }
  return producto;
}

/** A deleted product (same barcode) back to life with new values; the stock difference is an 'ajuste'. */
export async function reactivarProducto(
  tx: Tx,
  previo: { id_minimarket: number; id_producto: number; stock: number },
  valores: Partial<ValoresProducto>,
  stock: number,
  idUsuario: number,
) {
  const producto = await tx.producto.update({
    where: { id_minimarket_id_producto: { id_minimarket: previo.id_minimarket, id_producto: previo.id_producto } },
    data: { ...valores, stock, estado: 'activo' },
  });
  const cantidad = producto.stock - previo.stock;
  if (cantidad !== 0) {
    await registrarMovimientos(tx, [
      {
        id_minimarket: producto.id_minimarket,
        id_producto: producto.id_producto,
        id_usuario: idUsuario,
        tipo: 'ajuste',
        cantidad,
        stock_resultante: producto.stock,
        motivo: 'Producto reactivado',
      },
    ]);
  }
  return producto;
}

/**
 * Edits a product. With `stock`, the count replaces the one on the shelf: the row is locked first
 * so the ledger's difference is against the stock really replaced. Returns the product and the
 * stock before (null when the stock was not touched).
 */
export async function actualizarProducto(
  tx: Tx,
  idMinimarket: number,
  id: number,
  cambios: Prisma.ProductoUpdateInput,
  nuevoStock: number | undefined,
  idUsuario: number,
) {
  let antes: number | null = null;
  let precioAntes: number | null = null;
  // What the audit trail and the ledger compare with: the row as it was, under its lock.
  if (nuevoStock !== undefined || cambios.precio_venta_actual !== undefined) {
    const [actual] = await tx.$queryRaw<
      { stock: number; precio_venta_actual: number }[]
    >`SELECT stock, precio_venta_actual FROM producto WHERE id_minimarket = ${idMinimarket} AND id_producto = ${id} FOR UPDATE`;
    if (!actual) return null;
    if (nuevoStock !== undefined) antes = actual.stock;
    precioAntes = actual.precio_venta_actual;
  }
  const producto = await tx.producto.update({
    where: { id_minimarket_id_producto: { id_minimarket: idMinimarket, id_producto: id } },
    data: { ...cambios, ...(nuevoStock !== undefined ? { stock: nuevoStock } : {}) },
  });
  // A stock typed in the edit form is a count: it shows among the adjustments, valued at the cost.
  if (antes !== null && producto.stock !== antes) {
    await registrarMovimientos(tx, [
      {
        id_minimarket: producto.id_minimarket,
        id_producto: id,
        id_usuario: idUsuario,
        tipo: 'ajuste',
        tipo_ajuste: 'conteo',
        cantidad: producto.stock - antes,
        stock_resultante: producto.stock,
        costo_unitario: producto.precio_compra_actual,
        motivo: 'Ajuste manual de stock',
        nota: 'Stock corregido al editar el producto',
      },
    ]);
  }
  // Every change of price and of a counted stock goes to the shop's audit trail (docs/cajeros.md).
  await registrarAuditoria(
    tx,
    ...(precioAntes !== null && producto.precio_venta_actual !== precioAntes
      ? [entradaCambioPrecio(producto, precioAntes, idUsuario, 'al editar el producto')]
      : []),
    ...(antes !== null && producto.stock !== antes
      ? [
          {
            id_minimarket: producto.id_minimarket,
            accion: 'ajuste_stock' as const,
            id_usuario: idUsuario,
            detalle: `Stock de "${producto.nombre_producto}" corregido al editar el producto: ${contarCantidad(antes, unidadDe(producto))} → ${contarCantidad(producto.stock, unidadDe(producto))}.`,
            datos: { id_producto: id, antes, despues: producto.stock },
          },
        ]
      : []),
  );
  return { producto, antes };
}

const unidadDe = (p: { unidad: string }) => p.unidad as UnidadVenta;

/** formatClp in SQL ($1.990): for entries written by set-based SQL. */
const SQL_CLP = (columna: string) => `'$' || replace(to_char(${columna}, 'FM999,999,999,990'), ',', '.')`;

/** A price change as the audit trail keeps it (the offline lane reads `antes` and `despues`). */
export function entradaCambioPrecio(
  p: { id_minimarket: number; id_producto: number; nombre_producto: string; precio_venta_actual: number; unidad: string },
  antes: number,
  idUsuario: number | null,
  como: string,
): EntradaNueva {
  const porKilo = p.unidad === 'kg' ? ' el kilo' : '';
  return {
    id_minimarket: p.id_minimarket,
    accion: 'cambio_precio',
    id_usuario: idUsuario,
    detalle: `Precio de "${p.nombre_producto}" ${como}: ${formatClp(antes)} → ${formatClp(p.precio_venta_actual)}${porKilo}.`,
    datos: { antes, despues: p.precio_venta_actual },
    id_producto: p.id_producto,
  };
}

/** What a stock change under the product's lock needs to know. */
export interface ProductoBloqueado {
  id_producto: number;
  id_minimarket: number;
  nombre_producto: string;
  stock: number;
  precio_compra_actual: number | null;
  estado: string;
  /** 'kg': stock is grams and the cost is per kilo. */
  unidad: 'unidad' | 'kg';
}

/**
 * The product's row locked FOR UPDATE until the transaction ends (null if the shop has no such
 * product). A sale's guarded UPDATE waits on this lock and then re-checks the stock it finds, so a
 * change made from what is read here and a sale never undo each other (docs/stock.md).
 */
export async function productoBajoCandado(tx: Tx, idProducto: number, idMinimarket: number): Promise<ProductoBloqueado | null> {
  const [p] = await tx.$queryRaw<ProductoBloqueado[]>`
    SELECT id_producto, id_minimarket, nombre_producto, stock, precio_compra_actual, estado, unidad
    FROM producto WHERE id_producto = ${idProducto} AND id_minimarket = ${idMinimarket}
    FOR UPDATE`;
  return p ?? null;
}

/**
 * An owner's adjustment of a product already under its lock (productoBajoCandado): the stock set
 * to `stockNuevo` and its ledger row with the reason, the note, the user and the unit cost then.
 * The caller has checked the rules (never below zero, reasons that only take units out).
 */
export async function ajustarStock(
  tx: Tx,
  a: { producto: ProductoBloqueado; stockNuevo: number; tipoAjuste: TipoAjuste; nota: string | null; idUsuario: number },
) {
  const producto = await tx.producto.update({
    where: { id_minimarket_id_producto: { id_minimarket: a.producto.id_minimarket, id_producto: a.producto.id_producto } },
    data: { stock: a.stockNuevo },
  });
  const movimiento = await registrarMovimiento(tx, {
    id_minimarket: producto.id_minimarket,
    id_producto: producto.id_producto,
    id_usuario: a.idUsuario,
    tipo: 'ajuste',
    tipo_ajuste: a.tipoAjuste,
    cantidad: a.stockNuevo - a.producto.stock,
    stock_resultante: producto.stock,
    costo_unitario: a.producto.precio_compra_actual,
    motivo: `Ajuste de stock: ${a.tipoAjuste}`,
    nota: a.nota,
  });
  await registrarAuditoria(tx, {
    id_minimarket: producto.id_minimarket,
    accion: 'ajuste_stock',
    id_usuario: a.idUsuario,
    detalle: `Ajuste de stock (${a.tipoAjuste}) de "${producto.nombre_producto}": ${contarCantidad(a.producto.stock, a.producto.unidad)} → ${contarCantidad(producto.stock, a.producto.unidad)}${a.nota ? `. ${a.nota}` : '.'}`,
    datos: { id_producto: producto.id_producto, antes: a.producto.stock, despues: producto.stock },
  });
  return { producto, movimiento };
}

/**
 * A delivery, under the product's lock: units added, the unit cost set to the weighted average of
 * the shelf and the delivery (the contracts' costoTrasIngreso, the rule the web previews), an
 * 'ingreso' with its total cost. Null if the shop has no such product.
 */
export async function ingresarStock(
  tx: Tx,
  id: number,
  idMinimarket: number,
  ingreso: { cantidad: number; costoTotal: number },
  idUsuario: number,
) {
  const actual = await productoBajoCandado(tx, id, idMinimarket);
  if (!actual) return null;
  const { costoResultante } = costoTrasIngreso({
    stockActual: actual.stock,
    costoActual: actual.precio_compra_actual,
    cantidad: ingreso.cantidad,
    costoTotal: ingreso.costoTotal,
    unidad: actual.unidad,
  });
  const producto = await tx.producto.update({
    where: { id_minimarket_id_producto: { id_minimarket: idMinimarket, id_producto: id } },
    data: { stock: actual.stock + ingreso.cantidad, precio_compra_actual: costoResultante },
  });
  await registrarMovimientos(tx, [
    {
      id_minimarket: producto.id_minimarket,
      id_producto: id,
      id_usuario: idUsuario,
      tipo: 'ingreso',
      cantidad: ingreso.cantidad,
      stock_resultante: producto.stock,
      costo_total: ingreso.costoTotal,
      motivo: 'Ingreso de mercadería',
    },
  ]);
  return producto;
}

/**
 * Soft delete: the product leaves lists and the POS; sales history keeps it. Its scale PLU is
 * given back, so another product can take that key on the scale.
 */
export const desactivarProducto = (tx: Tx, idMinimarket: number, id: number) =>
  tx.producto.update({
    where: { id_minimarket_id_producto: { id_minimarket: idMinimarket, id_producto: id } },
    data: { estado: 'inactivo', codigo_plu: null },
  });

/** The demo shelves, created with their stock as an initial count ('ajuste') in the ledger. Returns id by barcode. */
export async function crearProductosIniciales(
  tx: Tx,
  // stock_inicial (the demo): the count at `fecha`, before the history's sales took today's `stock` out of it.
  // Every demo product has its barcode (the map below is keyed by it).
  productos: Array<ValoresProducto & { codigo_barra: string; stock: number; stock_inicial?: number; costo_unitario: number; fecha: Date }>,
  idUsuario: number,
  motivo: string,
): Promise<Map<string, number>> {
  const creados = await tx.producto.createManyAndReturn({
    data: productos.map(({ costo_unitario: _costo, stock_inicial: _inicial, fecha, ...p }) => ({
      ...p,
      estado: 'activo',
      fecha_creacion: fecha,
      fecha_actualizacion: fecha,
    })),
    select: { id_producto: true, codigo_barra: true },
  });
  // Matched by barcode (unique per shop) rather than trusting RETURNING's row order.
  const idPorCodigo = new Map(creados.map((c) => [c.codigo_barra!, c.id_producto]));
  await registrarMovimientos(
    tx,
    productos.map((p) => ({
      id_minimarket: p.id_minimarket,
      id_producto: idPorCodigo.get(p.codigo_barra)!,
      id_usuario: idUsuario,
      tipo: 'ajuste' as const,
      cantidad: p.stock_inicial ?? p.stock,
      stock_resultante: p.stock_inicial ?? p.stock,
      // A kg product's count is grams at a cost per kilo: valued as any kg quantity (montoPorPeso).
      costo_total: valorAlCosto(p.stock_inicial ?? p.stock, p.costo_unitario, p.unidad === 'kg' ? 'kg' : 'unidad'),
      motivo,
      fecha: p.fecha,
    })),
  );
  return idPorCodigo;
}

/**
 * Imports (set-based, inside the import's transaction): the valid rows of `staging` whose barcode
 * belongs to an inactive product of the shop bring it back with the file's values (its unit and
 * PLU too; a kg product's stock is grams); the stock difference goes to the ledger as
 * 'importacion'. Returns how many came back.
 */
export async function reactivarProductosDesdeStaging(
  client: pg.ClientBase,
  staging: string,
  p: { idMinimarket: number; idUsuario: number | null; motivo: string },
) {
  // Every product to bring back locked before the first write (which takes the shop's catalogue
  // version until the import ends): a lock taken while the UPDATE runs could deadlock with an
  // offline sale of that product waiting for the version.
  await client.query(
    `SELECT 1 FROM producto p JOIN ${staging} s ON s.codigo_barra = p.codigo_barra
     WHERE p.id_minimarket = $1 AND p.estado = 'inactivo' AND s.errores IS NULL
     ORDER BY p.id_producto FOR UPDATE OF p`,
    [p.idMinimarket],
  );
  const { rows } = await client.query<{ n: number }>(
    `WITH previo AS (
       SELECT p.id_producto, p.stock AS stock_antes, p.precio_venta_actual AS precio_antes
       FROM producto p JOIN ${staging} s ON s.codigo_barra = p.codigo_barra
       WHERE p.id_minimarket = $1 AND p.estado = 'inactivo' AND s.errores IS NULL
       ORDER BY p.id_producto
       FOR UPDATE OF p
     ), actualizados AS (
       UPDATE producto p SET
         nombre_producto = s.nombre_producto, categoria = s.categoria,
         precio_venta_actual = s.precio_venta, precio_compra_actual = s.precio_compra,
         stock = s.stock, descripcion = s.descripcion, marca = s.marca,
         unidad = s.unidad, codigo_plu = s.codigo_plu,
         estado = 'activo', fecha_actualizacion = now()
       FROM ${staging} s, previo
       WHERE p.id_minimarket = $1 AND p.id_producto = previo.id_producto AND s.codigo_barra = p.codigo_barra AND s.errores IS NULL
       RETURNING p.id_producto, p.stock - previo.stock_antes AS cantidad, p.stock AS stock_resultante,
                 p.nombre_producto, previo.precio_antes, p.precio_venta_actual AS precio_despues
     ), movimientos AS (${sqlMovimientosDesde('actualizados', 'importacion')}),
     -- A product brought back with another price: the change goes to the audit trail (entradaCambioPrecio's words).
     precios AS (
       INSERT INTO auditoria (id_minimarket, accion, id_usuario, detalle, datos, id_producto)
       SELECT $1, 'cambio_precio', $2,
              'Precio de "' || nombre_producto || '" al reactivarlo desde un archivo: ' || ${SQL_CLP('precio_antes')} || ' → ' || ${SQL_CLP('precio_despues')} || '.',
              jsonb_build_object('antes', precio_antes, 'despues', precio_despues), id_producto
       FROM actualizados WHERE precio_antes <> precio_despues
     )
     SELECT count(*)::int AS n FROM actualizados`,
    [p.idMinimarket, p.idUsuario, p.motivo],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Imports: the valid rows of `staging` whose barcode the shop does not have become products, in
 * file order, their stock an 'importacion' in the ledger. A barcode already in the shop (active,
 * just reactivated, or created by a cashier a moment ago) is skipped: one probe of the unique
 * index per row. Returns how many were created.
 */
export async function crearProductosDesdeStaging(
  client: pg.ClientBase,
  staging: string,
  p: { idMinimarket: number; idUsuario: number | null; motivo: string },
) {
  const { rows } = await client.query<{ n: number }>(
    `WITH nuevos AS (
       INSERT INTO producto (id_minimarket, codigo_barra, nombre_producto, categoria, precio_venta_actual,
                             precio_compra_actual, stock, descripcion, marca, unidad, codigo_plu, estado)
       SELECT $1, s.codigo_barra, s.nombre_producto, s.categoria, s.precio_venta,
              s.precio_compra, s.stock, s.descripcion, s.marca, s.unidad, s.codigo_plu, 'activo'
       FROM ${staging} s
       WHERE s.errores IS NULL
       ORDER BY s.fila
       ON CONFLICT (id_minimarket, codigo_barra) DO NOTHING
       RETURNING id_producto, stock AS cantidad, stock AS stock_resultante
     ), movimientos AS (${sqlMovimientosDesde('nuevos', 'importacion')})
     SELECT count(*)::int AS n FROM nuevos`,
    [p.idMinimarket, p.idUsuario, p.motivo],
  );
  return rows[0]?.n ?? 0;
}

/**
 * After an import that created or brought back products, once it has committed: the new names sit
 * in the trigram index's pending list and the planner's statistics are stale, so until autovacuum
 * runs, name search would read the list on every query or pick a full scan (bench/README.md). Merges
 * the list and refreshes the statistics now. On the import's own connection, outside its transaction.
 */
export async function ordenarTrasCarga(client: pg.ClientBase) {
  await client.query(`SELECT gin_clean_pending_list('producto_nombre_busqueda_trgm_idx'::regclass)`);
  await client.query('ANALYZE producto');
}

/**
 * Units back on the shelf (a voided sale, a return), each with its ledger row. One product at a time in
 * ascending id, the order registrar_venta takes them in, so a void and a sale of the same
 * products wait for each other instead of deadlocking.
 */
export async function devolverUnidades(
  tx: Tx,
  d: {
    idMinimarket: number;
    idVenta: number;
    idUsuario: number;
    tipo: 'anulacion' | 'devolucion';
    motivo: string;
    unidades: Array<{ id_producto: number; cantidad: number }>;
  },
) {
  const ordenadas = [...d.unidades].sort((a, b) => a.id_producto - b.id_producto);
  // All of them locked before the first write: that write takes the shop's catalogue version
  // (prisma/funciones/marcar_version_cambio.sql) until the end, and a product locked after it could
  // deadlock with an edit of that product waiting for the version.
  await tx.$queryRaw`
    SELECT 1 FROM producto WHERE id_minimarket = ${d.idMinimarket} AND id_producto = ANY(${ordenadas.map((u) => u.id_producto)}::bigint[])
    ORDER BY id_producto FOR UPDATE`;
  for (const u of ordenadas) {
    const [p] = await tx.$queryRaw<{ stock: number }[]>`
      UPDATE producto SET stock = stock + ${u.cantidad}, fecha_actualizacion = now()
      WHERE id_producto = ${u.id_producto} AND id_minimarket = ${d.idMinimarket}
      RETURNING stock`;
    if (!p) continue;
    await registrarMovimientos(tx, [
      {
        id_minimarket: d.idMinimarket,
        id_producto: u.id_producto,
        id_usuario: d.idUsuario,
        id_venta: d.idVenta,
        tipo: d.tipo,
        cantidad: u.cantidad,
        stock_resultante: p.stock,
        motivo: d.motivo,
      },
    ]);
  }
}
