// aviso_fiado: the customers whose overdue notice went out (la libreta, docs/fiado.md "Avisos").
// Written only by avisarFiadoVencido below, under the shop's advisory lock: the worker
// (modules/analitica/aviso-fiado.ts) calls it every so often, the demo seed once.
import type { Tx } from '../db/client.js';
import { avisoFiadoVencido } from '../lib/avisos.js';
import { crearNotificaciones } from './notificacion.js';
import { diasDesde, saldosClientes } from './por-cobrar.js';
import { LLAVES_BLOQUEO } from '../lib/llaves-bloqueo.js';

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

/** The shops with customers (those the worker looks at), with their owner and their days of grace. */
export function tiendasConClientes(tx: Tx) {
  return tx.$queryRaw<{ id_minimarket: number; id_usuario: number; dias_aviso_fiado: number }[]>`
      SELECT m.id_minimarket, m.id_usuario, m.dias_aviso_fiado FROM minimarket m
      WHERE EXISTS (SELECT 1 FROM cliente c WHERE c.id_minimarket = m.id_minimarket)
      ORDER BY m.id_minimarket`;
}

/** pg_advisory_xact_lock(key, id_minimarket) while one shop's overdue customers are decided. */
const LLAVE_AVISO_FIADO = LLAVES_BLOQUEO.avisoFiado;

/**
 * One shop's overdue customers at `ahora`, inside `tx` (the worker's transaction, or the demo
 * seed's): marks them and writes the notices of the new crossings; returns how many it wrote.
 */
export async function avisarFiadoVencido(
  tx: Tx,
  t: { id_minimarket: number; id_usuario: number; dias_aviso_fiado: number },
  ahora: Date,
): Promise<number> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LLAVE_AVISO_FIADO}::int, ${t.id_minimarket}::int)`;
  // Read under the lock: what another replica wrote before it is seen.
  const vencidos = (await saldosClientes(tx, t.id_minimarket))
    .filter((s) => s.saldo > 0 && s.compra_impaga_desde !== null && diasDesde(s.compra_impaga_desde, ahora) > t.dias_aviso_fiado)
    .map((s) => ({ ...s, compra_desde: s.compra_impaga_desde! }));
  const nuevos = new Set(await marcarVencidos(tx, t.id_minimarket, vencidos, ahora));
  const avisos = vencidos
    .filter((v) => nuevos.has(v.id_cliente))
    .map((v) => ({
      ...avisoFiadoVencido(v, v.saldo, diasDesde(v.compra_desde, ahora)),
      id_usuario: t.id_usuario,
      id_minimarket: t.id_minimarket,
      fecha: ahora,
    }));
  await crearNotificaciones(tx, avisos);
  return avisos.length;
}
