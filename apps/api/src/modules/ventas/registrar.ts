// Recording a sale (POST /ventas/): one at the counter, now, or one a device made with no connection
// and sends later from its outbox (docs/offline.md). Both go through intentar_venta (the keyed way into
// registrar_venta); what differs is checked here:
//
// - At the counter: the cart's arithmetic, then the database refuses what it must (stock, price,
//   shift, the customer's limit). A cashier's fiado past the limit, or a discount past the shop's cap,
//   needs the owner's PIN (docs/cajeros.md «La autorización del dueño»): without it, 403
//   REQUIERE_AUTORIZACION. Every discount goes to the audit trail with its reason (docs/pagos.md).
// - Offline: what was sold is a fact, recorded even where the counter would have refused; it leaves a
//   trail instead (docs/offline.md «El rastro»): when it reached the server (recibida_en), who sold it
//   (the person at the till then, `id_vendedor`), and alerts for a price the product did not have in
//   the 7 days before, a time more than 10 minutes before the device's last contact with the server,
//   a fiado past the limit and stock the books did not have; the owner gets a notice naming the
//   person. A sale refused for good on this lane is kept for the owner to settle (venta_rechazada).
import { mensajeRequiereAutorizacion, CODIGO_REQUIERE_AUTORIZACION } from '@minimarket/contracts/cajeros';
import { type MetodoPago } from '@minimarket/contracts/comunes';
import { formatClp } from '@minimarket/contracts/formato';
import {
  type AlertaVenta,
  DIAS_MAXIMOS_OFFLINE,
  DIAS_PRECIOS_CONOCIDOS,
  MENSAJE_OFFLINE_ANTIGUA,
  MENSAJE_OFFLINE_FUTURA,
  MENSAJE_OFFLINE_SIN_CLAVE,
  MINUTOS_ANTES_DEL_CONTACTO,
  MINUTOS_FUTURO_OFFLINE,
  type Pago,
  referenciaVenta,
  type Venta,
  type ventaCreateSchema,
} from '@minimarket/contracts/ventas';
import type { z } from 'zod';
import { esViolacionUnica, type Db, type Tx } from '../../db/client.js';
import { preciosDesde, registrarAuditoria } from '../../data/auditoria.js';
import { marcarAlertas, registrarVenta, ventaPorClave } from '../../data/venta.js';
import { descuentoSobreTope } from '@minimarket/contracts/descuentos';
import { lineasDeVenta } from './lineas.js';
import { guardarRechazoOffline } from '../../data/venta-rechazada.js';
import { AppError, conflict, forbidden, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import {
  avisarCambiosDeStock,
  avisarVentaOffline,
  type AvisosVentaOffline,
  type CambioStock,
} from '../notificaciones/notificaciones.service.js';
import { datosDeError, type DatosRechazo, errorDeRechazo, errorRechazadaEnMostrador } from './rechazos.js';
import { partesDePago, toVentaDto } from './ventas.mapper.js';

type VentaCreate = z.output<typeof ventaCreateSchema>;

/** What the cashier reads when a retried checkout (same key) comes back with another cart. */
export const MENSAJE_CLAVE_REUSADA =
  'Con esta clave ya se registró una venta con otros productos o montos (quizás se cortó la conexión al enviarla). Revisa Transacciones antes de volver a cobrar.';

type ResultadoRegistro =
  | { repetida: true; id_venta: number }
  | { repetida: false; venta: Venta; cambios: CambioStock[]; avisos: AvisosVentaOffline }
  | { rechazo: { code: string; datos: DatosRechazo; en_mostrador?: boolean } };

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

/** The request as it is kept with a refusal: never a PIN. */
const cuerpoSinPin = ({ autorizacion: _pin, ...resto }: VentaCreate) => resto;

/** The same sale again: same lines, method, total, payment parts and customer. */
function mismaVenta(previa: Venta, data: VentaCreate): boolean {
  const huella = (lineas: Array<{ id_producto: number | null; num_unidades: number; precio_unitario: number; descuento?: number }>) =>
    lineas
      .map((l) => `${l.id_producto ?? 'libre'}:${l.num_unidades}:${l.precio_unitario}:${l.descuento ?? 0}`)
      .sort()
      .join(',');
  const pagos = (partes: ReadonlyArray<Pago>) =>
    partes
      .map((p) => `${p.metodo_pago}:${p.monto}`)
      .sort()
      .join(',');
  return (
    previa.metodo_pago === data.metodo_pago &&
    previa.total === data.total &&
    (previa.id_cliente ?? null) === (data.id_cliente ?? null) &&
    huella(previa.detalles) === huella(data.detalles) &&
    pagos(previa.pagos) === pagos(data.pagos ?? [{ metodo_pago: data.metodo_pago as MetodoPago, monto: data.total }])
  );
}

export type RegistrarVenta = ReturnType<typeof createRegistrarVenta>;

export function createRegistrarVenta({ db, acceso, autorizaciones }: { db: Db; acceso: AccesoMinimarket; autorizaciones: Autorizaciones }) {
  /**
   * The sale an Idempotency-Key already made, when the request is that same sale again (a retry).
   * The same key with another cart is a different sale under a reused key: refused, never
   * answered with the first sale as if the second had been recorded.
   */
  async function repetidaPorClave(data: VentaCreate, clave: string): Promise<Venta | null> {
    const previa = await ventaPorClave(db, data.id_minimarket, clave);
    if (!previa) return null;
    const dto = toVentaDto(previa);
    if (!mismaVenta(dto, data)) throw conflict(MENSAJE_CLAVE_REUSADA, 'IDEMPOTENCY_KEY_REUSED');
    return dto;
  }

  /**
   * Who sold an offline sale: the person the device names, when they are of the shop (its owner, or
   * one of its cashiers, active or not: a sale made before a deactivation is still theirs); else the
   * caller. Any session of the shop may send a device's outbox. `esCajero`: held to a cashier's rights.
   */
  async function vendedorOffline(usuario: UsuarioSesion, tienda: { id_minimarket: number; id_usuario: number }, id?: number) {
    const quien = { id: usuario.id_usuario, esCajero: usuario.rol === 'cajero' };
    if (id === undefined || id === usuario.id_usuario) return quien;
    if (id === tienda.id_usuario) return { id, esCajero: false };
    const cajero = await db.usuario.findFirst({ where: { id_usuario: id, rol: 'cajero', id_minimarket_cajero: tienda.id_minimarket } });
    return cajero ? { id, esCajero: true } : quien;
  }

  /** The alerts of an offline sale just recorded (docs/offline.md «El rastro»). */
  async function alertasOffline(
    tx: Tx,
    data: VentaCreate,
    venta: Venta,
    avisos: AvisosVentaOffline,
    fecha: Date,
    descuentoSobreTope: boolean,
  ): Promise<AlertaVenta[]> {
    const alertas: AlertaVenta[] = [];
    const desde = new Date(fecha.getTime() - DIAS_PRECIOS_CONOCIDOS * 24 * 3_600_000);
    for (const linea of venta.detalles) {
      // A line at the shelf's price of now has precio_catalogo null (a loose sale's has no shelf): nothing to look up.
      if (linea.precio_catalogo === null || linea.precio_catalogo === undefined || linea.id_producto === null) continue;
      const precios = await preciosDesde(tx, data.id_minimarket, linea.id_producto, desde);
      if (!precios.includes(linea.precio_unitario)) {
        alertas.push('precio_desconocido');
        break;
      }
    }
    if (data.ultimo_contacto && fecha.getTime() < new Date(data.ultimo_contacto).getTime() - MINUTOS_ANTES_DEL_CONTACTO * 60_000) {
      alertas.push('fecha_anterior_al_contacto');
    }
    if (avisos.fiado_sobre_limite) alertas.push('fiado_sobre_limite');
    if (avisos.faltantes.length > 0) alertas.push('sin_stock');
    if (descuentoSobreTope) alertas.push('descuento_sobre_tope');
    return alertas;
  }

  /** An offline sale refused before the database: kept for the owner (it was sold), then answered. */
  async function rechazarOffline(usuario: UsuarioSesion, data: VentaCreate, clave: string | undefined, err: unknown): Promise<never> {
    if (clave && err instanceof AppError) {
      await guardarRechazoOffline(db, {
        idMinimarket: data.id_minimarket,
        clave,
        idUsuario: usuario.id_usuario,
        cuerpo: cuerpoSinPin(data),
        code: err.code,
        datos: { ...datosDeError(err) },
      });
    }
    throw err;
  }

  return {
    async registrar(usuario: UsuarioSesion, data: VentaCreate, idempotencyKey?: string): Promise<{ venta: Venta; repetida: boolean }> {
      const tienda = await acceso.assertAcceso(usuario, data.id_minimarket);
      const offline = data.origen === 'offline';
      // A retry of an offline sale already recorded is answered before its time is checked again: a
      // sale sent on day 6 whose answer was lost still finds itself on day 8.
      if (offline && idempotencyKey) {
        const previa = await repetidaPorClave(data, idempotencyKey);
        if (previa) return { venta: previa, repetida: true };
      }
      let fechaOffline: Date | null = null;
      try {
        if (offline) fechaOffline = assertOffline(data, idempotencyKey);
        assertTotales(data);
      } catch (err) {
        if (offline) await rechazarOffline(usuario, data, idempotencyKey, err);
        throw err;
      }
      const vendedor = offline
        ? await vendedorOffline(usuario, tienda, data.id_vendedor)
        : { id: usuario.id_usuario, esCajero: usuario.rol === 'cajero' };
      const lineas = await lineasDeVenta(db, tienda, data);
      // A cashier's fiado past the limit, approved by the owner's PIN given now (checked before the sale).
      const conFiado = data.metodo_pago === 'Fiado' || (data.pagos ?? []).some((p) => p.metodo_pago === 'Fiado');
      const idAutorizador =
        !offline && conFiado && data.autorizacion
          ? await autorizaciones.exigir(usuario, data.id_minimarket, 'fiado_sobre_limite', data.autorizacion)
          : null;
      // A discount past the shop's cap given by a cashier: the owner's PIN at the counter, an alert offline.
      const descuento = data.detalles.reduce((s, d) => s + d.descuento, 0);
      const sobreTope = vendedor.esCajero && descuentoSobreTope(descuento, data.total + descuento, tienda.descuento_maximo_pct);
      const idAutorizadorDescuento =
        sobreTope && !offline ? await autorizaciones.exigir(usuario, data.id_minimarket, 'descuento_sobre_tope', data.autorizacion) : null;

      const registrar = (tx: Db | Tx) =>
        registrarVenta<ResultadoRegistro>(tx, {
          idMinimarket: data.id_minimarket,
          idUsuario: vendedor.id,
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
          idAutorizador,
          motivoDescuento: descuento > 0 ? (data.motivo_descuento ?? null) : null,
          cuerpo: cuerpoSinPin(data),
        });

      let resultado: ResultadoRegistro;
      try {
        resultado =
          offline || idAutorizador !== null || descuento > 0
            ? // What goes with the sale is written in its transaction, once per sale however the request
              // ends (a retry finds the sale and writes none): an offline sale's alerts and notices, an
              // approved fiado's and a discount's audit entries. A plain counter sale is one statement.
              await db.$transaction(async (tx) => {
                const r = await registrar(tx);
                if ('rechazo' in r || r.repetida) return r;
                if (descuento > 0) {
                  await registrarAuditoria(tx, {
                    id_minimarket: data.id_minimarket,
                    accion: 'descuento',
                    id_usuario: vendedor.id,
                    id_autorizador: idAutorizadorDescuento,
                    detalle: `Descuento de ${formatClp(descuento)} sobre ${formatClp(data.total + descuento)} en la venta ${referenciaVenta(r.venta)}: ${data.motivo_descuento ?? ''}`,
                    datos: { id_venta: r.venta.id_venta, descuento },
                  });
                }
                if (offline) {
                  const alertas = await alertasOffline(tx, data, r.venta, r.avisos, fechaOffline!, sobreTope);
                  if (alertas.length > 0) await marcarAlertas(tx, data.id_minimarket, r.venta.id_venta, alertas);
                  r.venta.alertas = alertas;
                  await avisarVentaOffline(tx, data.id_minimarket, r.venta, r.avisos, alertas, tienda);
                } else if (r.avisos.fiado_sobre_limite) {
                  const f = r.avisos.fiado_sobre_limite;
                  await registrarAuditoria(tx, {
                    id_minimarket: data.id_minimarket,
                    accion: 'fiado_sobre_limite',
                    id_usuario: usuario.id_usuario,
                    id_autorizador: idAutorizador,
                    detalle: `Fió ${formatClp(data.total)} a ${f.cliente} en la venta ${referenciaVenta(r.venta)}: queda con ${formatClp(f.saldo)}, sobre su límite de ${formatClp(f.limite)}.`,
                    datos: { id_venta: r.venta.id_venta, id_cliente: f.id_cliente },
                  });
                }
                return r;
              })
            : await registrar(db);
      } catch (err) {
        // Two retries of one checkout raced past the key's lock (a sale without it): the loser answers with the winner's sale.
        if (esViolacionUnica(err) && idempotencyKey) {
          const previa = await repetidaPorClave(data, idempotencyKey);
          if (previa) return { venta: previa, repetida: true };
        }
        throw err;
      }

      if ('rechazo' in resultado) {
        const r = resultado.rechazo;
        if (r.en_mostrador) throw errorRechazadaEnMostrador(r.datos);
        const error = errorDeRechazo(r.datos, offline);
        // A cashier past a customer's limit: the owner may approve it (their PIN, then the same sale again).
        if (r.code === 'CREDIT_LIMIT' && usuario.rol === 'cajero' && !data.autorizacion) {
          throw forbidden(`${error.message} ${mensajeRequiereAutorizacion('fiado_sobre_limite')}`, CODIGO_REQUIERE_AUTORIZACION);
        }
        throw error;
      }
      if (resultado.repetida) {
        const previa = await repetidaPorClave(data, idempotencyKey!);
        return { venta: previa!, repetida: true };
      }
      await avisarCambiosDeStock(db, data.id_minimarket, resultado.cambios, tienda);
      const v = resultado.venta;
      return { venta: { ...v, pagos: partesDePago(v.metodo_pago, v.total, v.pagos) }, repetida: false };
    },
  };
}
