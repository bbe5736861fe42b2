// Shop ownership, checked on every call that touches a shop's data. A pyme reaches
// only the minimarkets whose id_usuario is theirs; a cashier only the one shop it belongs to
// (usuario.id_minimarket_cajero; what it may do there, plugins/app/auth.ts says); an
// administrador reaches all.
import type { Db } from '../../db/client.js';
import { minimarketPorId, primeraTiendaDe } from '../../data/minimarket.js';
import { forbidden, notFound, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';

export const MENSAJE_MINIMARKET_NO_ENCONTRADO = 'Minimarket no encontrado.';
export const MENSAJE_SIN_ACCESO_MINIMARKET = 'No tiene acceso a este minimarket.';
export const MENSAJE_FALTA_MINIMARKET = 'Indica el minimarket (id_minimarket).';
export const MENSAJE_SIN_MINIMARKET = 'No tienes un minimarket asociado.';

export type AccesoMinimarket = ReturnType<typeof createAccesoMinimarket>;

/** Whether the person reaches this shop: theirs (owner), the one they work at (cashier), or any (administrador). */
function alcanza(usuario: UsuarioSesion, minimarket: { id_minimarket: number; id_usuario: number }) {
  if (usuario.rol === 'administrador') return true;
  if (usuario.rol === 'cajero') return minimarket.id_minimarket === usuario.id_minimarket_cajero;
  return minimarket.id_usuario === usuario.id_usuario;
}

export function createAccesoMinimarket({ db }: { db: Db }) {
  /**
   * Throws 404 for a shop that does not exist, 403 for someone else's. Returns the shop's row (its
   * settings too: the scale label reads its layout from it without a second query).
   */
  async function assertAcceso(usuario: UsuarioSesion, idMinimarket: number) {
    const minimarket = await minimarketPorId(db, idMinimarket);
    if (!minimarket) throw notFound(MENSAJE_MINIMARKET_NO_ENCONTRADO, 'MINIMARKET_NOT_FOUND');
    if (!alcanza(usuario, minimarket)) throw forbidden(MENSAJE_SIN_ACCESO_MINIMARKET, 'FORBIDDEN_MINIMARKET');
    return minimarket;
  }

  /**
   * The shop a call is about when `id_minimarket` may be left out: the one named (if the caller may
   * reach it), else a pyme's own (its first); null for an administrador who named none, or a pyme
   * without a shop.
   */
  async function tiendaOPropia(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<number | null> {
    if (idMinimarket !== undefined) return (await assertAcceso(usuario, idMinimarket)).id_minimarket;
    if (usuario.rol === 'administrador') return null;
    if (usuario.rol === 'cajero') return usuario.id_minimarket_cajero;
    return primeraTiendaDe(db, usuario.id_usuario);
  }

  return {
    assertAcceso,
    tiendaOPropia,

    /** As tiendaOPropia, but a shop is needed: an administrador must name it (422), a pyme must have one (404). */
    async tiendaPedida(usuario: UsuarioSesion, idMinimarket: number | undefined): Promise<number> {
      const id = await tiendaOPropia(usuario, idMinimarket);
      if (id !== null) return id;
      if (usuario.rol === 'administrador')
        throw validation(MENSAJE_FALTA_MINIMARKET, [{ campo: 'id_minimarket', mensaje: MENSAJE_FALTA_MINIMARKET }]);
      throw notFound(MENSAJE_SIN_MINIMARKET, 'MINIMARKET_NOT_FOUND');
    },

    /** True when the user may touch records of this shop (for records addressed by id). */
    puedeVer: alcanza,
  };
}
