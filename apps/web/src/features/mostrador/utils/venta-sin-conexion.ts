// A sale the API did not answer for, kept in the device's outbox (lib/offline/outbox.ts) with its
// key, its provisional reference and its own time; docs/offline.md «La caja sin conexión».
import { type Pago, type VentaCreate, vueltoDeVenta } from '@minimarket/contracts/ventas';
import { descontarStockLocal } from '../../../lib/offline/catalogo';
import { encolarVenta, nuevaReferenciaLocal, type VentaPendiente } from '../../../lib/offline/outbox';
import { ultimoContacto } from '../../../lib/offline/conexion';
import { fechaConZona } from '../../../utils/fechas';
import { calcularCarrito, type DescuentoEscrito, esDeProducto, esLibre, nombreLinea, type ItemCarrito } from './carrito';

/** The device's time as ISO 8601 with its UTC offset ('2026-11-25T16:52:03-03:00'), what the server keeps. */
export { fechaConZona };

/**
 * The POST body of a sale made without the API: the counter's body plus its own time, its provisional
 * reference, who sold it (`id_vendedor`: the outbox may be sent later by another person of the shop)
 * and when the device last heard from the server (`ultimo_contacto`, the server's clock; docs/offline.md).
 */
export function cuerpoSinConexion(
  venta: VentaCreate,
  d: { fecha: Date; referencia: string; idVendedor: number | null; ultimoContacto: string | null },
): VentaPendiente['cuerpo'] {
  return {
    ...venta,
    origen: 'offline',
    fecha_venta: fechaConZona(d.fecha),
    referencia_local: d.referencia,
    ...(d.idVendedor !== null ? { id_vendedor: d.idVendedor } : {}),
    ...(d.ultimoContacto !== null ? { ultimo_contacto: d.ultimoContacto } : {}),
  };
}

export interface VentaGuardada {
  referencia: string;
  total: number;
  vuelto: number | null;
  cliente: string | null;
}

/** Puts the sale in the outbox (same key as the attempt that got no answer) and takes its stock off the device's catalogue. */
export async function guardarVentaSinConexion({
  clave,
  venta,
  items,
  descuentoCarrito = null,
  pagos,
  montoRecibido,
  cliente,
  idUsuario,
}: {
  clave: string;
  idUsuario: number | null;
  venta: VentaCreate & { id_minimarket: number; total: number };
  items: ItemCarrito[];
  /** The discount on the whole cart, spread over the lines as the body's lines carry it. */
  descuentoCarrito?: DescuentoEscrito | null;
  pagos: Pago[];
  montoRecibido: number | null;
  cliente: string | null;
}): Promise<VentaGuardada> {
  const { referencia, seq } = await nuevaReferenciaLocal();
  const ahora = new Date();
  const { lineas } = calcularCarrito(items, descuentoCarrito);
  const pendiente: VentaPendiente = {
    clave,
    seq,
    referencia_local: referencia,
    id_minimarket: venta.id_minimarket,
    id_usuario: idUsuario,
    cuerpo: cuerpoSinConexion(venta, { fecha: ahora, referencia, idVendedor: idUsuario, ultimoContacto: ultimoContacto() }),
    // What the provisional receipt prints: each line at its gross, its discount under it.
    lineas: items.map((i, n) => ({
      nombre: nombreLinea(i),
      cantidad: esLibre(i) ? 1 : i.cantidad,
      unidad: esLibre(i) ? 'unidad' : i.producto.unidad,
      precio: esLibre(i) ? i.monto : i.producto.precio_venta_actual,
      subtotal: lineas[n]!.subtotal,
      descuento: lineas[n]!.descuento,
    })),
    motivo_descuento: venta.motivo_descuento ?? null,
    pagos,
    monto_recibido: montoRecibido,
    cliente,
    estado: 'pendiente',
    creada: ahora.toISOString(),
    intentos: 0,
  };
  await encolarVenta(pendiente);
  // A loose sale moves no stock.
  await descontarStockLocal(
    venta.id_minimarket,
    items.filter(esDeProducto).map((i) => ({ id_producto: i.producto.id_producto, num_unidades: i.cantidad })),
  ).catch(() => {});
  return { referencia, total: venta.total, vuelto: vueltoDeVenta({ monto_recibido: montoRecibido, pagos }), cliente };
}
