// venta, read: what other modules read of the sales, beside the sale's own module (venta.ts: its
// writes, the sale under its lock, the Transacciones list): the discounts of a range (the analytics'
// report and Badito), the sales by person (the analytics' and a cashier's own day), the lines of some
// sales. Every figure here counts the sales the app's one definition counts (the view venta_contada,
// prisma/funciones/venta_contada.sql), but the cash rounding, which reads the completed sales and
// their returns themselves.
import type { DescuentosAnalitica, PorVendedor } from '@minimarket/contracts/analitica';
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

/**
 * The analytics' discount report beyond its totals (descuentosDelRango), on the range's Santiago
 * days: the discounts by day, by product (the 50 largest; a loose sale's line by its name) and by
 * person, and the cash rounding of the range (docs/pagos.md: the sales' minus their returns'). Run
 * it in the same REPEATABLE READ transaction as the totals, so they agree.
 */
export async function desgloseDescuentos(
  tx: Tx,
  idMinimarket: number,
  desde: string,
  hasta: string,
): Promise<Omit<DescuentosAnalitica, 'descuento' | 'ventas_con_descuento'>> {
  const lineas = lineasConDescuento(idMinimarket, desde, hasta);
  const porDia = await tx.$queryRaw<{ dia: string; descuento: bigint; ventas: bigint }[]>`
            SELECT to_char(fecha_venta AT TIME ZONE 'America/Santiago', 'YYYY-MM-DD') AS dia, sum(descuento)::bigint AS descuento,
                   count(DISTINCT id_venta)::bigint AS ventas
            FROM (${lineas}) l GROUP BY 1 ORDER BY 1`;
  const porProducto = await tx.$queryRaw<{ id_producto: number | null; nombre_producto: string; descuento: bigint }[]>`
            SELECT id_producto, min(nombre_producto) AS nombre_producto, sum(descuento)::bigint AS descuento
            FROM (${lineas}) l GROUP BY id_producto, CASE WHEN id_producto IS NULL THEN nombre_producto END
            ORDER BY sum(descuento) DESC, min(nombre_producto) LIMIT 50`;
  const porPersona = await tx.$queryRaw<{ id_usuario: number | null; nombre: string | null; descuento: bigint; ventas: bigint }[]>`
            SELECT l.id_vendedor AS id_usuario, u.nombre, sum(l.descuento)::bigint AS descuento, count(DISTINCT l.id_venta)::bigint AS ventas
            FROM (${lineas}) l LEFT JOIN usuario u ON u.id_usuario = l.id_vendedor
            GROUP BY l.id_vendedor, u.nombre ORDER BY sum(l.descuento) DESC, u.nombre`;
  const [redondeo] = await tx.$queryRaw<{ redondeo: bigint }[]>`
            SELECT (coalesce((SELECT sum(v.redondeo) FROM venta v
                              WHERE v.id_minimarket = ${idMinimarket} AND v.estado_venta = 'Completada'
                                AND v.fecha_venta >= ${inicioDia(desde)} AND v.fecha_venta < ${finDia(hasta)}), 0)
                  - coalesce((SELECT sum(d.redondeo) FROM devolucion d JOIN venta v ON v.id_minimarket = d.id_minimarket AND v.id_venta = d.id_venta
                              WHERE d.id_minimarket = ${idMinimarket} AND v.estado_venta = 'Completada'
                                AND d.fecha >= ${inicioDia(desde)} AND d.fecha < ${finDia(hasta)}), 0))::bigint AS redondeo`;
  return {
    redondeo: Number(redondeo?.redondeo ?? 0),
    por_dia: porDia.map((d) => ({ dia: d.dia, descuento: Number(d.descuento ?? 0), ventas: Number(d.ventas ?? 0) })),
    por_producto: porProducto.map((p) => ({
      id_producto: p.id_producto,
      nombre_producto: p.nombre_producto,
      descuento: Number(p.descuento ?? 0),
    })),
    por_persona: porPersona.map((p) => ({
      id_usuario: p.id_usuario,
      nombre: p.nombre,
      descuento: Number(p.descuento ?? 0),
      ventas: Number(p.ventas ?? 0),
    })),
  };
}

/**
 * Sales by person at the till (docs/cajeros.md): the sales that count on the range's Santiago days,
 * per seller, most pesos first. Read from the sales, not the summaries (they have no person); a
 * shop's range is one index range scan (venta_vendedor_idx would serve one person).
 */
export async function ventasPorVendedor(tx: Tx, idMinimarket: number, desde: string, hasta: string): Promise<PorVendedor> {
  const filas = await tx.$queryRaw<{ id_usuario: number | null; nombre: string | null; ventas: number; ingresos: bigint }[]>`
        SELECT v.id_vendedor AS id_usuario, u.nombre, count(*)::int AS ventas, sum(v.ingreso)::bigint AS ingresos
        FROM venta_contada v LEFT JOIN usuario u ON u.id_usuario = v.id_vendedor
        WHERE v.id_minimarket = ${idMinimarket}
          AND v.fecha_venta >= ${inicioDia(desde)}
          AND v.fecha_venta < ${finDia(hasta)}
        GROUP BY v.id_vendedor, u.nombre
        ORDER BY sum(v.ingreso) DESC, u.nombre NULLS LAST`;
  return filas.map((r) => ({ id_usuario: r.id_usuario, nombre: r.nombre, ventas: r.ventas, ingresos: Number(r.ingresos ?? 0) }));
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
