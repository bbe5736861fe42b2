// A sale's refusal as the API answers it, from what the database said (its code and data, kept
// under the sale's key by guardar_rechazo_venta) or what the API found before reaching the database. The
// same words answer the request, go to the device that set the sale aside, and show in the owner's
// list of refused sales (docs/offline.md «El rastro»).
import { MENSAJE_CLIENTE_NO_ENCONTRADO, mensajeClienteInactivo, mensajeLimiteCredito } from '@minimarket/contracts/clientes';
import { CODIGO_CAJA_REQUERIDA, MENSAJE_CAJA_REQUERIDA } from '@minimarket/contracts/caja';
import { formatClp } from '@minimarket/contracts/formato';
import { mensajeSinStock, type UnidadVenta } from '@minimarket/contracts/granel';
import { MENSAJE_OFFLINE_CLIENTE_NO_ENCONTRADO, MENSAJE_OFFLINE_PRODUCTO_NO_ENCONTRADO } from '@minimarket/contracts/ventas';
import { AppError, conflict, notFound, validation } from '../../lib/errors.js';
import { MENSAJE_PRODUCTO_NO_ENCONTRADO } from '../productos/producto-visible.js';

export interface DatosRechazo {
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
  /** A refusal the API made itself: its words as they were. */
  detail?: string;
  status?: number;
}

const mensajeSubtotal = (producto: string) => `El subtotal de "${producto}" no coincide con su precio y cantidad.`;
export const CODIGO_RECHAZADA_EN_MOSTRADOR = 'SALE_REFUSED_AT_COUNTER';

/** The API's error for a refusal; `offline` words the ones an outbox cannot fix by sending again. */
export function errorDeRechazo(r: DatosRechazo, offline = false): AppError {
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
      return new AppError(r.status ?? 409, r.code, r.detail ?? 'La venta fue rechazada.');
  }
}

/**
 * The answer to a cart refused at the counter that came back through the offline lane (the counter
 * had given up waiting and kept it): not recorded, set aside for the owner, with the first reason.
 */
export function errorRechazadaEnMostrador(r: DatosRechazo): AppError {
  return conflict(
    `Esta venta fue rechazada en el mostrador y no se registró: ${errorDeRechazo(r).message} El dueño la verá en Transacciones → Ventas rechazadas.`,
    CODIGO_RECHAZADA_EN_MOSTRADOR,
  );
}

/** What an AppError refusal is kept as (venta_rechazada.datos), so its words come back the same. */
export const datosDeError = (e: AppError): DatosRechazo => ({ code: e.code, detail: e.message, status: e.statusCode });
