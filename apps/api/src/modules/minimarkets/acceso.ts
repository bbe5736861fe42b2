// Shop ownership, checked on every call that touches a shop's data. A pyme reaches
// only the minimarkets whose id_usuario is theirs; an administrador reaches all.
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';

export const MENSAJE_MINIMARKET_NO_ENCONTRADO = 'Minimarket no encontrado.';
export const MENSAJE_SIN_ACCESO_MINIMARKET = 'No tiene acceso a este minimarket.';

export type AccesoMinimarket = ReturnType<typeof createAccesoMinimarket>;

export function createAccesoMinimarket({ db }: { db: Db }) {
  return {
    /** Throws 404 for a shop that does not exist, 403 for someone else's. */
    async assertAcceso(usuario: UsuarioSesion, idMinimarket: number) {
      const minimarket = await db.minimarket.findUnique({
        where: { id_minimarket: idMinimarket },
        select: { id_minimarket: true, id_usuario: true, umbral_stock_bajo: true },
      });
      if (!minimarket) throw notFound(MENSAJE_MINIMARKET_NO_ENCONTRADO, 'MINIMARKET_NOT_FOUND');
      if (usuario.rol !== 'administrador' && minimarket.id_usuario !== usuario.id_usuario) {
        throw forbidden(MENSAJE_SIN_ACCESO_MINIMARKET, 'FORBIDDEN_MINIMARKET');
      }
      return minimarket;
    },

    /** True when the user may touch records of this shop (for records addressed by id). */
    puedeVer(usuario: UsuarioSesion, minimarket: { id_usuario: number }) {
      return usuario.rol === 'administrador' || minimarket.id_usuario === usuario.id_usuario;
    },
  };
}
