// A sale's receipt as the counter prints it (GET /ventas/{id}/boleta): the shop, the lines, neto and
// IVA, payment, cash and change; with its electronic boleta when it has one (modules/boletas).
import { desgloseIva, LEYENDA_COMPROBANTE, type Boleta } from '@minimarket/contracts/caja';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { formatRut } from '@minimarket/contracts/rut';
import { vueltoDeVenta } from '@minimarket/contracts/ventas';
import type { Db } from '../../db/client.js';
import { ventaParaBoleta } from '../../data/venta.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { boletaElectronicaDeVenta } from '../boletas/boleta-de-venta.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { ventaNoEncontrada } from './venta-visible.js';
import { partesDePago } from './ventas.mapper.js';

export function createComprobante({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  /** The receipt's data: the shop (name, RUT, address), the lines, neto and IVA, cash and change. */
  return async function boleta(usuario: UsuarioSesion, id: number): Promise<Boleta> {
    const venta = await ventaParaBoleta(db, id);
    if (!venta || !acceso.puedeVer(usuario, { id_minimarket: venta.id_minimarket, id_usuario: venta.minimarket.id_usuario }))
      throw ventaNoEncontrada();
    const m = venta.minimarket;
    const pagos = partesDePago(venta.metodo_pago, venta.total, venta.pagos);
    const electronica = await boletaElectronicaDeVenta(db, venta.id_minimarket, venta.id_venta);
    return {
      id_venta: venta.id_venta,
      numero_venta: venta.numero_venta,
      id_venta_csv: venta.id_venta_csv,
      fecha_venta: venta.fecha_venta.toISOString(),
      minimarket: { nombre: m.nombre_minimarket, rut: formatRut(m.usuario.rut_empresa ?? ''), direccion: m.direccion, comuna: m.comuna },
      lineas: venta.detalles.map((d) => ({
        nombre_producto: d.nombre_producto,
        num_unidades: d.num_unidades,
        precio_unitario: d.precio_unitario,
        subtotal: d.subtotal,
        unidad: d.unidad as UnidadVenta,
        descuento: d.descuento,
      })),
      motivo_descuento: venta.motivo_descuento,
      total: venta.total,
      // A boleta's own amounts when there is one (exempt lines apart); otherwise all of it is taxed.
      ...(electronica ? { neto: electronica.neto, iva: electronica.iva } : desgloseIva(venta.total)),
      metodo_pago: venta.metodo_pago as Boleta['metodo_pago'],
      pagos,
      estado_venta: venta.estado_venta,
      redondeo: venta.redondeo,
      monto_recibido: venta.monto_recibido,
      vuelto: vueltoDeVenta({ monto_recibido: venta.monto_recibido, pagos }),
      cliente: venta.cliente?.nombre ?? null,
      referencia_local: venta.referencia_local,
      boleta_electronica: electronica,
      de_prueba: electronica?.de_prueba ?? false,
      // With its folio the paper is the boleta itself; until then it is a receipt.
      leyenda: electronica?.folio ? null : LEYENDA_COMPROBANTE,
    };
  };
}
