// A shop's products: the counter's offline catalogue (catalogo.ts), lists and one product, a scale
// label (etiqueta.ts), the owner's writes (escrituras.ts), a delivery and a deletion.
import type { z } from 'zod';
import { CATEGORIA_TODOS } from '@minimarket/contracts/comunes';
import type { ingresoStockSchema, productosQuerySchema } from '@minimarket/contracts/productos';
import type { Db } from '../../db/client.js';
import { desactivarProducto, ingresarStock } from '../../data/producto.js';
import { buscarProductos, listarProductos } from '../../data/producto-lecturas.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { leerCatalogo } from './catalogo.js';
import { createEscriturasProducto } from './escrituras.js';
import { createLectorEtiquetas } from './etiqueta.js';
import { productoNoEncontrado, productoVisible } from './producto-visible.js';
import { productoDtoPara, toProductoDto } from './productos.mapper.js';

export type ProductosService = ReturnType<typeof createProductosService>;

export function createProductosService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  const visible = productoVisible({ db, acceso });

  return {
    /** The counter's offline catalogue (catalogo.ts): everything, or what was written since `desde`. */
    async catalogo(usuario: UsuarioSesion, idMinimarket: number, desde: string | undefined): Promise<string> {
      await acceso.assertAcceso(usuario, idMinimarket);
      return leerCatalogo(db, idMinimarket, desde === undefined ? null : BigInt(desde));
    },

    async list(usuario: UsuarioSesion, q: z.output<typeof productosQuerySchema>) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const filtro = {
        idMinimarket: q.id_minimarket,
        categoria: q.category && q.category !== CATEGORIA_TODOS ? q.category : undefined,
        codigoBarra: q.codigo_barra,
        ids: q.ids,
        orden: q.orden === 'recientes' ? ('recientes' as const) : ('nombre' as const),
      };
      const pagina = { skip: q.skip, limit: q.limit };
      const { filas, total } = q.search ? await buscarProductos(db, filtro, q.search, pagina) : await listarProductos(db, filtro, pagina);
      return { items: filas.map(productoDtoPara(usuario)), total };
    },

    async get(usuario: UsuarioSesion, id: number) {
      return productoDtoPara(usuario)(await visible(usuario, id));
    },

    ...createEscriturasProducto({ db, acceso, visible }),

    etiqueta: createLectorEtiquetas({ db, acceso }),

    /** Soft delete: the product leaves lists and the POS; sales history keeps it. */
    async remove(usuario: UsuarioSesion, id: number) {
      const { id_minimarket } = await visible(usuario, id);
      await desactivarProducto(db, id_minimarket, id);
    },

    /**
     * A delivery: adds the units under the product's lock and sets its unit cost to the weighted
     * average of the shelf and the delivery (contracts' costoTrasIngreso; docs/stock.md).
     */
    async ingresarStock(usuario: UsuarioSesion, id: number, data: z.output<typeof ingresoStockSchema>) {
      const { id_minimarket } = await visible(usuario, id);
      const producto = await db.$transaction((tx) =>
        ingresarStock(tx, id, id_minimarket, { cantidad: data.cantidad, costoTotal: data.costo_total }, usuario.id_usuario),
      );
      if (!producto) throw productoNoEncontrado();
      return toProductoDto(producto);
    },
  };
}
