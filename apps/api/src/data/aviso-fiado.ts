// aviso_fiado: the customers whose overdue notice went out (la libreta, docs/fiado.md "Avisos").
// Written only by modules/analitica/aviso-fiado.ts, under the shop's advisory lock.
import type { Tx } from '../db/client.js';

/**
 * Forgets the customers no longer overdue (their next crossing is told again) and marks the ones
 * overdue now; returns the ids newly marked: those to tell (one notice per crossing).
 */
export async function marcarVencidos(
  tx: Tx,
  idMinimarket: number,
  vencidos: ReadonlyArray<{ id_cliente: number; compra_desde: Date }>,
  ahora: Date,
): Promise<number[]> {
  const ids = vencidos.map((v) => v.id_cliente);
  await tx.$executeRaw`DELETE FROM aviso_fiado WHERE id_minimarket = ${idMinimarket} AND NOT (id_cliente = ANY(${ids}::bigint[]))`;
  if (vencidos.length === 0) return [];
  const nuevos = await tx.$queryRaw<{ id_cliente: number }[]>`
    INSERT INTO aviso_fiado (id_minimarket, id_cliente, compra_desde, fecha)
    SELECT ${idMinimarket}, * , ${ahora}::timestamptz FROM unnest(${ids}::bigint[], ${vencidos.map((v) => v.compra_desde.toISOString())}::timestamptz[])
    ON CONFLICT (id_minimarket, id_cliente) DO NOTHING
    RETURNING id_cliente`;
  return nuevos.map((n) => n.id_cliente);
}
