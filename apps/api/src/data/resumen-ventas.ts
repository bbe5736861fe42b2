// resumen_pendiente and the analytics' summaries (resumen_venta_hora, resumen_categoria_hora,
// resumen_producto_dia), migration 20261123130000_analitica_ventas. Whatever writes sales marks
// their days pending (the counter's registrar_venta does it itself); the summaries are written only
// by refrescar_resumen_ventas, which sums the pending days again from their lines.
import type pg from 'pg';
import type { Tx } from '../db/client.js';

/**
 * Sums the shop's pending days again. Run it first in the transaction that then reads the
 * summaries: they are exact for everything that transaction can see.
 */
export async function refrescarResumen(tx: Tx, idMinimarket: number): Promise<number> {
  const [fila] = await tx.$queryRaw<{ dias: number }[]>`SELECT refrescar_resumen_ventas(${idMinimarket}::int) AS dias`;
  return fila?.dias ?? 0;
}

/** The local days of these sale times are to be summed again (imports, the demo history). */
export async function marcarDiasPendientes(db: Tx, idMinimarket: number, fechas: readonly Date[]) {
  if (fechas.length === 0) return;
  await db.$executeRaw`
    INSERT INTO resumen_pendiente (id_minimarket, dia)
    SELECT DISTINCT ${idMinimarket}::int, (f AT TIME ZONE 'America/Santiago')::date
    FROM unnest(${fechas.map((f) => f.toISOString())}::timestamptz[]) AS f
    ON CONFLICT DO NOTHING`;
}

/** The same, set-based, for an import's sales (their times in a relation of the import's transaction). */
export async function marcarDiasPendientesDesde(client: pg.ClientBase, idMinimarket: number, fechas: string) {
  await client.query(
    `INSERT INTO resumen_pendiente (id_minimarket, dia)
     SELECT DISTINCT $1::int, (fecha_venta AT TIME ZONE 'America/Santiago')::date FROM ${fechas}
     ON CONFLICT DO NOTHING`,
    [idMinimarket],
  );
}
