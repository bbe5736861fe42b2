// A sale at the counter, now (POST /ventas/ without origen 'offline'). Its checks are the strict ones:
// the cart's arithmetic here, then the database refuses what it must (registrar_venta: the shift,
// stock, the price of this moment, an active customer within its limit). A cashier's fiado past the
// limit, or a discount past the shop's cap, needs the owner's PIN (docs/cajeros.md «La autorización del
// dueño»): without it, 403 REQUIERE_AUTORIZACION. Every discount goes to the audit trail with its
// reason (docs/pagos.md), and so does an approved fiado past the limit.
import { mensajeRequiereAutorizacion, CODIGO_REQUIERE_AUTORIZACION } from '@minimarket/contracts/cajeros';
import { descuentoSobreTope } from '@minimarket/contracts/descuentos';
import { formatClp } from '@minimarket/contracts/formato';
import { referenciaVenta } from '@minimarket/contracts/ventas';
import type { Db, Tx } from '../../../db/client.js';
import { registrarAuditoria } from '../../../data/auditoria.js';
import { registrarVentaEnMostrador } from '../../../data/venta.js';
import { forbidden } from '../../../lib/errors.js';
import type { UsuarioSesion } from '../../../lib/sesion.js';
import type { Autorizaciones } from '../../cajeros/autorizacion.js';
import { lineasDeVenta } from '../lineas.js';
import { errorDeRechazo } from '../rechazos.js';
import {
  assertTotales,
  type AvisosDeVenta,
  auditarDescuento,
  cuerpoSinPin,
  descuentoDe,
  type Rechazo,
  registrarYResponder,
  type TiendaVenta,
  type VentaCreate,
  type VentaRegistrada,
} from './comun.js';

export function createVenderEnMostrador({ db, autorizaciones }: { db: Db; autorizaciones: Autorizaciones }) {
  /** A cashier past a customer's limit: the owner may approve it (their PIN, then the same sale again). */
  const errorDeMostrador = (usuario: UsuarioSesion, data: VentaCreate) => (r: Rechazo) => {
    const error = errorDeRechazo(r.datos);
    if (r.code === 'CREDIT_LIMIT' && usuario.rol === 'cajero' && !data.autorizacion) {
      return forbidden(`${error.message} ${mensajeRequiereAutorizacion('fiado_sobre_limite')}`, CODIGO_REQUIERE_AUTORIZACION);
    }
    return error;
  };

  return async function venderEnMostrador(
    usuario: UsuarioSesion,
    tienda: TiendaVenta,
    data: VentaCreate,
    clave: string | undefined,
  ): Promise<VentaRegistrada> {
    assertTotales(data);
    const lineas = await lineasDeVenta(db, tienda, data);
    // A cashier's fiado past the limit, approved by the owner's PIN given now (checked before the sale).
    const conFiado = data.metodo_pago === 'Fiado' || (data.pagos ?? []).some((p) => p.metodo_pago === 'Fiado');
    const idAutorizador =
      conFiado && data.autorizacion
        ? await autorizaciones.exigir(usuario, data.id_minimarket, 'fiado_sobre_limite', data.autorizacion)
        : null;
    // A discount past the shop's cap given by a cashier: the owner's PIN.
    const descuento = descuentoDe(data);
    const sobreTope = usuario.rol === 'cajero' && descuentoSobreTope(descuento, data.total + descuento, tienda.descuento_maximo_pct);
    const idAutorizadorDescuento = sobreTope
      ? await autorizaciones.exigir(usuario, data.id_minimarket, 'descuento_sobre_tope', data.autorizacion)
      : null;

    const registrar = (tx: Tx) =>
      registrarVentaEnMostrador<AvisosDeVenta, Rechazo>(tx, {
        idMinimarket: data.id_minimarket,
        idUsuario: usuario.id_usuario,
        metodoPago: data.metodo_pago,
        estadoVenta: data.estado_venta,
        total: data.total,
        idempotencyKey: clave ?? null,
        lineas,
        montoRecibido: data.monto_recibido ?? null,
        idCliente: data.id_cliente ?? null,
        pagos: data.pagos ?? null,
        referenciaLocal: data.referencia_local ?? null,
        idAutorizador,
        motivoDescuento: descuento > 0 ? (data.motivo_descuento ?? null) : null,
        cuerpo: cuerpoSinPin(data),
      });

    return registrarYResponder(
      { db, tienda, data, clave },
      () =>
        idAutorizador === null && descuento === 0
          ? // A plain counter sale is one statement.
            registrar(db)
          : // What goes with the sale is written in its transaction, once per sale however the request
            // ends (a retry finds the sale and writes none): a discount's and an approved fiado's audit entries.
            db.$transaction(async (tx) => {
              const r = await registrar(tx);
              if ('rechazo' in r || r.repetida) return r;
              if (descuento > 0) {
                await auditarDescuento(tx, data, r.venta, {
                  descuento,
                  idUsuario: usuario.id_usuario,
                  idAutorizador: idAutorizadorDescuento,
                });
              }
              const f = r.avisos.fiado_sobre_limite;
              if (f) {
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
            }),
      errorDeMostrador(usuario, data),
    );
  };
}
