// A sale as the API shows it (the Venta contract), from its row with lines, parts and returns.
import { METODO_MIXTO, METODOS_PAGO, type MetodoPago } from '@minimarket/contracts/comunes';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import type { Pago, Venta } from '@minimarket/contracts/ventas';
import type { VentaConDetalles } from '../../data/venta.js';

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
    id_vendedor: v.id_usuario,
    nombre_vendedor: v.usuario?.nombre ?? null,
    recibida_en: v.recibida_en.toISOString(),
    alertas: v.alertas as Venta['alertas'],
    redondeo: v.redondeo,
    motivo_descuento: v.motivo_descuento,
    devoluciones: v.devoluciones.map((dv) => ({
      id_devolucion: dv.id_devolucion,
      id_venta: dv.id_venta,
      fecha: dv.fecha.toISOString(),
      motivo: dv.motivo,
      total: dv.total,
      pagos: partesDePago(dv.metodo_pago, dv.total, dv.pagos),
      redondeo: dv.redondeo,
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
      descuento: d.descuento,
      codigo_etiqueta: d.codigo_etiqueta,
    })),
  };
}
