// detalle_venta.unidad of a history written by insertarHistorial (venta.ts), which does not take
// the unit yet: the demo's history (db/seed) sells kg products, and their lines must say 'kg' before
// the summaries are summed (sumar_* keep grams apart from units). Part of venta.ts's table; once
// insertarHistorial writes `unidad` itself, this file goes away.
import type { Tx } from '../db/client.js';

/** Every line of the shop's history that sold a product now sold by weight says 'kg' (its grams). */
export async function marcarLineasAGranel(tx: Tx, idMinimarket: number): Promise<number> {
  return tx.$executeRaw`
    UPDATE detalle_venta d SET unidad = 'kg'
    FROM producto p
    WHERE d.id_minimarket = ${idMinimarket} AND p.id_producto = d.id_producto AND p.unidad = 'kg' AND d.unidad <> 'kg'`;
}
