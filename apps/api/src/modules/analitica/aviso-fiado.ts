// La libreta's overdue notice (docs/fiado.md, "Avisos"): when a customer's oldest unpaid purchase
// passes the shop's days (minimarket.dias_aviso_fiado, 30 by default), the owner gets one notice,
// "Juana Pérez te debe $12.500 desde hace 31 días". Once per customer per crossing: aviso_fiado keeps
// the customers told while they stay overdue and forgets them when they are not (paid, or their
// oldest unpaid purchase is again within the days), so a later crossing is told again.
// Like the weekly notice (aviso-semanal.ts): every replica looks now and then; the shop's advisory
// lock and aviso_fiado's primary key make one notice however many look at once; a shop that fails
// is logged and skipped. One shop's decision and writes are data/aviso-fiado.ts's (the demo seed's too).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { avisarFiadoVencido, tiendasConClientes } from '../../data/aviso-fiado.js';

export function createAvisoFiado({ db, log, intervaloMin }: { db: Db; log: FastifyBaseLogger; intervaloMin: number }) {
  let reloj: NodeJS.Timeout | undefined;

  /** Looks at every shop with customers; returns how many notices it sent. */
  async function enviar(ahora = new Date()): Promise<number> {
    const tiendas = await tiendasConClientes(db);
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
