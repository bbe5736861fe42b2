// A sale a device made with no connection, sent later from its outbox (POST /ventas/ with origen
// 'offline'; docs/offline.md «El servidor»). What was sold is a fact, recorded even where the counter
// would have refused (sincronizar_venta_offline: its own time and shift, stock short, the price the
// device charged, a fiado past the limit). It leaves a trail instead (docs/offline.md «El rastro»):
// when it reached the server (recibida_en), who sold it (the person at the till then, `id_vendedor`),
// and alerts for a price the product did not have in the 7 days before, a time more than 10 minutes
// before the device's last contact with the server, a fiado past the limit, stock the books did not
// have and a cashier's discount past the cap; the owner gets a notice naming the person. A sale refused
// for good on this lane is kept for the owner to settle (venta_rechazada).
import {
  type AlertaVenta,
  DIAS_MAXIMOS_OFFLINE,
  DIAS_PRECIOS_CONOCIDOS,
  MENSAJE_OFFLINE_ANTIGUA,
  MENSAJE_OFFLINE_FUTURA,
  MENSAJE_OFFLINE_SIN_CLAVE,
  MINUTOS_ANTES_DEL_CONTACTO,
  MINUTOS_FUTURO_OFFLINE,
} from '@minimarket/contracts/ventas';
import { descuentoSobreTope } from '@minimarket/contracts/descuentos';
import type { Db, Tx } from '../../../db/client.js';
import { preciosDesde } from '../../../data/auditoria.js';
import { marcarAlertas, sincronizarVentaOffline, type VentaConDetalles } from '../../../data/venta.js';
import { guardarRechazoOffline } from '../../../data/venta-rechazada.js';
import { AppError, validation } from '../../../lib/errors.js';
import type { UsuarioSesion } from '../../../lib/sesion.js';
import { avisarVentaOffline, type AvisosVentaOffline } from '../../notificaciones/notificaciones.service.js';
import { lineasDeVenta } from '../lineas.js';
import { datosDeError, errorDeRechazo, errorRechazadaEnMostrador } from '../rechazos.js';
import { toVentaDto } from '../ventas.mapper.js';
import {
  assertTotales,
  auditarDescuento,
  type AvisosDeVenta,
  cuerpoSinPin,
  descuentoDe,
  type Rechazo,
  repetidaPorClave,
  registrarYResponder,
  type TiendaVenta,
  type VentaCreate,
  type VentaRegistrada,
} from './comun.js';

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
  return { clave: idempotencyKey, fecha };
}

/** The words of a refusal on this lane: one an outbox cannot fix by sending again, or the counter's first refusal. */
const errorOffline = (r: Rechazo) => (r.en_mostrador ? errorRechazadaEnMostrador(r.datos) : errorDeRechazo(r.datos, true));

/**
 * Who sold it: the person the device names, when they are of the shop (its owner, or one of its
 * cashiers, active or not: a sale made before a deactivation is still theirs); else the caller. Any
 * session of the shop may send a device's outbox. `esCajero`: held to a cashier's rights.
 */
async function vendedorOffline(db: Db, usuario: UsuarioSesion, tienda: TiendaVenta, id?: number) {
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
  venta: VentaConDetalles,
  avisos: AvisosVentaOffline,
  fecha: Date,
  sobreTope: boolean,
): Promise<AlertaVenta[]> {
  const alertas: AlertaVenta[] = [];
  const desde = new Date(fecha.getTime() - DIAS_PRECIOS_CONOCIDOS * 24 * 3_600_000);
  for (const linea of venta.detalles) {
    // A line at the shelf's price of now has precio_catalogo null (a loose sale's has no shelf): nothing to look up.
    if (linea.precio_catalogo === null || linea.id_producto === null) continue;
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
  if (sobreTope) alertas.push('descuento_sobre_tope');
  return alertas;
}

/** An offline sale refused before the database: kept for the owner (it was sold), then answered. */
async function rechazarOffline(db: Db, usuario: UsuarioSesion, data: VentaCreate, clave: string | undefined, err: unknown): Promise<never> {
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

export function createSincronizarVentaOffline({ db }: { db: Db }) {
  return async function sincronizarOffline(
    usuario: UsuarioSesion,
    tienda: TiendaVenta,
    data: VentaCreate,
    idempotencyKey: string | undefined,
  ): Promise<VentaRegistrada> {
    // A retry of a sale already recorded is answered before its time is checked again: a sale sent
    // on day 6 whose answer was lost still finds itself on day 8.
    if (idempotencyKey) {
      const previa = await repetidaPorClave(db, data, idempotencyKey);
      if (previa) return { venta: previa, repetida: true };
    }
    let enviada: ReturnType<typeof assertOffline>;
    try {
      enviada = assertOffline(data, idempotencyKey);
      assertTotales(data);
    } catch (err) {
      return rechazarOffline(db, usuario, data, idempotencyKey, err);
    }
    const { clave, fecha } = enviada;
    const vendedor = await vendedorOffline(db, usuario, tienda, data.id_vendedor);
    const lineas = await lineasDeVenta(db, tienda, data);
    // A discount past the shop's cap given by a cashier: an alert (it was given).
    const descuento = descuentoDe(data);
    const sobreTope = vendedor.esCajero && descuentoSobreTope(descuento, data.total + descuento, tienda.descuento_maximo_pct);

    // Its alerts, notices and a discount's audit entry are written in its transaction, once per sale
    // however the request ends (a retry finds the sale and writes none).
    return registrarYResponder(
      { db, tienda, data, clave },
      () =>
        db.$transaction(async (tx) => {
          const r = await sincronizarVentaOffline<AvisosDeVenta, Rechazo>(tx, {
            idMinimarket: data.id_minimarket,
            idUsuario: vendedor.id,
            metodoPago: data.metodo_pago,
            estadoVenta: data.estado_venta,
            total: data.total,
            idempotencyKey: clave,
            lineas,
            montoRecibido: data.monto_recibido ?? null,
            idCliente: data.id_cliente ?? null,
            pagos: data.pagos ?? null,
            fecha,
            referenciaLocal: data.referencia_local ?? null,
            motivoDescuento: descuento > 0 ? (data.motivo_descuento ?? null) : null,
            cuerpo: cuerpoSinPin(data),
          });
          if ('rechazo' in r || r.repetida) return r;
          if (descuento > 0) await auditarDescuento(tx, data, r.venta, { descuento, idUsuario: vendedor.id, idAutorizador: null });
          const alertas = await alertasOffline(tx, data, r.venta, r.avisos, fecha, sobreTope);
          if (alertas.length > 0) await marcarAlertas(tx, data.id_minimarket, r.venta.id_venta, alertas);
          r.venta.alertas = alertas;
          await avisarVentaOffline(tx, data.id_minimarket, toVentaDto(r.venta), r.avisos, alertas, tienda);
          return r;
        }),
      errorOffline,
    );
  };
}
