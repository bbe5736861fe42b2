// The demo history's libreta (db/seed/libreta.ts): sales of the history that were taken on credit,
// and the abonos of the past. Only for a history being written (the seed); a sale on credit of
// today goes through registrar_venta, an abono through the customers' service.
import type { Tx } from '../db/client.js';

/**
 * Sales of the history, inserted a moment ago, become sales on credit of their customer (both
 * columns at once: a CHECK wants the customer with 'Fiado'). Before their days are summed, so the
 * analytics count them as Fiado.
 */
export async function fiarVentasHistoricas(tx: Tx, idMinimarket: number, ventas: ReadonlyArray<{ id_venta: number; id_cliente: number }>) {
  if (ventas.length === 0) return;
  await tx.$executeRaw`
    UPDATE venta v SET metodo_pago = 'Fiado', id_cliente = f.id_cliente
    FROM unnest(${ventas.map((v) => v.id_venta)}::int[], ${ventas.map((v) => v.id_cliente)}::int[]) AS f(id_venta, id_cliente)
    WHERE v.id_minimarket = ${idMinimarket} AND v.id_venta = f.id_venta`;
}

/** Abonos of the past, with their dates; none belongs to a cash shift (the demo has none). */
export async function insertarAbonosHistoricos(
  tx: Tx,
  abonos: ReadonlyArray<{ id_minimarket: number; id_cliente: number; monto: number; metodo_pago: string; fecha: Date; id_usuario: number }>,
) {
  if (abonos.length > 0) await tx.abono.createMany({ data: abonos.map((a) => ({ ...a, id_turno: null })) });
}
