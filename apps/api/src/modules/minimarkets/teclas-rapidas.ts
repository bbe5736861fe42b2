// The till's quick keys (issue 32, docs/pagos.md «Teclas rápidas»): one tap sells bread, a bag or
// anything without a barcode; a kilo product opens the weight prompt (the web). The owner sets the
// grid; until then it is the shop's most sold products of the last 30 days, by how many sales had them.
import { MENSAJE_PRODUCTO_NO_ENCONTRADO } from '../productos/productos.service.js';
import { TECLAS_RAPIDAS_POR_DEFECTO, type TeclasRapidas } from '@minimarket/contracts/minimarkets';
import type { Db } from '../../db/client.js';
import { fijarTeclasRapidas } from '../../data/tecla-rapida.js';
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
      const fijadas = await db.teclaRapida.findMany({
        where: { id_minimarket: idMinimarket, producto: { estado: 'activo' } },
        include: { producto: true },
        orderBy: { posicion: 'asc' },
      });
      if (fijadas.length > 0) {
        return { teclas: fijadas.map((t, posicion) => ({ posicion, producto: dto(t.producto) })), configuradas: true };
      }
      // The summaries by product and day (what Recomendaciones reads), not the raw lines.
      const masVendidos = await db.$queryRaw<{ id_producto: number }[]>`
        SELECT r.id_producto FROM resumen_producto_dia r
        JOIN producto p ON p.id_minimarket = r.id_minimarket AND p.id_producto = r.id_producto AND p.estado = 'activo'
        WHERE r.id_minimarket = ${idMinimarket} AND r.dia >= (now() AT TIME ZONE 'America/Santiago')::date - ${DIAS_MAS_VENDIDOS}::int
        GROUP BY r.id_producto ORDER BY sum(r.ventas) DESC, r.id_producto LIMIT ${TECLAS_RAPIDAS_POR_DEFECTO}`;
      const productos = await db.producto.findMany({
        where: { id_minimarket: idMinimarket, id_producto: { in: masVendidos.map((m) => m.id_producto) } },
      });
      const porId = new Map(productos.map((p) => [p.id_producto, p]));
      const teclas = masVendidos.flatMap((m, posicion) => {
        const p = porId.get(m.id_producto);
        return p ? [{ posicion, producto: dto(p) }] : [];
      });
      return { teclas, configuradas: false };
    },

    /** The owner's grid, in order: every product an active one of the shop (422 naming the first that is not). */
    async fijar(usuario: UsuarioSesion, idMinimarket: number, productos: readonly number[]): Promise<TeclasRapidas> {
      await acceso.assertAcceso(usuario, idMinimarket);
      const activos = await db.producto.count({
        where: { id_minimarket: idMinimarket, estado: 'activo', id_producto: { in: [...productos] } },
      });
      if (activos !== productos.length)
        throw validation(MENSAJE_PRODUCTO_NO_ENCONTRADO, [{ campo: 'productos', mensaje: MENSAJE_PRODUCTO_NO_ENCONTRADO }]);
      await db.$transaction((tx) => fijarTeclasRapidas(tx, idMinimarket, productos));
      return this.leer(usuario, idMinimarket);
    },
  };
}
