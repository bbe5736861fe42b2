// What a void and a return of a sale both do once the sale is corrected: its units back through the
// stock ledger, and an entry in the shop's audit trail with who did it and who approved it.
import type { Tx } from '../../db/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { devolverUnidades } from '../../data/producto.js';

const QUE = { anulacion: 'Anulación', devolucion: 'Devolución' } as const;

export async function reponerYAuditar(
  tx: Tx,
  c: {
    tipo: 'anulacion' | 'devolucion';
    idMinimarket: number;
    idVenta: number;
    /** The sale as the shop names it (referenciaVenta). */
    referencia: string;
    idUsuario: number;
    idAutorizador: number | null;
    unidades: Array<{ id_producto: number; cantidad: number }>;
    /** The audit trail's words and data. */
    detalle: string;
    datos: Record<string, number>;
  },
) {
  await devolverUnidades(tx, {
    idMinimarket: c.idMinimarket,
    idVenta: c.idVenta,
    idUsuario: c.idUsuario,
    tipo: c.tipo,
    motivo: `${QUE[c.tipo]} de la venta ${c.referencia}`,
    unidades: c.unidades,
  });
  await registrarAuditoria(tx, {
    id_minimarket: c.idMinimarket,
    accion: c.tipo,
    id_usuario: c.idUsuario,
    id_autorizador: c.idAutorizador,
    detalle: c.detalle,
    datos: c.datos,
  });
}
