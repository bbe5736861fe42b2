// A customer's statement (docs/fiado.md): every movement of its account, oldest first, with the
// balance after each; each purchase with its items as sold.
import {
  DESCRIPCION_SALDO_INICIAL,
  type EstadoCuenta,
  type LineaCompraCuenta,
  type MetodoAbono,
  type MovimientoCuenta,
} from '@minimarket/contracts/clientes';
import { referenciaVenta } from '@minimarket/contracts/ventas';
import type { Db } from '../../db/client.js';
import { movimientosDeCuenta } from '../../data/cliente.js';
import { lineasDeVentas } from '../../data/venta-lecturas.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { ClientesVisibles } from './cliente.js';

const DESCRIPCION_ABONO: Record<MetodoAbono, string> = {
  Efectivo: 'Abono en efectivo',
  'Tarjeta de Débito': 'Abono con tarjeta de débito',
  'Tarjeta de Crédito': 'Abono con tarjeta de crédito',
  'Transferencia Bancaria': 'Abono por transferencia',
};

type Movimiento = Awaited<ReturnType<typeof movimientosDeCuenta>>[number];

/** A movement in the statement's words. */
function descripcion(f: Movimiento): string {
  const venta =
    f.id_venta === null ? '' : referenciaVenta({ id_venta: f.id_venta, numero_venta: f.numero_venta, id_venta_csv: f.id_venta_csv });
  switch (f.tipo) {
    case 'saldo_inicial':
      return DESCRIPCION_SALDO_INICIAL;
    case 'compra':
      return `Compra ${venta}`;
    case 'devolucion':
      return `Devolución de la venta ${venta}`;
    case 'anulacion':
      return `Anulación de la venta ${venta}`;
    default:
      return DESCRIPCION_ABONO[f.metodo_pago!];
  }
}

export function createEstadoCuenta({ db, visibles }: { db: Db; visibles: ClientesVisibles }) {
  /** Every movement, oldest first, with the balance after each; the last one is `saldo`. */
  return async function estadoCuenta(usuario: UsuarioSesion, id: number): Promise<EstadoCuenta> {
    const { id_minimarket } = await visibles.visible(usuario, id);
    const cliente = await visibles.leer(id_minimarket, id);
    const filas = await movimientosDeCuenta(db, id_minimarket, id);
    // Each purchase's items, as sold: one read for the whole statement.
    const compras = filas.filter((f) => f.tipo === 'compra' && f.id_venta !== null).map((f) => f.id_venta!);
    const lineas = compras.length === 0 ? [] : await lineasDeVentas(db, id_minimarket, compras);
    const detallesDe = new Map<number, LineaCompraCuenta[]>();
    for (const { id_venta, ...l } of lineas) detallesDe.set(id_venta, [...(detallesDe.get(id_venta) ?? []), l]);
    const movimientos = filas.map((f): MovimientoCuenta => ({
      fecha: f.fecha.toISOString(),
      tipo: f.tipo,
      descripcion: descripcion(f),
      id_venta: f.id_venta,
      cargo: f.cargo,
      abono: f.abono,
      saldo: Number(f.saldo),
      detalles: f.tipo === 'compra' && f.id_venta !== null ? (detallesDe.get(f.id_venta) ?? []) : [],
    }));
    return { cliente, movimientos, saldo: cliente.saldo };
  };
}
