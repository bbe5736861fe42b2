// abono: a payment on a customer's account (la libreta, issue #21). Written under the customer's
// lock (cliente.ts clienteBajoCandado) by the service that checked it does not exceed the balance.
import type { Tx } from '../db/client.js';

export const registrarAbono = (
  tx: Tx,
  a: { idMinimarket: number; idCliente: number; monto: number; metodoPago: string; idUsuario: number; idTurno: number | null },
) =>
  tx.abono.create({
    data: {
      id_minimarket: a.idMinimarket,
      id_cliente: a.idCliente,
      monto: a.monto,
      metodo_pago: a.metodoPago,
      id_usuario: a.idUsuario,
      id_turno: a.idTurno,
    },
    include: { usuario: { select: { nombre: true } } },
  });

/** The demo history's libreta (db/seed/libreta.ts): abonos of the past, never through a shift. */
/** Abonos of the past, with their dates; none belongs to a cash shift (the demo has none). */
export async function insertarAbonosHistoricos(
  tx: Tx,
  abonos: ReadonlyArray<{ id_minimarket: number; id_cliente: number; monto: number; metodo_pago: string; fecha: Date; id_usuario: number }>,
) {
  if (abonos.length > 0) await tx.abono.createMany({ data: abonos.map((a) => ({ ...a, id_turno: null })) });
}
