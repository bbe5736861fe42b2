// A product addressed by its id alone (the URL carries no shop): the row says whose it is.
import type { Db } from '../../db/client.js';
import { productoConTienda } from '../../data/producto-lecturas.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

export const MENSAJE_PRODUCTO_NO_ENCONTRADO = 'Producto no encontrado en el inventario.';

export const productoNoEncontrado = () => notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');

/** An active product the user may touch; anything else reads as not found. */
export function productoVisible({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return async (usuario: UsuarioSesion, id: number) => {
    const producto = await productoConTienda(db, id);
    if (
      !producto ||
      producto.estado !== 'activo' ||
      !acceso.puedeVer(usuario, { id_minimarket: producto.id_minimarket, id_usuario: producto.minimarket.id_usuario })
    ) {
      throw productoNoEncontrado();
    }
    return producto;
  };
}
