// La libreta's overdue notice (docs/fiado.md, "Avisos"): when a customer's oldest unpaid purchase
// passes the shop's days (minimarket.dias_aviso_fiado, 30 by default), the owner gets one notice,
// "Juana Pérez te debe $12.500 desde hace 31 días". Once per customer per crossing: aviso_fiado keeps
// the customers told while they stay overdue and forgets them when they are not (paid, or their
// oldest unpaid purchase is again within the days), so a later crossing is told again.
// Like the weekly notice (aviso-semanal.ts): every replica looks now and then; the shop's advisory
// lock and aviso_fiado's primary key make one notice however many look at once; a shop that fails
// is logged and skipped.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { marcarVencidos } from '../../data/aviso-fiado.js';
import { crearNotificaciones } from '../../data/notificacion.js';
import { avisoFiadoVencido } from '../notificaciones/avisos.js';
import { diasDesde, saldosClientes } from './por-cobrar.js';

/** pg_advisory_xact_lock(key, id_minimarket) while one shop's overdue customers are decided. */
const LLAVE_AVISO_FIADO = 72707376;

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

export function createAvisoFiado({ db, log, intervaloMin }: { db: Db; log: FastifyBaseLogger; intervaloMin: number }) {
  let reloj: NodeJS.Timeout | undefined;

  /** Looks at every shop with customers; returns how many notices it sent. */
  async function enviar(ahora = new Date()): Promise<number> {
    const tiendas = await db.$queryRaw<{ id_minimarket: number; id_usuario: number; dias_aviso_fiado: number }[]>`
      SELECT m.id_minimarket, m.id_usuario, m.dias_aviso_fiado FROM minimarket m
      WHERE EXISTS (SELECT 1 FROM cliente c WHERE c.id_minimarket = m.id_minimarket)
      ORDER BY m.id_minimarket`;
    let enviados = 0;
    for (const t of tiendas) {
      try {
        enviados += await db.$transaction((tx) => avisarFiadoVencido(tx, t, ahora));
      } catch (err) {
        log.error({ err, id_minimarket: t.id_minimarket }, 'No se pudieron enviar los avisos de fiado de una tienda');
      }
    }
    return enviados;
  }

  return {
    enviar,
    /** Looks every `intervaloMin` minutes, the first time one interval after start. */
    iniciar() {
      if (intervaloMin <= 0 || reloj) return;
      reloj = setInterval(() => {
        enviar().catch((err: unknown) => log.error({ err }, 'No se pudieron enviar los avisos de fiado'));
      }, intervaloMin * 60_000);
      reloj.unref();
    },
    detener() {
      clearInterval(reloj);
      reloj = undefined;
    },
  };
}
