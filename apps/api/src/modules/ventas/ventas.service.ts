import type { z } from 'zod';
import { formatClp } from '@minimarket/contracts/formato';
import type { Venta, ventaCreateSchema, ventasQuerySchema } from '@minimarket/contracts/ventas';
import { Prisma, type Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { avisarCambiosDeStock } from '../notificaciones/notificaciones.service.js';
import { MENSAJE_PRODUCTO_NO_ENCONTRADO } from '../productos/productos.service.js';

type VentaCreate = z.output<typeof ventaCreateSchema>;
type VentasQuery = z.output<typeof ventasQuerySchema>;

export const MENSAJE_VENTA_NO_ENCONTRADA = 'Venta no encontrada.';
export const mensajeSinStock = (producto: string, disponible: number) =>
  `No hay suficiente stock para "${producto}". Disponible: ${disponible}`;

const CON_DETALLES = { detalles: { orderBy: { id_detalle_venta: 'asc' } } } satisfies Prisma.VentaInclude;
type VentaConDetalles = Prisma.VentaGetPayload<{ include: typeof CON_DETALLES }>;

export function toVentaDto(v: VentaConDetalles): Venta {
  return {
    id_venta: v.id_venta,
    id_minimarket: v.id_minimarket,
    fecha_venta: v.fecha_venta.toISOString(),
    total: v.total,
    metodo_pago: v.metodo_pago as Venta['metodo_pago'],
    estado_venta: v.estado_venta,
    detalles: v.detalles.map((d) => ({
      id_detalle_venta: d.id_detalle_venta,
      id_producto: d.id_producto,
      num_unidades: d.num_unidades,
      subtotal: d.subtotal,
      precio_unitario: d.precio_unitario,
      nombre_producto: d.nombre_producto,
    })),
  };
}

/** The arithmetic of a cart, checked before touching the database. */
function assertTotales(data: VentaCreate) {
  for (const d of data.detalles) {
    if (d.subtotal !== d.precio_unitario * d.num_unidades) {
      throw conflict(
        `El subtotal de "${d.nombre_producto ?? `producto ${d.id_producto}`}" no coincide con su precio y cantidad.`,
        'SUBTOTAL_MISMATCH',
      );
    }
  }
  const suma = data.detalles.reduce((s, d) => s + d.subtotal, 0);
  if (suma !== data.total) {
    throw conflict(
      `El total de la venta (${formatClp(data.total)}) no coincide con la suma de sus productos (${formatClp(suma)}).`,
      'TOTAL_MISMATCH',
    );
  }
}

export type VentasService = ReturnType<typeof createVentasService>;

export function createVentasService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  async function porClave(idMinimarket: number, clave: string) {
    const venta = await db.venta.findUnique({
      where: { id_minimarket_idempotency_key: { id_minimarket: idMinimarket, idempotency_key: clave } },
      include: CON_DETALLES,
    });
    return venta ? toVentaDto(venta) : null;
  }

  return {
    /**
     * One transaction: stock taken with a guarded UPDATE per product (a row lock, and
     * `stock >= n` re-checked after any concurrent sale commits, so stock never goes
     * below zero), prices checked against the database, the sale, its lines and the
     * ledger written. Any refusal rolls all of it back.
     */
    async create(usuario: UsuarioSesion, data: VentaCreate, idempotencyKey?: string) {
      const tienda = await acceso.assertAcceso(usuario, data.id_minimarket);
      if (idempotencyKey) {
        const previa = await porClave(data.id_minimarket, idempotencyKey);
        if (previa) return { venta: previa, repetida: true };
      }
      assertTotales(data);

      const unidades = new Map<number, number>();
      for (const d of data.detalles) unidades.set(d.id_producto, (unidades.get(d.id_producto) ?? 0) + d.num_unidades);

      try {
        const venta = await db.$transaction(async (tx) => {
          const productos = new Map<number, { nombre_producto: string; precio_venta_actual: number; stock: number }>();
          // Ascending ids: two carts with the same products lock them in the same order (no deadlock).
          for (const id of [...unidades.keys()].sort((a, b) => a - b)) {
            const n = unidades.get(id) ?? 0;
            const [fila] = await tx.$queryRaw<{ nombre_producto: string; precio_venta_actual: number; stock: number }[]>`
              UPDATE producto SET stock = stock - ${n}, fecha_actualizacion = now()
              WHERE id_producto = ${id} AND id_minimarket = ${data.id_minimarket} AND estado = 'activo' AND stock >= ${n}
              RETURNING nombre_producto, precio_venta_actual, stock`;
            if (!fila) {
              const p = await tx.producto.findFirst({
                where: { id_producto: id, id_minimarket: data.id_minimarket, estado: 'activo' },
                select: { nombre_producto: true, stock: true },
              });
              if (!p) throw notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
              throw conflict(mensajeSinStock(p.nombre_producto, p.stock), 'NOT_ENOUGH_STOCK');
            }
            productos.set(id, fila);
          }
          for (const d of data.detalles) {
            const p = productos.get(d.id_producto);
            if (p && d.precio_unitario !== p.precio_venta_actual) {
              throw conflict(
                `El precio de "${p.nombre_producto}" cambió a ${formatClp(p.precio_venta_actual)}. Actualice el carrito e intente de nuevo.`,
                'PRICE_CHANGED',
              );
            }
          }
          const creada = await tx.venta.create({
            data: {
              id_minimarket: data.id_minimarket,
              id_usuario: usuario.id_usuario,
              total: data.total,
              metodo_pago: data.metodo_pago,
              estado_venta: data.estado_venta,
              idempotency_key: idempotencyKey ?? null,
              detalles: {
                create: data.detalles.map((d) => ({
                  id_minimarket: data.id_minimarket,
                  id_producto: d.id_producto,
                  num_unidades: d.num_unidades,
                  precio_unitario: d.precio_unitario,
                  subtotal: d.subtotal,
                  nombre_producto: productos.get(d.id_producto)?.nombre_producto ?? '',
                })),
              },
            },
            include: CON_DETALLES,
          });
          const cambios = [...productos].map(([id, p]) => ({
            id_producto: id,
            nombre_producto: p.nombre_producto,
            antes: p.stock + (unidades.get(id) ?? 0),
            despues: p.stock,
          }));
          await tx.movimientoStock.createMany({
            data: cambios.map((c) => ({
              id_minimarket: data.id_minimarket,
              id_producto: c.id_producto,
              id_usuario: usuario.id_usuario,
              id_venta: creada.id_venta,
              tipo: 'venta',
              cantidad: c.despues - c.antes,
              stock_resultante: c.despues,
              motivo: `Venta #${creada.id_venta}`,
            })),
          });
          await avisarCambiosDeStock(tx, data.id_minimarket, cambios, tienda);
          return creada;
        });
        return { venta: toVentaDto(venta), repetida: false };
      } catch (err) {
        // Two retries of one checkout raced: the loser returns the winner's sale.
        if (idempotencyKey && err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
          const previa = await porClave(data.id_minimarket, idempotencyKey);
          if (previa) return { venta: previa, repetida: true };
        }
        throw err;
      }
    },

    async list(usuario: UsuarioSesion, q: VentasQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const idBuscado = q.search ? Number(q.search.replace(/^#/, '')) : undefined;
      if (idBuscado !== undefined && !Number.isSafeInteger(idBuscado)) return { sales: [], total: 0 };
      const where: Prisma.VentaWhereInput = {
        id_minimarket: q.id_minimarket,
        ...(idBuscado !== undefined ? { id_venta: idBuscado } : {}),
        ...(q.start_date || q.end_date
          ? {
              fecha_venta: {
                ...(q.start_date ? { gte: zonedToUtc(q.start_date) } : {}),
                // The whole last second counts: 23:59:59 means up to 23:59:59.999.
                ...(q.end_date ? { lte: new Date(zonedToUtc(q.end_date).getTime() + 999) } : {}),
              },
            }
          : {}),
      };
      const [rows, total] = await db.$transaction([
        db.venta.findMany({
          where,
          include: CON_DETALLES,
          orderBy: [{ fecha_venta: 'desc' }, { id_venta: 'desc' }],
          skip: q.skip,
          take: q.limit,
        }),
        db.venta.count({ where }),
      ]);
      return { sales: rows.map(toVentaDto), total };
    },

    async get(usuario: UsuarioSesion, id: number) {
      const venta = await db.venta.findUnique({
        where: { id_venta: id },
        include: { ...CON_DETALLES, minimarket: { select: { id_usuario: true } } },
      });
      if (!venta || !acceso.puedeVer(usuario, venta.minimarket)) throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
      return toVentaDto(venta);
    },
  };
}
