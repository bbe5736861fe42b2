import { MENSAJE_CLIENTE_NO_ENCONTRADO, mensajeClienteInactivo, mensajeLimiteCredito } from '@minimarket/contracts/clientes';
import type { z } from 'zod';
import { ESTADO_VENTA_COMPLETADA, METODO_MIXTO, METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import { contarCantidad } from '@minimarket/contracts/cantidad';
import { mensajeSinStock, montoADevolver, type UnidadVenta } from '@minimarket/contracts/granel';
import { MAX_ENTERO } from '@minimarket/contracts/reglas';
import { formatClp } from '@minimarket/contracts/formato';
import { formatRut } from '@minimarket/contracts/rut';
import {
  DIAS_MAXIMOS_OFFLINE,
  MENSAJE_DEVOLUCION_VENTA_ANULADA,
  MENSAJE_OFFLINE_ANTIGUA,
  MENSAJE_OFFLINE_CLIENTE_NO_ENCONTRADO,
  MENSAJE_OFFLINE_PRODUCTO_NO_ENCONTRADO,
  MENSAJE_OFFLINE_FUTURA,
  MENSAJE_OFFLINE_SIN_CLAVE,
  MINUTOS_FUTURO_OFFLINE,
  MENSAJE_PRODUCTO_NO_EN_VENTA,
  MENSAJE_VENTA_YA_ANULADA,
  type Devolucion,
  type devolucionCreateSchema,
  type Pago,
  referenciaVenta,
  vueltoDeVenta,
  type Venta,
  type ventaCreateSchema,
  type ventasQuerySchema,
} from '@minimarket/contracts/ventas';
import { CODIGO_CAJA_REQUERIDA, desgloseIva, LEYENDA_COMPROBANTE, MENSAJE_CAJA_REQUERIDA, type Boleta } from '@minimarket/contracts/caja';
import { causaPostgres, esViolacionUnica, Prisma, type Db, type Tx } from '../../db/client.js';
import { type AppError, conflict, notFound, validation } from '../../lib/errors.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import { devolverUnidades } from '../../data/producto.js';
import { boletaElectronicaDeVenta } from '../boletas/boleta-de-venta.js';
import { pagosDeVenta, registrarDevolucion } from '../../data/devolucion.js';
import { repartirDevolucion } from './reparto-devolucion.js';
import {
  anularVenta,
  listarVentas,
  registrarVenta,
  unidadesPorDevolver,
  tiendaDeVenta,
  ventaBloqueada,
  ventaConDetalles,
  ventaConDueno,
  ventaParaBoleta,
  ventaPorClave,
  type VentaConDetalles,
} from '../../data/venta.js';
import { turnoAbiertoCompartido } from '../../data/turno-caja.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import {
  avisarCambiosDeStock,
  avisarVentaOffline,
  type AvisosVentaOffline,
  type CambioStock,
} from '../notificaciones/notificaciones.service.js';
import { MENSAJE_PRODUCTO_NO_ENCONTRADO } from '../productos/productos.service.js';

type VentaCreate = z.output<typeof ventaCreateSchema>;
type VentasQuery = z.output<typeof ventasQuerySchema>;

export const MENSAJE_VENTA_NO_ENCONTRADA = 'Venta no encontrada.';
/** What the cashier reads when a retried checkout (same key) comes back with another cart. */
export const MENSAJE_CLAVE_REUSADA =
  'Con esta clave ya se registró una venta con otros productos o montos (quizás se cortó la conexión al enviarla). Revisa Transacciones antes de volver a cobrar.';

/**
 * The parts of a payment (a sale's or a return's) as the API shows them: the rows of a split one in
 * the order of METODOS_PAGO, or the one part of one paid one way (its method and total).
 */
export function partesDePago(metodo: string, total: number, filas: ReadonlyArray<{ metodo_pago: string; monto: number }>): Pago[] {
  if (metodo !== METODO_MIXTO) return [{ metodo_pago: metodo as MetodoPago, monto: total }];
  return [...filas]
    .sort((a, b) => METODOS_PAGO.indexOf(a.metodo_pago as MetodoPago) - METODOS_PAGO.indexOf(b.metodo_pago as MetodoPago))
    .map((f) => ({ metodo_pago: f.metodo_pago as MetodoPago, monto: f.monto }));
}

export function toVentaDto(v: VentaConDetalles): Venta {
  return {
    id_venta: v.id_venta,
    numero_venta: v.numero_venta,
    id_venta_csv: v.id_venta_csv,
    id_minimarket: v.id_minimarket,
    fecha_venta: v.fecha_venta.toISOString(),
    total: v.total,
    metodo_pago: v.metodo_pago as Venta['metodo_pago'],
    pagos: partesDePago(v.metodo_pago, v.total, v.pagos),
    estado_venta: v.estado_venta,
    id_turno: v.id_turno,
    id_cliente: v.id_cliente,
    monto_recibido: v.monto_recibido,
    anulada_en: v.anulada_en?.toISOString() ?? null,
    motivo_anulacion: v.motivo_anulacion,
    origen: v.origen as Venta['origen'],
    referencia_local: v.referencia_local,
    devoluciones: v.devoluciones.map((dv) => ({
      id_devolucion: dv.id_devolucion,
      id_venta: dv.id_venta,
      fecha: dv.fecha.toISOString(),
      motivo: dv.motivo,
      total: dv.total,
      pagos: partesDePago(dv.metodo_pago, dv.total, dv.pagos),
      detalles: dv.detalles.map((dd) => ({
        id_producto: dd.id_producto,
        nombre_producto: v.detalles.find((d) => d.id_producto === dd.id_producto)?.nombre_producto ?? '',
        num_unidades: dd.num_unidades,
        precio_unitario: dd.precio_unitario,
        subtotal: dd.subtotal,
        unidad: (v.detalles.find((d) => d.id_producto === dd.id_producto)?.unidad ?? 'unidad') as UnidadVenta,
      })),
    })),
    detalles: v.detalles.map((d) => ({
      id_detalle_venta: d.id_detalle_venta,
      id_producto: d.id_producto,
      num_unidades: d.num_unidades,
      subtotal: d.subtotal,
      precio_unitario: d.precio_unitario,
      nombre_producto: d.nombre_producto,
      unidad: d.unidad as UnidadVenta,
      precio_catalogo: d.precio_catalogo,
    })),
  };
}

const mensajeSubtotal = (producto: string) => `El subtotal de "${producto}" no coincide con su precio y cantidad.`;

/**
 * The arithmetic of a cart that needs no product, checked before touching the database: the total
 * is the sum of the lines. Each line's subtotal depends on its product's unit (a kg line is
 * montoPorPeso of grams): registrar_venta checks it beside the product's price (SUBTOTAL_MISMATCH).
 */
function assertTotales(data: VentaCreate) {
  const suma = data.detalles.reduce((s, d) => s + d.subtotal, 0);
  if (suma !== data.total) {
    throw conflict(
      `El total de la venta (${formatClp(data.total)}) no coincide con la suma de sus productos (${formatClp(suma)}).`,
      'TOTAL_MISMATCH',
    );
  }
}

/**
 * What the Transacciones search box asks for: a sale number ("12", "#12", "N° 12", "n°12") or, as
 * typed, the id a sale had in an imported file. A number past any integer matches no number.
 */
function ventaBuscada(texto: string) {
  const digitos = /^(?:#|n[°º.]?\s*)?(\d{1,10})$/i.exec(texto.replace(/\s+/g, ' ').trim());
  const numero = digitos ? Number(digitos[1]) : null;
  return { numero: numero !== null && numero >= 1 && numero <= MAX_ENTERO ? numero : null, idCsv: texto };
}

type ResultadoRegistro =
  { repetida: true; id_venta: number } | { repetida: false; venta: Venta; cambios: CambioStock[]; avisos: AvisosVentaOffline };

/**
 * The checks of an offline sale that need the server's clock and the request's header, before
 * touching the database (docs/offline.md «El servidor»): its key, and its own time neither ahead of
 * the server by more than the device's clock skew nor older than a device could still send it.
 */
function assertOffline(data: VentaCreate, idempotencyKey: string | undefined, ahora = new Date()) {
  if (!idempotencyKey) throw validation(MENSAJE_OFFLINE_SIN_CLAVE, [{ campo: 'Idempotency-Key', mensaje: MENSAJE_OFFLINE_SIN_CLAVE }]);
  const fecha = new Date(data.fecha_venta!);
  if (fecha.getTime() > ahora.getTime() + MINUTOS_FUTURO_OFFLINE * 60_000)
    throw validation(MENSAJE_OFFLINE_FUTURA, [{ campo: 'fecha_venta', mensaje: MENSAJE_OFFLINE_FUTURA }]);
  if (fecha.getTime() < ahora.getTime() - DIAS_MAXIMOS_OFFLINE * 24 * 3_600_000)
    throw validation(MENSAJE_OFFLINE_ANTIGUA, [{ campo: 'fecha_venta', mensaje: MENSAJE_OFFLINE_ANTIGUA }]);
  return fecha;
}

/**
 * The refusals registrar_venta raises (SQLSTATE 'MM0xx', a JSON message) as the API's errors;
 * 'CLAVE_REPETIDA' for a concurrent sale with the same Idempotency-Key; null for anything else.
 */
function rechazoDeVenta(err: unknown, offline = false): AppError | 'CLAVE_REPETIDA' | null {
  if (esViolacionUnica(err)) return 'CLAVE_REPETIDA';
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const causa = causaPostgres(err);
  if (!causa?.originalCode?.startsWith('MM') || !causa.originalMessage) return null;
  const r = JSON.parse(causa.originalMessage) as {
    code: string;
    producto?: string;
    disponible?: number;
    precio?: number;
    unidad?: UnidadVenta;
    cliente?: string;
    saldo?: number;
    limite?: number;
    total?: number;
    parcial?: boolean;
  };
  switch (r.code) {
    case 'PRODUCT_NOT_FOUND':
      return notFound(offline ? MENSAJE_OFFLINE_PRODUCTO_NO_ENCONTRADO : MENSAJE_PRODUCTO_NO_ENCONTRADO, 'PRODUCT_NOT_FOUND');
    case 'NOT_ENOUGH_STOCK':
      return conflict(mensajeSinStock(r.producto ?? '', r.disponible ?? 0, r.unidad), 'NOT_ENOUGH_STOCK');
    case 'CLIENT_NOT_FOUND':
      return notFound(offline ? MENSAJE_OFFLINE_CLIENTE_NO_ENCONTRADO : MENSAJE_CLIENTE_NO_ENCONTRADO, 'CLIENT_NOT_FOUND');
    case 'CLIENT_INACTIVE':
      return conflict(mensajeClienteInactivo(r.cliente ?? ''), 'CLIENT_INACTIVE');
    case 'CREDIT_LIMIT':
      return conflict(mensajeLimiteCredito(r.cliente ?? '', r.saldo ?? 0, r.limite ?? 0, r.total ?? 0, r.parcial), 'CREDIT_LIMIT');
    case 'SUBTOTAL_MISMATCH':
      return conflict(mensajeSubtotal(r.producto ?? ''), 'SUBTOTAL_MISMATCH');
    case 'NO_OPEN_SHIFT':
      return conflict(MENSAJE_CAJA_REQUERIDA, CODIGO_CAJA_REQUERIDA);
    case 'PAYMENT_MISMATCH':
      return validation('Las partes del pago no suman el total de la venta.', [
        { campo: 'pagos', mensaje: 'Las partes del pago no suman el total de la venta.' },
      ]);
    case 'PRICE_CHANGED':
      return conflict(
        `El precio de "${r.producto}" cambió a ${formatClp(r.precio ?? 0)}. Actualiza el carrito e intenta de nuevo.`,
        'PRICE_CHANGED',
      );
    default:
      return null;
  }
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
    const pagos = (partes: ReadonlyArray<Pago>) =>
      partes
        .map((p) => `${p.metodo_pago}:${p.monto}`)
        .sort()
        .join(',');
    const misma =
      previa.metodo_pago === data.metodo_pago &&
      previa.total === data.total &&
      huella(previa.detalles) === huella(data.detalles) &&
      pagos(previa.pagos) === pagos(data.pagos ?? [{ metodo_pago: data.metodo_pago as MetodoPago, monto: data.total }]);
    if (!misma) throw conflict(MENSAJE_CLAVE_REUSADA, 'IDEMPOTENCY_KEY_REUSED');
    return previa;
  }

  async function porClave(idMinimarket: number, clave: string) {
    const venta = await ventaPorClave(db, idMinimarket, clave);
    return venta ? toVentaDto(venta) : null;
  }

  /**
   * A sale under its row lock (a second void or return of it waits for this transaction), if the
   * caller may see its shop; otherwise 404, as if it did not exist.
   */
  async function bloqueadaSiPuedeVer(tx: Tx, usuario: UsuarioSesion, id: number) {
    const tienda = await tiendaDeVenta(tx, id);
    const v = tienda === null ? null : await ventaBloqueada(tx, tienda, id);
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
      const offline = data.origen === 'offline';
      // A retry of an offline sale already recorded is answered before its time is checked again: a
      // sale sent on day 6 whose answer was lost still finds itself on day 8.
      if (offline && idempotencyKey) {
        const previa = await repetidaPorClave(data, idempotencyKey);
        if (previa) return { venta: previa, repetida: true };
      }
      const fechaOffline = offline ? assertOffline(data, idempotencyKey) : null;
      assertTotales(data);
      const lineas = data.detalles.map((d) => ({
        id_producto: d.id_producto,
        num_unidades: d.num_unidades,
        precio_unitario: d.precio_unitario,
        subtotal: d.subtotal,
      }));
      let resultado: ResultadoRegistro;
      const registrar = (tx: Db | Tx) =>
        registrarVenta<ResultadoRegistro>(tx, {
          idMinimarket: data.id_minimarket,
          idUsuario: usuario.id_usuario,
          metodoPago: data.metodo_pago,
          estadoVenta: data.estado_venta,
          total: data.total,
          idempotencyKey: idempotencyKey ?? null,
          lineas,
          montoRecibido: data.monto_recibido ?? null,
          idCliente: data.id_cliente ?? null,
          pagos: data.pagos,
          offline: fechaOffline ? { fecha: fechaOffline, referenciaLocal: data.referencia_local ?? null } : null,
          referenciaLocal: data.referencia_local ?? null,
        });
      try {
        // An offline sale's notices are written with it, in its transaction: once per sale however
        // the request ends (a retry finds the sale and writes none). A counter sale is one statement.
        resultado = offline
          ? await db.$transaction(async (tx) => {
              const r = await registrar(tx);
              if (!r.repetida) await avisarVentaOffline(tx, data.id_minimarket, r.venta, r.avisos, tienda);
              return r;
            })
          : await registrar(db);
      } catch (err) {
        const rechazo = rechazoDeVenta(err, offline);
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
      const v = resultado.venta;
      return { venta: { ...v, pagos: partesDePago(v.metodo_pago, v.total, v.pagos) }, repetida: false };
    },

    async list(usuario: UsuarioSesion, q: VentasQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const buscada = q.search ? ventaBuscada(q.search) : undefined;
      const r = await listarVentas(
        db,
        {
          idMinimarket: q.id_minimarket,
          buscada,
          desde: q.start_date ? zonedToUtc(q.start_date) : undefined,
          // The whole last second counts: 23:59:59 means up to 23:59:59.999.
          hasta: q.end_date ? new Date(zonedToUtc(q.end_date).getTime() + 999) : undefined,
        },
        { skip: q.skip, take: q.limit },
      );
      return { sales: r.filas.map(toVentaDto), total: r.total, ventas_completadas: r.ventasContadas, monto_total: r.ingresos };
    },

    async get(usuario: UsuarioSesion, id: number) {
      const venta = await ventaConDueno(db, id);
      if (!venta || !acceso.puedeVer(usuario, venta.minimarket)) throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
      return toVentaDto(venta);
    },

    /**
     * Voids a whole sale: under the sale's row lock (a second void waits, then finds it voided: 409),
     * 'Anulada' with who, when and why, every unit back through the ledger, its day summed again.
     */
    async anular(usuario: UsuarioSesion, id: number, motivo: string) {
      const { id_minimarket } = await db.$transaction(async (tx) => {
        const v = await bloqueadaSiPuedeVer(tx, usuario, id);
        if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_VENTA_YA_ANULADA, 'SALE_ALREADY_VOIDED');
        const idTurno = await turnoAbiertoCompartido(tx, v.id_minimarket);
        await anularVenta(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          fechaVenta: v.fecha_venta,
          idUsuario: usuario.id_usuario,
          motivo,
          idTurno,
        });
        // What is still out: sold minus what was already returned.
        const unidades = (await unidadesPorDevolver(tx, v.id_minimarket, id))
          .map((p) => ({ id_producto: p.id_producto, cantidad: p.quedan }))
          .filter((u) => u.cantidad > 0);
        await devolverUnidades(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          idUsuario: usuario.id_usuario,
          tipo: 'anulacion',
          motivo: `Anulación de la venta ${referenciaVenta(v)}`,
          unidades,
        });
        return v;
      });
      return toVentaDto(await ventaConDetalles(db, id_minimarket, id));
    },

    /**
     * Returns part of a sale: at most what was sold minus what was already returned (409 beyond),
     * refunded at the price paid, the units back through the ledger, its day summed again. Under
     * the sale's row lock, so two returns (or a return and a void) of one sale take turns.
     */
    async devolver(usuario: UsuarioSesion, id: number, body: z.output<typeof devolucionCreateSchema>): Promise<Devolucion> {
      const { idDevolucion, idMinimarket } = await db.$transaction(async (tx) => {
        const v = await bloqueadaSiPuedeVer(tx, usuario, id);
        if (v.estado_venta !== ESTADO_VENTA_COMPLETADA) throw conflict(MENSAJE_DEVOLUCION_VENTA_ANULADA, 'SALE_VOIDED');
        const disponibles = new Map((await unidadesPorDevolver(tx, v.id_minimarket, id)).map((p) => [p.id_producto, p]));
        const pedidas = new Map<number, number>();
        for (const d of body.detalles) pedidas.set(d.id_producto, (pedidas.get(d.id_producto) ?? 0) + d.num_unidades);
        const lineas = [...pedidas].map(([idProducto, cantidad]) => {
          const p = disponibles.get(idProducto);
          if (!p) throw validation(MENSAJE_PRODUCTO_NO_EN_VENTA, [{ campo: 'detalles', mensaje: MENSAJE_PRODUCTO_NO_EN_VENTA }]);
          const unidad = p.unidad as UnidadVenta;
          if (cantidad > p.quedan)
            throw conflict(
              `De "${p.nombre_producto}" ${p.quedan === 1 && unidad === 'unidad' ? 'queda' : 'quedan'} ${contarCantidad(p.quedan, unidad)} por devolver.`,
              'RETURN_EXCEEDS_SALE',
            );
          return {
            id_producto: idProducto,
            num_unidades: cantidad,
            precio_unitario: p.precio_unitario,
            subtotal: montoADevolver({ unidad, precio: p.precio_unitario, cantidad, quedan: p.quedan, porReembolsar: p.por_reembolsar }),
            costo_unitario: p.costo_unitario,
            categoria: p.categoria,
          };
        });
        const idTurno = await turnoAbiertoCompartido(tx, v.id_minimarket);
        // A split sale gives back fiado first, then cash, then the rest (reparto-devolucion.ts).
        let pagos: Pago[] | null = null;
        if (v.metodo_pago === METODO_MIXTO) {
          const { partes, devuelto } = await pagosDeVenta(tx, v.id_minimarket, id);
          pagos = repartirDevolucion(
            lineas.reduce((s, l) => s + l.subtotal, 0),
            partes,
            devuelto,
          );
        }
        const nueva = await registrarDevolucion(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          fechaVenta: v.fecha_venta,
          idTurno,
          metodoPago: v.metodo_pago,
          pagos,
          motivo: body.motivo,
          idUsuario: usuario.id_usuario,
          lineas,
        });
        await devolverUnidades(tx, {
          idMinimarket: v.id_minimarket,
          idVenta: id,
          idUsuario: usuario.id_usuario,
          tipo: 'devolucion',
          motivo: `Devolución de la venta ${referenciaVenta(v)}`,
          unidades: lineas.map((l) => ({ id_producto: l.id_producto, cantidad: l.num_unidades })),
        });
        return { idDevolucion: nueva, idMinimarket: v.id_minimarket };
      });
      const venta = toVentaDto(await ventaConDetalles(db, idMinimarket, id));
      return venta.devoluciones!.find((d) => d.id_devolucion === idDevolucion)!;
    },

    /** The receipt's data: the shop (name, RUT, address), the lines, neto and IVA, cash and change. */
    async boleta(usuario: UsuarioSesion, id: number): Promise<Boleta> {
      const venta = await ventaParaBoleta(db, id);
      if (!venta || !acceso.puedeVer(usuario, venta.minimarket)) throw notFound(MENSAJE_VENTA_NO_ENCONTRADA, 'SALE_NOT_FOUND');
      const m = venta.minimarket;
      const pagos = partesDePago(venta.metodo_pago, venta.total, venta.pagos);
      const electronica = await boletaElectronicaDeVenta(db, venta.id_minimarket, venta.id_venta);
      return {
        id_venta: venta.id_venta,
        numero_venta: venta.numero_venta,
        id_venta_csv: venta.id_venta_csv,
        fecha_venta: venta.fecha_venta.toISOString(),
        minimarket: { nombre: m.nombre_minimarket, rut: formatRut(m.usuario.rut_empresa), direccion: m.direccion, comuna: m.comuna },
        lineas: venta.detalles.map((d) => ({
          nombre_producto: d.nombre_producto,
          num_unidades: d.num_unidades,
          precio_unitario: d.precio_unitario,
          subtotal: d.subtotal,
          unidad: d.unidad as UnidadVenta,
        })),
        total: venta.total,
        // A boleta's own amounts when there is one (exempt lines apart); otherwise all of it is taxed.
        ...(electronica ? { neto: electronica.neto, iva: electronica.iva } : desgloseIva(venta.total)),
        metodo_pago: venta.metodo_pago as Boleta['metodo_pago'],
        pagos,
        estado_venta: venta.estado_venta,
        monto_recibido: venta.monto_recibido,
        vuelto: vueltoDeVenta({ monto_recibido: venta.monto_recibido, pagos }),
        cliente: venta.cliente?.nombre ?? null,
        referencia_local: venta.referencia_local,
        boleta_electronica: electronica,
        // With its folio the paper is the boleta itself; until then it is a receipt.
        leyenda: electronica?.folio ? null : LEYENDA_COMPROBANTE,
      };
    },
  };
}
