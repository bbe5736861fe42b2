// venta, read: what other modules read of the sales, beside the sale's own module (venta.ts: its
// writes, the sale under its lock, the Transacciones list). Every figure here counts the sales the
// app's one definition counts (the view venta_contada, prisma/funciones/venta_contada.sql).
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { Prisma, type Tx } from '../db/client.js';

/** The start of a Santiago day as a timestamptz. */
const inicioDia = (dia: string) => Prisma.sql`(${dia}::date)::timestamp AT TIME ZONE 'America/Santiago'`;
/** The start of the day after. */
const finDia = (dia: string) => Prisma.sql`(${dia}::date + 1)::timestamp AT TIME ZONE 'America/Santiago'`;

/**
 * The discounted lines of the sales that count on the range's Santiago days (`desde`, `hasta`
 * inclusive), as a subquery: id_venta, fecha_venta, id_vendedor, id_producto, nombre_producto,
 * descuento. The analytics' discount report groups it; descuentosDelRango totals it.
 */
export function lineasConDescuento(idMinimarket: number, desde: string, hasta: string) {
  return Prisma.sql`
        SELECT v.id_venta, v.fecha_venta, v.id_vendedor, d.id_producto, d.nombre_producto, d.descuento
        FROM venta_contada v
        JOIN detalle_venta d ON d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta AND d.descuento > 0
        WHERE v.id_minimarket = ${idMinimarket} AND v.fecha_venta >= ${inicioDia(desde)} AND v.fecha_venta < ${finDia(hasta)}`;
}

/** Discounts given on the range's Santiago days: the pesos off the lines, and how many sales had any. */
export async function descuentosDelRango(tx: Tx, idMinimarket: number, desde: string, hasta: string) {
  const [total] = await tx.$queryRaw<{ descuento: bigint; ventas: bigint }[]>`
    SELECT coalesce(sum(descuento), 0)::bigint AS descuento, count(DISTINCT id_venta)::bigint AS ventas
    FROM (${lineasConDescuento(idMinimarket, desde, hasta)}) l`;
  return { descuento: Number(total?.descuento ?? 0), ventas: Number(total?.ventas ?? 0) };
}

/** A cashier's own sales on a Santiago day (docs/cajeros.md): the sales that count this person sold, and what they brought in. */
export async function ventasDeVendedor(tx: Tx, idMinimarket: number, idUsuario: number, dia: string) {
  const [f] = await tx.$queryRaw<{ ventas: bigint; ingresos: bigint }[]>`
    SELECT count(*)::bigint AS ventas, coalesce(sum(ingreso), 0)::bigint AS ingresos FROM venta_contada
    WHERE id_minimarket = ${idMinimarket} AND id_vendedor = ${idUsuario}
      AND fecha_venta >= ${inicioDia(dia)}
      AND fecha_venta < ${finDia(dia)}`;
  return { ventas: Number(f?.ventas ?? 0), ingresos: Number(f?.ingresos ?? 0) };
}

/** Whether the shop ever sold the product (a line of any sale, voided ones too). */
export async function productoTieneVentas(tx: Tx, idMinimarket: number, idProducto: number): Promise<boolean> {
  return (
    (await tx.detalleVenta.findFirst({
      where: { id_minimarket: idMinimarket, id_producto: idProducto },
      select: { id_detalle_venta: true },
    })) !== null
  );
}

/** The lines of these sales of the shop, as sold, by sale and line. */
export function lineasDeVentas(tx: Tx, idMinimarket: number, idsVenta: readonly number[]) {
  return tx.$queryRaw<{ id_venta: number; nombre_producto: string; num_unidades: number; unidad: UnidadVenta; subtotal: number }[]>`
              SELECT id_venta, nombre_producto, num_unidades, unidad, subtotal FROM detalle_venta
              WHERE id_minimarket = ${idMinimarket} AND id_venta = ANY(${[...idsVenta]}::bigint[])
              ORDER BY id_venta, id_detalle_venta`;
}
