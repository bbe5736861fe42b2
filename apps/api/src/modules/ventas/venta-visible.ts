// A sale addressed by its id alone (the URL carries no shop): found, visible to whoever asks (else
// 404, as if it did not exist), and locked for a void or a return.
import type { Db, Tx } from '../../db/client.js';
import { tiendaDeVenta, ventaBloqueada } from '../../data/venta.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

export const MENSAJE_VENTA_NO_ENCONTRADA = 'Venta no encontrada.';

export const ventaNoEncontrada = () => notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');

export type VentasVisibles = ReturnType<typeof ventasVisibles>;

export function ventasVisibles({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return {
    /** The shop of a sale the caller may see (else 404, as if it did not exist). */
    async tienda(usuario: UsuarioSesion, id: number): Promise<number> {
      const tienda = await tiendaDeVenta(db, id);
      const m = tienda === null ? null : await db.minimarket.findUnique({ where: { id_minimarket: tienda }, select: { id_usuario: true } });
      if (tienda === null || !m || !acceso.puedeVer(usuario, { id_minimarket: tienda, id_usuario: m.id_usuario })) {
        throw ventaNoEncontrada();
      }
      return tienda;
    },

    /** A sale under its row lock (a second void or return of it waits for this transaction). */
    async bloqueada(tx: Tx, idMinimarket: number, id: number) {
      const v = await ventaBloqueada(tx, idMinimarket, id);
      if (!v) throw ventaNoEncontrada();
      return v;
    },
  };
}
