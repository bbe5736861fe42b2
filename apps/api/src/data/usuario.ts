// usuario: the accounts. One rule lives here because every change passes through: a new password,
// e-mail or role, or a deactivation, ends every session opened before it (usuario.sesiones_validas_desde,
// read by the auth guard), whoever makes the change (the user, an administrador, a reset link). The
// same transaction tells every replica (aviso-sesiones.ts), which ends those sessions' live streams.
import type { Prisma, Tx } from '../db/client.js';
import { avisarSesiones, enTransaccion } from './aviso-sesiones.js';

export const crearUsuario = (tx: Tx, data: Prisma.UsuarioUncheckedCreateInput) => tx.usuario.create({ data });

export interface CambiosUsuario {
  nombre?: string;
  correo?: string | null;
  empresa?: string;
  rol?: string;
  estado?: string;
  direccion?: string | null;
  descripcion?: string | null;
  contrasena_hash?: string | null;
}

/** Applies the changes to `actual`; ends its sessions when the changes call for it. */
export function actualizarUsuario(
  tx: Tx,
  actual: { id_usuario: number; correo: string | null; rol: string; estado: string },
  cambios: CambiosUsuario,
  ahora = new Date(),
) {
  // A password set, changed or removed (a cashier left with its PIN only) ends the sessions too.
  const terminaSesiones =
    cambios.contrasena_hash !== undefined ||
    (cambios.correo !== undefined && cambios.correo !== actual.correo) ||
    (cambios.rol !== undefined && cambios.rol !== actual.rol) ||
    (cambios.estado === 'inactivo' && actual.estado !== 'inactivo');
  const where = { id_usuario: actual.id_usuario };
  if (!terminaSesiones) return tx.usuario.update({ where, data: cambios });
  return enTransaccion(tx, async (t) => {
    const usuario = await t.usuario.update({ where, data: { ...cambios, sesiones_validas_desde: ahora } });
    await avisarSesiones(t, { id_usuario: actual.id_usuario, antes_de: ahora.getTime() });
    return usuario;
  });
}

export const eliminarUsuario = (tx: Tx, id: number) =>
  enTransaccion(tx, async (t) => {
    await t.usuario.delete({ where: { id_usuario: id } });
    await avisarSesiones(t, { id_usuario: id });
  });

/**
 * Whether a cashier left a trace at its shop (a sale, a void, a return, a stock or cash move, a
 * shift, an abono): then it is deactivated, never deleted, so its history keeps its name (the keys
 * to usuario are ON DELETE SET NULL).
 */
export async function historialDeUsuario(tx: Tx, idMinimarket: number, idUsuario: number): Promise<boolean> {
  const [fila] = await tx.$queryRaw<{ hay: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM venta WHERE id_minimarket = ${idMinimarket} AND (id_usuario = ${idUsuario} OR id_usuario_anulacion = ${idUsuario}))
        OR EXISTS (SELECT 1 FROM devolucion WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario})
        OR EXISTS (SELECT 1 FROM movimiento_stock WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario})
        OR EXISTS (SELECT 1 FROM movimiento_caja WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario})
        OR EXISTS (SELECT 1 FROM turno_caja WHERE id_minimarket = ${idMinimarket}
                     AND (id_usuario_apertura = ${idUsuario} OR id_usuario_cierre = ${idUsuario}))
        OR EXISTS (SELECT 1 FROM abono WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario}) AS hay`;
  return fila?.hay ?? false;
}
