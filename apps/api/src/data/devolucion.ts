// devolucion, detalle_devolucion: what came back of a sale. A return's lines never go without it,
// so both live here. The units go back through producto.ts (devolverUnidades), and the sale's day
// is summed again so the analytics count the return against the sale.
import type { MetodoPago } from '@minimarket/contracts/comunes';
import type { Tx } from '../db/client.js';
import { marcarDiasPendientes } from './resumen-ventas.js';

export interface LineaDevuelta {
  id_producto: number;
  /** Grams for a kg product. */
  num_unidades: number;
  precio_unitario: number;
  /** What this line refunds (the contracts' montoADevolver). */
  subtotal: number;
  costo_unitario: number | null;
  categoria: string;
}

export async function registrarDevolucion(
  tx: Tx,
  d: {
    idMinimarket: number;
    idVenta: number;
    fechaVenta: Date;
    idTurno: number | null;
    metodoPago: string;
    /** A return of a split sale ('Mixto'): what it gives back by each method (they add up to its total). */
    pagos: ReadonlyArray<{ metodo_pago: string; monto: number }> | null;
    motivo: string;
    idUsuario: number;
    /** The owner who approved a cashier's return with their PIN. */
    idAutorizador: number | null;
    /** Cash rounding of its cash part (Ley 20.956), −5 to +4. */
    redondeo: number;
    lineas: LineaDevuelta[];
  },
): Promise<number> {
  const total = d.lineas.reduce((s, l) => s + l.subtotal, 0);
  const [dev] = await tx.$queryRaw<{ id_devolucion: number }[]>`
    INSERT INTO devolucion (id_minimarket, id_venta, id_turno, metodo_pago, total, motivo, id_usuario, id_autorizador, redondeo)
    VALUES (${d.idMinimarket}, ${d.idVenta}, ${d.idTurno}, ${d.metodoPago}, ${total}, ${d.motivo}, ${d.idUsuario}, ${d.idAutorizador},
            ${d.redondeo})
    RETURNING id_devolucion`;
  await tx.detalleDevolucion.createMany({
    data: d.lineas.map((l) => ({
      id_minimarket: d.idMinimarket,
      id_devolucion: dev!.id_devolucion,
      id_producto: l.id_producto,
      num_unidades: l.num_unidades,
      precio_unitario: l.precio_unitario,
      subtotal: l.subtotal,
      costo_unitario: l.costo_unitario,
      categoria: l.categoria,
    })),
  });
  if (d.pagos) {
    await tx.devolucionPago.createMany({
      data: d.pagos.map((p) => ({
        id_minimarket: d.idMinimarket,
        id_devolucion: dev!.id_devolucion,
        metodo_pago: p.metodo_pago,
        monto: p.monto,
      })),
    });
  }
  // Its nota de crédito, in this transaction, when the sale has a boleta (docs/boleta.md).
  await tx.$executeRaw`SELECT encolar_nota_credito(${d.idMinimarket}::int, ${d.idVenta}::bigint, ${dev!.id_devolucion}::bigint)`;
  await marcarDiasPendientes(tx, d.idMinimarket, [d.fechaVenta]);
  return dev!.id_devolucion;
}

/** A sale's parts (parte_venta) and what its returns gave back by method (parte_devolucion). */
export async function pagosDeVenta(tx: Tx, idMinimarket: number, idVenta: number) {
  const filas = await tx.$queryRaw<{ origen: 'venta' | 'devolucion'; metodo_pago: string; monto: bigint }[]>`
    SELECT 'venta' AS origen, metodo_pago, sum(monto)::bigint AS monto FROM parte_venta WHERE id_minimarket = ${idMinimarket} AND id_venta = ${idVenta} GROUP BY metodo_pago
    UNION ALL
    SELECT 'devolucion', metodo_pago, sum(monto)::bigint FROM parte_devolucion WHERE id_minimarket = ${idMinimarket} AND id_venta = ${idVenta} GROUP BY metodo_pago`;
  const de = (origen: string) =>
    filas.filter((f) => f.origen === origen).map((f) => ({ metodo_pago: f.metodo_pago as MetodoPago, monto: Number(f.monto) }));
  return { partes: de('venta'), devuelto: de('devolucion') };
}
