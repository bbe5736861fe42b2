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
