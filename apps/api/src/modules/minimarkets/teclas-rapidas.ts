// The till's quick keys (issue 32, docs/pagos.md «Teclas rápidas»): one tap sells bread, a bag or
// anything without a barcode; a kilo product opens the weight prompt (the web). The owner sets the
// grid; until then it is the shop's most sold products of the last 30 days, by how many sales had them.
import { MENSAJE_PRODUCTO_NO_ENCONTRADO } from '../productos/producto-visible.js';
import { TECLAS_RAPIDAS_POR_DEFECTO, type TeclasRapidas } from '@minimarket/contracts/minimarkets';
import type { Db } from '../../db/client.js';
import { contarProductosActivos, masVendidosRecientes, productosPorIds } from '../../data/producto-lecturas.js';
import { fijarTeclasRapidas, teclasFijadas } from '../../data/tecla-rapida.js';
import { validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { productoDtoPara } from '../productos/productos.mapper.js';
import type { AccesoMinimarket } from './acceso.js';

const DIAS_MAS_VENDIDOS = 30;

export type TeclasRapidasService = ReturnType<typeof createTeclasRapidasService>;

export function createTeclasRapidasService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return {
    async leer(usuario: UsuarioSesion, idMinimarket: number): Promise<TeclasRapidas> {
      await acceso.assertAcceso(usuario, idMinimarket);
      const dto = productoDtoPara(usuario);
      const fijadas = await teclasFijadas(db, idMinimarket);
      if (fijadas.length > 0) {
        return { teclas: fijadas.map((t, posicion) => ({ posicion, producto: dto(t.producto) })), configuradas: true };
      }
      const masVendidos = await masVendidosRecientes(db, idMinimarket, DIAS_MAS_VENDIDOS, TECLAS_RAPIDAS_POR_DEFECTO);
      const productos = await productosPorIds(db, idMinimarket, masVendidos);
      const porId = new Map(productos.map((p) => [p.id_producto, p]));
      const teclas = masVendidos.flatMap((id, posicion) => {
        const p = porId.get(id);
        return p ? [{ posicion, producto: dto(p) }] : [];
      });
      return { teclas, configuradas: false };
    },

    /** The owner's grid, in order: every product an active one of the shop (422 naming the first that is not). */
    async fijar(usuario: UsuarioSesion, idMinimarket: number, productos: readonly number[]): Promise<TeclasRapidas> {
      await acceso.assertAcceso(usuario, idMinimarket);
      const activos = await contarProductosActivos(db, idMinimarket, productos);
      if (activos !== productos.length)
        throw validation(MENSAJE_PRODUCTO_NO_ENCONTRADO, [{ campo: 'productos', mensaje: MENSAJE_PRODUCTO_NO_ENCONTRADO }]);
      await db.$transaction((tx) => fijarTeclasRapidas(tx, idMinimarket, productos));
      return this.leer(usuario, idMinimarket);
    },
  };
}
