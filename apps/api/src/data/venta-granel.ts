// The demo history's lines of kg products (db/seed). insertarHistorial (venta.ts) writes lines
// without their unit yet, and detalle_venta's check reads a kg line's subtotal by its unit
// (montoPorPeso of its grams), so those lines are written here with unidad = 'kg'. Part of
// venta.ts's table: once insertarHistorial takes `unidad`, this file goes away.
import type { Tx } from '../db/client.js';
import type { LineaHistorica } from './venta.js';

/** Lines sold by weight of sales insertarHistorial already wrote: num_unidades are grams, precio per kilo. */
export async function insertarLineasAGranel(tx: Tx, lineas: readonly LineaHistorica[]): Promise<void> {
  if (lineas.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal, nombre_producto, costo_unitario, categoria, unidad)
    SELECT *, 'kg' FROM unnest(
      ${lineas.map((f) => f.id_venta)}::int[],
      ${lineas.map((f) => f.id_minimarket)}::int[],
      ${lineas.map((f) => f.id_producto)}::int[],
      ${lineas.map((f) => f.num_unidades)}::int[],
      ${lineas.map((f) => f.precio_unitario)}::int[],
      ${lineas.map((f) => f.subtotal)}::int[],
      ${lineas.map((f) => f.nombre_producto)}::text[],
      ${lineas.map((f) => f.costo_unitario)}::int[],
      ${lineas.map((f) => f.categoria)}::text[])`;
}
