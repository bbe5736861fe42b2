// movimiento_stock: the ledger of every stock change (decisions §5): who, when, why, how much
// (signed) and the stock it left. Only producto.ts writes it (with the change itself), and the
// sale function registrar_venta in the database; nothing else changes a product's stock.
import type { Prisma, Tx } from '../db/client.js';

export const TIPOS_MOVIMIENTO = ['venta', 'ingreso', 'ajuste', 'importacion', 'anulacion', 'devolucion'] as const;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];

export type Movimiento = Prisma.MovimientoStockUncheckedCreateInput & { tipo: TipoMovimiento };

export async function registrarMovimientos(tx: Tx, movimientos: Movimiento[]) {
  if (movimientos.length > 0) await tx.movimientoStock.createMany({ data: movimientos });
}

/**
 * The ledger rows of a set-based change, as one INSERT for a WITH clause: `origen` names a
 * relation with id_producto, cantidad (signed) and stock_resultante; $1 is the shop, $2 the user
 * and $3 the reason of the statement that embeds it. Rows that moved nothing are left out.
 */
export const sqlMovimientosDesde = (origen: string, tipo: TipoMovimiento) => `
  INSERT INTO movimiento_stock (id_minimarket, id_producto, id_usuario, tipo, cantidad, stock_resultante, motivo)
  SELECT $1, id_producto, $2, '${tipo}', cantidad, stock_resultante, $3
  FROM ${origen} WHERE cantidad <> 0`;
