import type { z } from 'zod';
import { ESTADO_VENTA_COMPLETADA } from '@minimarket/contracts/comunes';
import { MAX_ENTERO, mensajeSinStock } from '@minimarket/contracts/reglas';
import { contar, formatClp } from '@minimarket/contracts/formato';
import { formatRut } from '@minimarket/contracts/rut';
import {
  MENSAJE_DEVOLUCION_VENTA_ANULADA,
  MENSAJE_PRODUCTO_NO_EN_VENTA,
  MENSAJE_VENTA_YA_ANULADA,
  type Devolucion,
  type devolucionCreateSchema,
  type Venta,
  type ventaCreateSchema,
  type ventasQuerySchema,
} from '@minimarket/contracts/ventas';
import { CODIGO_CAJA_REQUERIDA, desgloseIva, LEYENDA_COMPROBANTE, MENSAJE_CAJA_REQUERIDA, type Boleta } from '@minimarket/contracts/caja';
import { causaPostgres, esViolacionUnica, Prisma, type Db, type Tx } from '../../db/client.js';
import { type AppError, conflict, notFound, validation } from '../../lib/errors.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import { devolverUnidades } from '../../data/producto.js';
import { registrarDevolucion } from '../../data/devolucion.js';
import { anularVenta, registrarVenta } from '../../data/venta.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { avisarCambiosDeStock, type CambioStock } from '../notificaciones/notificaciones.service.js';
import { MENSAJE_PRODUCTO_NO_ENCONTRADO } from '../productos/productos.service.js';

type VentaCreate = z.output<typeof ventaCreateSchema>;
type VentasQuery = z.output<typeof ventasQuerySchema>;

export const MENSAJE_VENTA_NO_ENCONTRADA = 'Venta no encontrada.';
/** What the cashier reads when a retried checkout (same key) comes back with another cart. */
export const MENSAJE_CLAVE_REUSADA =
  'Con esta clave ya se registró una venta con otros productos o montos (quizás se cortó la conexión al enviarla). Revisa Transacciones antes de volver a cobrar.';

const CON_DETALLES = {
  detalles: { orderBy: { id_detalle_venta: 'asc' } },
  devoluciones: { orderBy: { id_devolucion: 'asc' }, include: { detalles: { orderBy: { id_detalle_devolucion: 'asc' } } } },
} satisfies Prisma.VentaInclude;
type VentaConDetalles = Prisma.VentaGetPayload<{ include: typeof CON_DETALLES }>;

export function toVentaDto(v: VentaConDetalles): Venta {
  return {
    id_venta: v.id_venta,
    id_minimarket: v.id_minimarket,
    fecha_venta: v.fecha_venta.toISOString(),
    total: v.total,
    metodo_pago: v.metodo_pago as Venta['metodo_pago'],
    estado_venta: v.estado_venta,
    id_turno: v.id_turno,
    monto_recibido: v.monto_recibido,
    anulada_en: v.anulada_en?.toISOString() ?? null,
    motivo_anulacion: v.motivo_anulacion,
    devoluciones: v.devoluciones.map((dv) => ({
      id_devolucion: dv.id_devolucion,
      id_venta: dv.id_venta,
      fecha: dv.fecha.toISOString(),
      motivo: dv.motivo,
      total: dv.total,
      detalles: dv.detalles.map((dd) => ({
        id_producto: dd.id_producto,
        nombre_producto: v.detalles.find((d) => d.id_producto === dd.id_producto)?.nombre_producto ?? '',
        num_unidades: dd.num_unidades,
        precio_unitario: dd.precio_unitario,
        subtotal: dd.subtotal,
      })),
    })),
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

type ResultadoRegistro = { repetida: true; id_venta: number } | { repetida: false; venta: Venta; cambios: CambioStock[] };

/**
 * The refusals registrar_venta raises (SQLSTATE 'MM0xx', a JSON message) as the API's errors;
 * 'CLAVE_REPETIDA' for a concurrent sale with the same Idempotency-Key; null for anything else.
 */
function rechazoDeVenta(err: unknown): AppError | 'CLAVE_REPETIDA' | null {
  if (esViolacionUnica(err)) return 'CLAVE_REPETIDA';
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const causa = causaPostgres(err);
  if (!causa?.originalCode?.startsWith('MM') || !causa.originalMessage) return null;
  const r = JSON.parse(causa.originalMessage) as { code: string; producto?: string; disponible?: number; precio?: number };
  switch (r.code) {
    case 'PRODUCT_NOT_FOUND':
      return notFound(MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
    case 'NOT_ENOUGH_STOCK':
      return conflict(mensajeSinStock(r.producto ?? '', r.disponible ?? 0), 'NOT_ENOUGH_STOCK');
    case 'NO_OPEN_SHIFT':
      return conflict(MENSAJE_CAJA_REQUERIDA, CODIGO_CAJA_REQUERIDA);
    case 'PRICE_CHANGED':
      return conflict(
        `El precio de "${r.producto}" cambió a ${formatClp(r.precio ?? 0)}. Actualiza el carrito e intenta de nuevo.`,
        'PRICE_CHANGED',
      );
    default:
      return null;
  }
}

/** Per product of a sale: what was sold, at what price and cost, and how many units are still out (not returned). */
async function porDevolver(tx: Tx, idVenta: number) {
  return tx.$queryRaw<
    {
      id_producto: number;
      nombre_producto: string;
      precio_unitario: number;
      costo_unitario: number | null;
      categoria: string;
      quedan: number;
    }[]
  >`
    SELECT d.id_producto, min(d.nombre_producto) AS nombre_producto, min(d.precio_unitario) AS precio_unitario,
           min(d.costo_unitario) AS costo_unitario, min(d.categoria) AS categoria,
           (sum(d.num_unidades) - coalesce((
              SELECT sum(dd.num_unidades) FROM devolucion dv
              JOIN detalle_devolucion dd ON dd.id_minimarket = dv.id_minimarket AND dd.id_devolucion = dv.id_devolucion
              WHERE dv.id_venta = ${idVenta} AND dd.id_producto = d.id_producto), 0))::int AS quedan
    FROM detalle_venta d WHERE d.id_venta = ${idVenta}
    GROUP BY d.id_producto ORDER BY d.id_producto`;
}

export type VentasService = ReturnType<typeof createVentasService>;

export function createVentasService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  /**
   * The sale an Idempotency-Key already made, when the request is that same sale again (a retry).
   * The same key with another cart is a different sale under a reused key: refused, never
   * answered with the first sale as if the second had been recorded.
   */
  async function repetidaPorClave(data: VentaCreate, clave: string): Promise<Venta | null> {
    const previa = await porClave(data.id_minimarket, clave);
    if (!previa) return null;
    const huella = (lineas: Array<{ id_producto: number; num_unidades: number; precio_unitario: number }>) =>
      lineas
        .map((l) => `${l.id_producto}:${l.num_unidades}:${l.precio_unitario}`)
        .sort()
        .join(',');
    const misma =
      previa.metodo_pago === data.metodo_pago && previa.total === data.total && huella(previa.detalles) === huella(data.detalles);
    if (!misma) throw conflict(MENSAJE_CLAVE_REUSADA, 'IDEMPOTENCY_KEY_REUSED');
    return previa;
  }

  async function porClave(idMinimarket: number, clave: string) {
    const venta = await db.venta.findUnique({
      where: { id_minimarket_idempotency_key: { id_minimarket: idMinimarket, idempotency_key: clave } },
      include: CON_DETALLES,
    });
    return venta ? toVentaDto(venta) : null;
  }

  /**
   * A sale under its row lock (a second void or return of it waits for this transaction), if the
   * caller may see its shop; otherwise 404, as if it did not exist.
   */
  async function ventaBloqueada(tx: Tx, usuario: UsuarioSesion, id: number) {
    const [v] = await tx.$queryRaw<
      { id_minimarket: number; estado_venta: string; fecha_venta: Date; metodo_pago: string; id_usuario_dueno: number }[]
    >`
      SELECT v.id_minimarket, v.estado_venta, v.fecha_venta, v.metodo_pago, m.id_usuario AS id_usuario_dueno
      FROM venta v JOIN minimarket m ON m.id_minimarket = v.id_minimarket
      WHERE v.id_venta = ${id} FOR UPDATE OF v`;
    if (!v || !acceso.puedeVer(usuario, { id_usuario: v.id_usuario_dueno })) throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
    return v;
  }

  return {
    /**
     * The sale is one call to the database function registrar_venta (its migration explains
     * it): stock taken with guarded UPDATEs so it never goes below zero, prices checked, the
     * sale, lines and ledger written, all or nothing. Here: the arithmetic of the cart before,
     * the Spanish answers to its refusals, and the stock notices after it commits.
     */
    async create(usuario: UsuarioSesion, data: VentaCreate, idempotencyKey?: string) {
      const tienda = await acceso.assertAcceso(usuario, data.id_minimarket);
      assertTotales(data);
      const lineas = data.detalles.map((d) => ({
        id_producto: d.id_producto,
        num_unidades: d.num_unidades,
        precio_unitario: d.precio_unitario,
        subtotal: d.subtotal,
      }));
      let resultado: ResultadoRegistro;
      try {
        resultado = await registrarVenta<ResultadoRegistro>(db, {
          idMinimarket: data.id_minimarket,
          idUsuario: usuario.id_usuario,
          metodoPago: data.metodo_pago,
          estadoVenta: data.estado_venta,
          total: data.total,
          idempotencyKey: idempotencyKey ?? null,
          lineas,
          montoRecibido: data.monto_recibido ?? null,
        });
      } catch (err) {
        const rechazo = rechazoDeVenta(err);
        // Two retries of one checkout raced: the loser answers with the winner's sale.
        if (rechazo === 'CLAVE_REPETIDA' && idempotencyKey) {
          const previa = await repetidaPorClave(data, idempotencyKey);
          if (previa) return { venta: previa, repetida: true };
        }
        if (rechazo instanceof Error) throw rechazo;
        throw err;
      }
      if (resultado.repetida) {
        const previa = await repetidaPorClave(data, idempotencyKey!);
        return { venta: previa!, repetida: true };
      }
      await avisarCambiosDeStock(db, data.id_minimarket, resultado.cambios, tienda);
      return { venta: resultado.venta, repetida: false };
    },

    async list(usuario: UsuarioSesion, q: VentasQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const idBuscado = q.search ? Number(q.search.replace(/^#/, '')) : undefined;
      // Not a sale number (or past any id): nothing matches.
      if (idBuscado !== undefined && !(Number.isInteger(idBuscado) && idBuscado >= 1 && idBuscado <= MAX_ENTERO))
        return { sales: [], total: 0, ventas_completadas: 0, monto_total: 0 };
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
      // The totals by the one definition of a sale (venta_contada): a voided sale is listed (in red)
      // but counts nowhere, and what was returned leaves what its sale brought in.
      const contadas = Prisma.sql`
        SELECT count(*)::int AS ventas, coalesce(sum(ingreso), 0)::bigint AS ingresos FROM venta_contada
        WHERE id_minimarket = ${q.id_minimarket}
          ${idBuscado !== undefined ? Prisma.sql`AND id_venta = ${idBuscado}` : Prisma.empty}
          ${q.start_date ? Prisma.sql`AND fecha_venta >= ${zonedToUtc(q.start_date)}` : Prisma.empty}
          ${q.end_date ? Prisma.sql`AND fecha_venta <= ${new Date(zonedToUtc(q.end_date).getTime() + 999)}` : Prisma.empty}`;
      const [rows, cuantas, [totales]] = await Promise.all([
        db.venta.findMany({
          where,
          include: CON_DETALLES,
          orderBy: [{ fecha_venta: 'desc' }, { id_venta: 'desc' }],
          skip: q.skip,
          take: q.limit,
        }),
        db.venta.count({ where }),
        db.$queryRaw<{ ventas: number; ingresos: bigint }[]>(contadas),
      ]);
      return {
        sales: rows.map(toVentaDto),
        total: cuantas,
        ventas_completadas: totales?.ventas ?? 0,
        monto_total: Number(totales?.ingresos ?? 0),
      };
    },

    async get(usuario: UsuarioSesion, id: number) {
      const venta = await db.venta.findUnique({
        where: { id_venta: id },
        include: { ...CON_DETALLES, minimarket: { select: { id_usuario: true } } },
      });
      if (!venta || !acceso.puedeVer(usuario, venta.minimarket)) throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
      return toVentaDto(venta);
    },

    /**
     * Voids a whole sale: under the sale's row lock (a second void waits, then finds it voided: 409),
     * 'Anulada' with who, when and why, every unit back through the ledger, its day summed again.
     */
    async anular(usuario: UsuarioSesion, id: number, motivo: string) {
      await db.$transaction(async (tx) => {
        const v = await ventaBloqueada(tx, usuario, id);
        if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_VENTA_YA_ANULADA, 'SALE_ALREADY_VOIDED');
        const [turno] = await tx.$queryRaw<{ id_turno: number }[]>`
          SELECT id_turno FROM turno_caja WHERE id_minimarket = ${v.id_minimarket} AND cerrado_en IS NULL FOR SHARE`;
        await anularVenta(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          fechaVenta: v.fecha_venta,
          idUsuario: usuario.id_usuario,
          motivo,
          idTurno: turno?.id_turno ?? null,
        });
        // What is still out: sold minus what was already returned.
        const unidades = (await porDevolver(tx, id))
          .map((p) => ({ id_producto: p.id_producto, cantidad: p.quedan }))
          .filter((u) => u.cantidad > 0);
        await devolverUnidades(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          idUsuario: usuario.id_usuario,
          tipo: 'anulacion',
          motivo: `Anulación de la venta #${id}`,
          unidades,
        });
      });
      return toVentaDto(await db.venta.findUniqueOrThrow({ where: { id_venta: id }, include: CON_DETALLES }));
    },

    /**
     * Returns part of a sale: at most what was sold minus what was already returned (409 beyond),
     * refunded at the price paid, the units back through the ledger, its day summed again. Under
     * the sale's row lock, so two returns (or a return and a void) of one sale take turns.
     */
    async devolver(usuario: UsuarioSesion, id: number, body: z.output<typeof devolucionCreateSchema>): Promise<Devolucion> {
      const idDevolucion = await db.$transaction(async (tx) => {
        const v = await ventaBloqueada(tx, usuario, id);
        if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_DEVOLUCION_VENTA_ANULADA, 'SALE_VOIDED');
        const disponibles = new Map((await porDevolver(tx, id)).map((p) => [p.id_producto, p]));
        const pedidas = new Map<number, number>();
        for (const d of body.detalles) pedidas.set(d.id_producto, (pedidas.get(d.id_producto) ?? 0) + d.num_unidades);
        const lineas = [...pedidas].map(([idProducto, cantidad]) => {
          const p = disponibles.get(idProducto);
          if (!p) throw validation(MENSAJE_PRODUCTO_NO_EN_VENTA, [{ campo: 'detalles', mensaje: MENSAJE_PRODUCTO_NO_EN_VENTA }]);
          if (cantidad > p.quedan)
            throw conflict(
              `De "${p.nombre_producto}" ${p.quedan === 1 ? 'queda' : 'quedan'} ${contar(p.quedan, 'unidad', 'unidades')} por devolver.`,
              'RETURN_EXCEEDS_SALE',
            );
          return {
            id_producto: idProducto,
            num_unidades: cantidad,
            precio_unitario: p.precio_unitario,
            costo_unitario: p.costo_unitario,
            categoria: p.categoria,
          };
        });
        const [turno] = await tx.$queryRaw<{ id_turno: number }[]>`
          SELECT id_turno FROM turno_caja WHERE id_minimarket = ${v.id_minimarket} AND cerrado_en IS NULL FOR SHARE`;
        const nueva = await registrarDevolucion(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          fechaVenta: v.fecha_venta,
          idTurno: turno?.id_turno ?? null,
          metodoPago: v.metodo_pago,
          motivo: body.motivo,
          idUsuario: usuario.id_usuario,
          lineas,
        });
        await devolverUnidades(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          idUsuario: usuario.id_usuario,
          tipo: 'devolucion',
          motivo: `Devolución de la venta #${id}`,
          unidades: lineas.map((l) => ({ id_producto: l.id_producto, cantidad: l.num_unidades })),
        });
        return nueva;
      });
      const venta = toVentaDto(await db.venta.findUniqueOrThrow({ where: { id_venta: id }, include: CON_DETALLES }));
      return venta.devoluciones!.find((d) => d.id_devolucion === idDevolucion)!;
    },

    /** The receipt's data: the shop (name, RUT, address), the lines, neto and IVA, cash and change. */
    async boleta(usuario: UsuarioSesion, id: number): Promise<Boleta> {
      const venta = await db.venta.findUnique({
        where: { id_venta: id },
        include: {
          ...CON_DETALLES,
          minimarket: {
            select: {
              id_usuario: true,
              nombre_minimarket: true,
              direccion: true,
              comuna: true,
              usuario: { select: { rut_empresa: true } },
            },
          },
        },
      });
      if (!venta || !acceso.puedeVer(usuario, venta.minimarket)) throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
      const m = venta.minimarket;
      return {
        id_venta: venta.id_venta,
        fecha_venta: venta.fecha_venta.toISOString(),
        minimarket: { nombre: m.nombre_minimarket, rut: formatRut(m.usuario.rut_empresa), direccion: m.direccion, comuna: m.comuna },
        lineas: venta.detalles.map((d) => ({
          nombre_producto: d.nombre_producto,
          num_unidades: d.num_unidades,
          precio_unitario: d.precio_unitario,
          subtotal: d.subtotal,
        })),
        total: venta.total,
        ...desgloseIva(venta.total),
        metodo_pago: venta.metodo_pago as Boleta['metodo_pago'],
        estado_venta: venta.estado_venta,
        monto_recibido: venta.monto_recibido,
        vuelto: venta.monto_recibido === null ? null : venta.monto_recibido - venta.total,
        leyenda: LEYENDA_COMPROBANTE,
      };
    },
  };
}
