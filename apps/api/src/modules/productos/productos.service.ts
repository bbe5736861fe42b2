import type { z } from 'zod';
import { CATEGORIA_TODOS } from '@minimarket/contracts/comunes';
import {
  type ingresoStockSchema,
  type productoCreateSchema,
  type productosQuerySchema,
  type productoUpdateSchema,
} from '@minimarket/contracts/productos';
import { esViolacionUnica, Prisma, type Db } from '../../db/client.js';
import { escaparLike } from '../../db/like.js';
import { actualizarProducto, crearProducto, desactivarProducto, ingresarStock, reactivarProducto } from '../../data/producto.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { avisarCambiosDeStock } from '../notificaciones/notificaciones.service.js';
import type { Producto as ProductoRow } from '../../generated/prisma/client.js';
import { toProductoDto } from './productos.mapper.js';

export const MENSAJE_PRODUCTO_NO_ENCONTRADO = 'Producto no encontrado en el inventario.';
export const MENSAJE_CODIGO_DUPLICADO = 'Ya existe un producto con este código de barras en su inventario.';

type ProductoCreate = z.output<typeof productoCreateSchema>;
type ProductoUpdate = z.output<typeof productoUpdateSchema>;
type ProductosQuery = z.output<typeof productosQuerySchema>;
type IngresoStock = z.output<typeof ingresoStockSchema>;

const duplicado = () => conflict(MENSAJE_CODIGO_DUPLICADO, 'DUPLICATE_BARCODE');

/** pg_trgm needs this many characters to use the name index; shorter terms are name prefixes. */
const MIN_LETRAS_TRIGRAMA = 3;

export type ProductosService = ReturnType<typeof createProductosService>;

export function createProductosService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  /** An active product the user may touch; anything else reads as not found. */
  async function findVisible(usuario: UsuarioSesion, id: number) {
    const producto = await db.producto.findUnique({
      where: { id_producto: id },
      include: { minimarket: { select: { id_usuario: true, umbral_stock_bajo: true } } },
    });
    if (!producto || producto.estado !== 'activo' || !acceso.puedeVer(usuario, producto.minimarket)) {
      throw notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
    }
    return producto;
  }

  /**
   * Search ignoring case and accents, against nombre_busqueda (name and brand folded by the
   * database's texto_busqueda(): lower + unaccent) and its two indexes: a term of 3+ characters anywhere in
   * the name (trigrams) or the exact barcode; 1–2 characters typed at the counter ('le', 'té')
   * as the start of a name (prefix index). Prisma cannot write these expressions, hence SQL.
   */
  async function listPorTexto(q: ProductosQuery, termino: string) {
    const patron = escaparLike(termino);
    const coincide =
      termino.length < MIN_LETRAS_TRIGRAMA
        ? Prisma.sql`nombre_busqueda LIKE texto_busqueda(${patron}) || '%'`
        : Prisma.sql`(nombre_busqueda LIKE '%' || texto_busqueda(${patron}) || '%' OR codigo_barra = ${termino})`;
    const filtros = Prisma.sql`id_minimarket = ${q.id_minimarket} AND estado = 'activo' AND ${coincide}
      ${q.category && q.category !== CATEGORIA_TODOS ? Prisma.sql`AND categoria = ${q.category}` : Prisma.empty}
      ${q.codigo_barra ? Prisma.sql`AND codigo_barra = ${q.codigo_barra}` : Prisma.empty}`;
    const orden = q.orden === 'recientes' ? Prisma.sql`fecha_creacion DESC, id_producto DESC` : Prisma.sql`nombre_producto, id_producto`;
    const [rows, [conteo]] = await Promise.all([
      db.$queryRaw<ProductoRow[]>`SELECT * FROM producto WHERE ${filtros} ORDER BY ${orden} LIMIT ${q.limit} OFFSET ${q.skip}`,
      db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM producto WHERE ${filtros}`,
    ]);
    return { items: rows.map(toProductoDto), total: conteo?.total ?? 0 };
  }

  return {
    async list(usuario: UsuarioSesion, q: ProductosQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      if (q.search) return listPorTexto(q, q.search);
      const where: Prisma.ProductoWhereInput = {
        id_minimarket: q.id_minimarket,
        estado: 'activo',
        ...(q.category && q.category !== CATEGORIA_TODOS ? { categoria: q.category } : {}),
        ...(q.codigo_barra ? { codigo_barra: q.codigo_barra } : {}),
        ...(q.ids ? { id_producto: { in: q.ids } } : {}),
      };
      const orderBy: Prisma.ProductoOrderByWithRelationInput[] =
        q.orden === 'recientes'
          ? [{ fecha_creacion: 'desc' }, { id_producto: 'desc' }]
          : [{ nombre_producto: 'asc' }, { id_producto: 'asc' }];
      // Page and count side by side on two connections: no transaction round trips on the
      // hottest read of the counter (bench/README.md).
      const [rows, total] = await Promise.all([
        db.producto.findMany({ where, orderBy, skip: q.skip, take: q.limit }),
        db.producto.count({ where }),
      ]);
      return { items: rows.map(toProductoDto), total };
    },

    async get(usuario: UsuarioSesion, id: number) {
      return toProductoDto(await findVisible(usuario, id));
    },

    /** A barcode the shop once deleted comes back to life with the new values. */
    async create(usuario: UsuarioSesion, data: ProductoCreate) {
      await acceso.assertAcceso(usuario, data.id_minimarket);
      const valores = {
        id_minimarket: data.id_minimarket,
        codigo_barra: data.codigo_barra,
        nombre_producto: data.nombre_producto,
        categoria: data.categoria,
        precio_venta_actual: data.precio_venta,
        precio_compra_actual: data.precio_compra ?? null,
        descripcion: data.descripcion,
        marca: data.marca,
        imagen: data.imagen,
      };
      try {
        return await db.$transaction(async (tx) => {
          const previo = await tx.producto.findUnique({
            where: { id_minimarket_codigo_barra: { id_minimarket: data.id_minimarket, codigo_barra: data.codigo_barra } },
          });
          if (previo?.estado === 'activo') throw duplicado();
          const producto = previo
            ? await reactivarProducto(tx, previo, valores, data.stock, usuario.id_usuario)
            : await crearProducto(tx, valores, data.stock, usuario.id_usuario);
          return toProductoDto(producto);
        });
      } catch (err) {
        if (esViolacionUnica(err)) throw duplicado();
        throw err;
      }
    },

    async update(usuario: UsuarioSesion, id: number, data: ProductoUpdate) {
      const { minimarket } = await findVisible(usuario, id);
      const cambios: Prisma.ProductoUpdateInput = {
        codigo_barra: data.codigo_barra,
        nombre_producto: data.nombre_producto,
        categoria: data.categoria,
        precio_venta_actual: data.precio_venta,
        precio_compra_actual: data.precio_compra,
        descripcion: data.descripcion,
        marca: data.marca,
        imagen: data.imagen,
      };
      try {
        return await db.$transaction(async (tx) => {
          const editado = await actualizarProducto(tx, id, cambios, data.stock, usuario.id_usuario);
          if (!editado) throw notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
          const { producto, antes } = editado;
          if (antes !== null && producto.stock !== antes) {
            await avisarCambiosDeStock(
              tx,
              producto.id_minimarket,
              [{ id_producto: id, nombre_producto: producto.nombre_producto, antes, despues: producto.stock }],
              minimarket,
            );
          }
          return toProductoDto(producto);
        });
      } catch (err) {
        if (esViolacionUnica(err)) throw duplicado();
        throw err;
      }
    },

    /** Soft delete: the product leaves lists and the POS; sales history keeps it. */
    async remove(usuario: UsuarioSesion, id: number) {
      await findVisible(usuario, id);
      await desactivarProducto(db, id);
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
