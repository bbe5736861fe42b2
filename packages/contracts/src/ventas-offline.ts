// Sales made away from the counter's connection (docs/offline.md): where a sale came from, the limits
// and words of an offline sale, and what it did that the counter would not have let through (its
// alerts). The sales the server refused for good on their way from a device's outbox are in ventas.ts.
import { clavesDe } from './comunes.js';

/**
 * Where a sale came from: the counter with the server ('mostrador'), a device's outbox after the
 * connection dropped ('offline', docs/offline.md), or an imported sales file ('archivo').
 */
export const ORIGENES_VENTA = ['mostrador', 'offline', 'archivo'] as const;
export type OrigenVenta = (typeof ORIGENES_VENTA)[number];

/** The longest provisional receipt reference a device may give ("C1-0042"). */
export const MAX_REFERENCIA_LOCAL = 40;
/** How far ahead of the server's clock an offline sale's time may be (the device's clock skew). */
export const MINUTOS_FUTURO_OFFLINE = 5;
/** How old an offline sale may be when it reaches the server (docs/offline.md «El servidor» says why). */
export const DIAS_MAXIMOS_OFFLINE = 7;

export const MENSAJE_OFFLINE_SIN_CLAVE = 'Una venta sin conexión necesita su clave (Idempotency-Key).';
export const MENSAJE_OFFLINE_SIN_FECHA = 'Una venta sin conexión necesita su fecha y hora (fecha_venta).';
export const MENSAJE_FECHA_VENTA_INVALIDA = 'La fecha de la venta no es válida: debe ser una fecha y hora ISO 8601 con zona horaria.';
export const MENSAJE_OFFLINE_FUTURA = `La fecha de la venta está en el futuro (más de ${MINUTOS_FUTURO_OFFLINE} minutos): revisa la fecha y hora del equipo.`;
export const MENSAJE_OFFLINE_ANTIGUA = `La venta tiene más de ${DIAS_MAXIMOS_OFFLINE} días: ya no se puede registrar como venta sin conexión. Regístrala de nuevo o cárgala desde un archivo.`;
/** An offline sale naming a product or customer that is not the shop's: it cannot be recorded (sending it again will not help). */
export const MENSAJE_OFFLINE_PRODUCTO_NO_ENCONTRADO =
  'Esta venta sin conexión tiene un producto que no existe en la tienda: no se puede registrar. Revisa el comprobante y registra la venta de nuevo.';
export const MENSAJE_OFFLINE_CLIENTE_NO_ENCONTRADO =
  'Esta venta sin conexión es fiado a un cliente que no existe en la tienda: no se puede registrar. Revisa el comprobante y registra la venta de nuevo.';
export const MENSAJE_REFERENCIA_LOCAL_LARGA = `La referencia del comprobante puede tener a lo más ${MAX_REFERENCIA_LOCAL} caracteres.`;

/**
 * What an offline sale did that the counter would not have let through (docs/offline.md «El rastro»),
 * with the words Transacciones and the owner's notice use. The sale is recorded all the same.
 */
export const ALERTAS_VENTA = {
  precio_desconocido: 'Precio que el producto no tuvo en los 7 días antes de la venta',
  fecha_anterior_al_contacto: 'Hora de la venta anterior al último contacto del equipo con el servidor',
  fiado_sobre_limite: 'Fiado por sobre el límite del cliente',
  sin_stock: 'Vendido sin stock en el sistema',
  descuento_sobre_tope: 'Descuento de un cajero por sobre el tope de la tienda',
} as const;
export type AlertaVenta = keyof typeof ALERTAS_VENTA;
export const ALERTAS_VENTA_LISTA = clavesDe(ALERTAS_VENTA);
/** An offline sale more than this before its device's last contact with the server is flagged. */
export const MINUTOS_ANTES_DEL_CONTACTO = 10;
/** An offline sale's price is flagged when the product did not have it in these days before the sale. */
export const DIAS_PRECIOS_CONOCIDOS = 7;
