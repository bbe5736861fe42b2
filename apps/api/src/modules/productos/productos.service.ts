import type { z } from 'zod';
import { CATEGORIA_TODOS } from '@minimarket/contracts/comunes';
import { leerEtiqueta, mensajePluDesconocido, normalizarPlu, pesoDeEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import {
  type EtiquetaLeida,
  type ingresoStockSchema,
  MENSAJE_PLU_SOLO_GRANEL,
  type productoCreateSchema,
  type productosQuerySchema,
  type productoUpdateSchema,
} from '@minimarket/contracts/productos';
import { esViolacionUnica, type Db, type Prisma } from '../../db/client.js';
import { actualizarProducto, crearProducto, desactivarProducto, ingresarStock, reactivarProducto } from '../../data/producto.js';
import { buscarProductos, listarProductos, productoConTienda, productoPorCodigo, productoPorPlu } from '../../data/producto-lecturas.js';
import { productoTieneVentas } from '../../data/venta-lecturas.js';
import { conflict, notFound, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { formatoEtiquetaDe } from '../minimarkets/minimarkets.service.js';
import { avisarCambiosDeStock } from '../notificaciones/notificaciones.service.js';
import { productoDtoPara, toProductoDto } from './productos.mapper.js';
import { leerCatalogo } from './catalogo.js';

export const MENSAJE_PRODUCTO_NO_ENCONTRADO = 'Producto no encontrado en el inventario.';
export const MENSAJE_CODIGO_DUPLICADO = 'Ya existe un producto con este código de barras en su inventario.';

type ProductoCreate = z.output<typeof productoCreateSchema>;
type ProductoUpdate = z.output<typeof productoUpdateSchema>;
type ProductosQuery = z.output<typeof productosQuerySchema>;
type IngresoStock = z.output<typeof ingresoStockSchema>;

const duplicado = () => conflict(MENSAJE_CODIGO_DUPLICADO, 'DUPLICATE_BARCODE');
export const mensajePluDuplicado = (plu: string) => `Ya existe un producto con el PLU ${plu} en su inventario.`;
const pluDuplicado = (plu: string) => conflict(mensajePluDuplicado(plu), 'DUPLICATE_PLU');
const pluSoloGranel = () => validation(MENSAJE_PLU_SOLO_GRANEL, [{ campo: 'codigo_plu', mensaje: MENSAJE_PLU_SOLO_GRANEL }]);
export const MENSAJE_UNIDAD_CON_VENTAS =
  'Este producto ya tiene ventas: su unidad de venta no se puede cambiar. Crea un producto nuevo para venderlo de la otra forma.';
export const MENSAJE_UNIDAD_SIN_STOCK =
  'Al cambiar la unidad de venta, indica también el stock en la nueva unidad (o deja el stock en 0 antes).';
export const MENSAJE_SIN_FORMATO_ETIQUETA = 'Tu tienda no tiene configuradas etiquetas de balanza. Indica su formato en Configuración.';

/** Which unique rule a write broke: the barcode's or the PLU's (both are per shop). */
function duplicadoDe(err: unknown, plu: string | null | undefined) {
  return plu && String(err).includes('codigo_plu') ? pluDuplicado(plu) : duplicado();
}

export type ProductosService = ReturnType<typeof createProductosService>;

export function createProductosService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  /** An active product the user may touch; anything else reads as not found. */
  async function findVisible(usuario: UsuarioSesion, id: number) {
    // Addressed by its id alone (the URL carries no shop): the row says whose it is.
    const producto = await productoConTienda(db, id);
    if (
      !producto ||
      producto.estado !== 'activo' ||
      !acceso.puedeVer(usuario, { id_minimarket: producto.id_minimarket, id_usuario: producto.minimarket.id_usuario })
    ) {
      throw notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
    }
    return producto;
  }

  return {
    /** The counter's offline catalogue (catalogo.ts): everything, or what was written since `desde`. */
    async catalogo(usuario: UsuarioSesion, idMinimarket: number, desde: string | undefined): Promise<string> {
      await acceso.assertAcceso(usuario, idMinimarket);
      return leerCatalogo(db, idMinimarket, desde === undefined ? null : BigInt(desde));
    },

    async list(usuario: UsuarioSesion, q: ProductosQuery) {
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
      return productoDtoPara(usuario)(await findVisible(usuario, id));
    },

    /** A barcode the shop once deleted comes back to life with the new values. */
    async create(usuario: UsuarioSesion, data: ProductoCreate) {
      await acceso.assertAcceso(usuario, data.id_minimarket);
      const valores = {
        id_minimarket: data.id_minimarket,
        codigo_barra: data.codigo_barra ?? null,
        nombre_producto: data.nombre_producto,
        categoria: data.categoria,
        precio_venta_actual: data.precio_venta,
        precio_compra_actual: data.precio_compra ?? null,
        descripcion: data.descripcion,
        marca: data.marca,
        imagen: data.imagen,
        unidad: data.unidad,
        codigo_plu: data.codigo_plu ?? null,
        exento: data.exento,
      };
      try {
        return await db.$transaction(async (tx) => {
          // A product deleted before comes back by its barcode (or, one with only a PLU, by its PLU).
          const previo = data.codigo_barra ? await productoPorCodigo(tx, data.id_minimarket, data.codigo_barra) : null;
          if (previo?.estado === 'activo') throw duplicado();
          const producto = previo
            ? await reactivarProducto(tx, previo, valores, data.stock, usuario.id_usuario)
            : await crearProducto(tx, valores, data.stock, usuario.id_usuario);
          return toProductoDto(producto);
        });
      } catch (err) {
        if (esViolacionUnica(err)) throw duplicadoDe(err, data.codigo_plu);
        throw err;
      }
    },

    async update(usuario: UsuarioSesion, id: number, data: ProductoUpdate) {
      const { id_minimarket, minimarket, unidad: unidadActual, stock, codigo_plu: pluActual } = await findVisible(usuario, id);
      const unidad = data.unidad ?? unidadActual;
      // A PLU belongs to a kg product; turning one into a unit product drops it.
      const plu = unidad === 'kg' ? (data.codigo_plu === undefined ? pluActual : data.codigo_plu) : null;
      if (unidad !== 'kg' && data.codigo_plu) throw pluSoloGranel();
      if (unidad !== unidadActual) {
        // Its sales and the ledger count in the old unit: units and grams are never mixed in one product.
        if (await productoTieneVentas(db, id_minimarket, id)) {
          throw conflict(MENSAJE_UNIDAD_CON_VENTAS, 'UNIT_HAS_SALES');
        }
        if (stock !== 0 && data.stock === undefined)
          throw validation(MENSAJE_UNIDAD_SIN_STOCK, [{ campo: 'stock', mensaje: MENSAJE_UNIDAD_SIN_STOCK }]);
      }
      const cambios: Prisma.ProductoUpdateInput = {
        codigo_barra: data.codigo_barra,
        nombre_producto: data.nombre_producto,
        categoria: data.categoria,
        precio_venta_actual: data.precio_venta,
        precio_compra_actual: data.precio_compra,
        descripcion: data.descripcion,
        marca: data.marca,
        imagen: data.imagen,
        unidad: data.unidad,
        codigo_plu: plu,
        exento: data.exento,
      };
      try {
        return await db.$transaction(async (tx) => {
          const editado = await actualizarProducto(tx, id_minimarket, id, cambios, data.stock, usuario.id_usuario);
          if (!editado) throw notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
          const { producto, antes } = editado;
          if (antes !== null && producto.stock !== antes) {
            await avisarCambiosDeStock(
              tx,
              producto.id_minimarket,
              [
                {
                  id_producto: id,
                  nombre_producto: producto.nombre_producto,
                  antes,
                  despues: producto.stock,
                  unidad: producto.unidad as UnidadVenta,
                },
              ],
              minimarket,
            );
          }
          return toProductoDto(producto);
        });
      } catch (err) {
        if (esViolacionUnica(err)) throw duplicadoDe(err, plu);
        throw err;
      }
    },

    /**
     * A scanned scale label (docs/granel.md): read with the shop's layout, its PLU looked up among the
     * shop's active kg products, its grams and amount by contracts' pesoDeEtiqueta (the rule the
     * counter applies without connection too). 422 for a misread or a shop without a layout, 404 for a
     * PLU the shop does not have (another shop's PLU included: nothing is said about other shops).
     */
    async etiqueta(usuario: UsuarioSesion, idMinimarket: number, codigo: string): Promise<EtiquetaLeida> {
      const formato = formatoEtiquetaDe(await acceso.assertAcceso(usuario, idMinimarket));
      if (!formato) throw validation(MENSAJE_SIN_FORMATO_ETIQUETA);
      const lectura = leerEtiqueta(codigo, formato);
      if (!lectura.ok) throw validation(lectura.mensaje, [{ campo: 'codigo', mensaje: lectura.mensaje }]);
      const plu = normalizarPlu(lectura.plu);
      const producto = await productoPorPlu(db, idMinimarket, plu);
      if (!producto || producto.estado !== 'activo' || producto.unidad !== 'kg')
        throw notFound(mensajePluDesconocido(plu), 'PLU_NOT_FOUND');
      const peso = pesoDeEtiqueta(lectura, producto);
      if (!peso.ok) throw validation(peso.mensaje);
      return { producto: productoDtoPara(usuario)(producto), gramos: peso.gramos, monto: peso.monto };
    },

    /** Soft delete: the product leaves lists and the POS; sales history keeps it. */
    async remove(usuario: UsuarioSesion, id: number) {
      const { id_minimarket } = await findVisible(usuario, id);
      await desactivarProducto(db, id_minimarket, id);
    },

    /**
     * A delivery: adds the units under the product's lock and sets its unit cost to the weighted
     * average of the shelf and the delivery (contracts' costoTrasIngreso; docs/stock.md).
     */
    async ingresarStock(usuario: UsuarioSesion, id: number, data: IngresoStock) {
      const { id_minimarket } = await findVisible(usuario, id);
      const producto = await db.$transaction((tx) =>
        ingresarStock(tx, id, id_minimarket, { cantidad: data.cantidad, costoTotal: data.costo_total }, usuario.id_usuario),
      );
      if (!producto) throw notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
      return toProductoDto(producto);
    },
  };
}
