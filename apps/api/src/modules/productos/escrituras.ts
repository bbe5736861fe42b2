// A product created (or brought back by its barcode) and edited: the barcode and the PLU are unique
// per shop, a PLU belongs to a product sold by the kilo, and a product with sales keeps its unit.
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { MENSAJE_PLU_SOLO_GRANEL, type productoCreateSchema, type productoUpdateSchema } from '@minimarket/contracts/productos';
import type { z } from 'zod';
import { esViolacionUnica, type Db, type Prisma } from '../../db/client.js';
import { actualizarProducto, crearProducto, reactivarProducto } from '../../data/producto.js';
import { productoPorCodigo } from '../../data/producto-lecturas.js';
import { productoTieneVentas } from '../../data/venta-lecturas.js';
import { conflict, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { avisarCambiosDeStock } from '../notificaciones/notificaciones.service.js';
import { productoNoEncontrado, type productoVisible } from './producto-visible.js';
import { toProductoDto } from './productos.mapper.js';

export const MENSAJE_CODIGO_DUPLICADO = 'Ya existe un producto con este código de barras en su inventario.';
export const mensajePluDuplicado = (plu: string) => `Ya existe un producto con el PLU ${plu} en su inventario.`;
export const MENSAJE_UNIDAD_CON_VENTAS =
  'Este producto ya tiene ventas: su unidad de venta no se puede cambiar. Crea un producto nuevo para venderlo de la otra forma.';
export const MENSAJE_UNIDAD_SIN_STOCK =
  'Al cambiar la unidad de venta, indica también el stock en la nueva unidad (o deja el stock en 0 antes).';

const duplicado = () => conflict(MENSAJE_CODIGO_DUPLICADO, 'DUPLICATE_BARCODE');
const pluDuplicado = (plu: string) => conflict(mensajePluDuplicado(plu), 'DUPLICATE_PLU');
const pluSoloGranel = () => validation(MENSAJE_PLU_SOLO_GRANEL, [{ campo: 'codigo_plu', mensaje: MENSAJE_PLU_SOLO_GRANEL }]);

/** Which unique rule a write broke: the barcode's or the PLU's (both are per shop). */
function duplicadoDe(err: unknown, plu: string | null | undefined) {
  return plu && String(err).includes('codigo_plu') ? pluDuplicado(plu) : duplicado();
}

/** A write refused by a unique index, said as the rule it broke; anything else as it came. */
async function sinDuplicados<T>(plu: string | null | undefined, escribir: () => Promise<T>): Promise<T> {
  try {
    return await escribir();
  } catch (err) {
    if (esViolacionUnica(err)) throw duplicadoDe(err, plu);
    throw err;
  }
}

export function createEscriturasProducto({
  db,
  acceso,
  visible,
}: {
  db: Db;
  acceso: AccesoMinimarket;
  visible: ReturnType<typeof productoVisible>;
}) {
  return {
    /** A barcode the shop once deleted comes back to life with the new values. */
    async create(usuario: UsuarioSesion, data: z.output<typeof productoCreateSchema>) {
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
      return sinDuplicados(data.codigo_plu, () =>
        db.$transaction(async (tx) => {
          // A product deleted before comes back by its barcode (or, one with only a PLU, by its PLU).
          const previo = data.codigo_barra ? await productoPorCodigo(tx, data.id_minimarket, data.codigo_barra) : null;
          if (previo?.estado === 'activo') throw duplicado();
          const producto = previo
            ? await reactivarProducto(tx, previo, valores, data.stock, usuario.id_usuario)
            : await crearProducto(tx, valores, data.stock, usuario.id_usuario);
          return toProductoDto(producto);
        }),
      );
    },

    async update(usuario: UsuarioSesion, id: number, data: z.output<typeof productoUpdateSchema>) {
      const { id_minimarket, minimarket, unidad: unidadActual, stock, codigo_plu: pluActual } = await visible(usuario, id);
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
      return sinDuplicados(plu, () =>
        db.$transaction(async (tx) => {
          const editado = await actualizarProducto(tx, id_minimarket, id, cambios, data.stock, usuario.id_usuario);
          if (!editado) throw productoNoEncontrado();
          const { producto, antes } = editado;
          if (antes !== null && producto.stock !== antes) {
            const cambio = {
              id_producto: id,
              nombre_producto: producto.nombre_producto,
              antes,
              despues: producto.stock,
              unidad: producto.unidad as UnidadVenta,
            };
            await avisarCambiosDeStock(tx, producto.id_minimarket, [cambio], minimarket);
          }
          return toProductoDto(producto);
        }),
      );
    },
  };
}
