// Voiding a whole sale (docs/cajeros.md «La autorización del dueño»: a cashier needs the owner's PIN).
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import { ESTADO_VENTA_COMPLETADA } from '@minimarket/contracts/comunes';
import { formatClp } from '@minimarket/contracts/formato';
import { MENSAJE_VENTA_YA_ANULADA, referenciaVenta } from '@minimarket/contracts/ventas';
import type { Db } from '../../db/client.js';
import { turnoAbiertoCompartido } from '../../data/turno-caja.js';
import { anularVenta, unidadesPorDevolver, ventaConDetalles } from '../../data/venta.js';
import { conflict } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import { reponerYAuditar } from './correccion.js';
import type { VentasVisibles } from './venta-visible.js';
import { toVentaDto } from './ventas.mapper.js';

/**
 * Voids a whole sale: under the sale's row lock (a second void waits, then finds it voided: 409),
 * 'Anulada' with who, who approved, when and why, every unit back through the ledger, its day
 * summed again, and an entry in the audit trail.
 */
export function createAnularVenta({ db, visibles, autorizaciones }: { db: Db; visibles: VentasVisibles; autorizaciones: Autorizaciones }) {
  return async function anular(usuario: UsuarioSesion, id: number, motivo: string, autorizacion?: Autorizacion) {
    const idMinimarket = await visibles.tienda(usuario, id);
    const idAutorizador = await autorizaciones.exigir(usuario, idMinimarket, 'anulacion', autorizacion);
    await db.$transaction(async (tx) => {
      const v = await visibles.bloqueada(tx, idMinimarket, id);
      if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_VENTA_YA_ANULADA, 'SALE_ALREADY_VOIDED');
      const idTurno = await turnoAbiertoCompartido(tx, idMinimarket);
      await anularVenta(tx, {
        idMinimarket,
        idVenta: id,
        fechaVenta: v.fecha_venta,
        idUsuario: usuario.id_usuario,
        motivo,
        idTurno,
        idAutorizador,
      });
      // What is still out: sold minus what was already returned.
      const unidades = (await unidadesPorDevolver(tx, idMinimarket, id))
        .map((p) => ({ id_producto: p.id_producto, cantidad: p.quedan }))
        .filter((u) => u.cantidad > 0);
      await reponerYAuditar(tx, {
        tipo: 'anulacion',
        idMinimarket,
        idVenta: id,
        referencia: referenciaVenta(v),
        idUsuario: usuario.id_usuario,
        idAutorizador,
        unidades,
        detalle: `Anuló la venta ${referenciaVenta(v)} (${formatClp(v.total)}): ${motivo}`,
        datos: { id_venta: id },
      });
    });
    return toVentaDto(await ventaConDetalles(db, idMinimarket, id));
  };
}
