// The weekly "nuevas recomendaciones" notice: a shop with products to reorder tells its owner at
// most once in seven days. Every replica looks now and then; the shop's advisory lock and the
// seven-day check under it make one notice however many look at once. A shop that fails (its data,
// a timeout) is logged and skipped: the others still get theirs.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { crearNotificaciones, hayAvisoDesde, tiendasSinAvisoDesde } from '../../data/notificacion.js';
import { leerResumenes } from '../../data/resumen-ventas.js';
import { diaLocal } from '../../lib/tiempo.js';
import { avisoRecomendaciones } from '../../lib/avisos.js';
import { calcularRecomendaciones } from './recomendaciones.js';
import { LLAVES_BLOQUEO } from '../../lib/llaves-bloqueo.js';

export const DIAS_ENTRE_AVISOS = 7;
/** pg_advisory_xact_lock(key, id_minimarket) while one shop's notice is decided. */
const LLAVE_AVISO = LLAVES_BLOQUEO.avisoSemanal;

export function createAvisoRecomendaciones({ db, log, intervaloMin }: { db: Db; log: FastifyBaseLogger; intervaloMin: number }) {
  let reloj: NodeJS.Timeout | undefined;

  /** Sends the notices due at `ahora`; returns how many it sent. */
  async function enviar(ahora = new Date()): Promise<number> {
    const haceUnaSemana = new Date(ahora.getTime() - DIAS_ENTRE_AVISOS * 86_400_000);
    const hoy = diaLocal(ahora);
    const pendientes = await tiendasSinAvisoDesde(db, 'recomendaciones', haceUnaSemana);
    let enviados = 0;
    for (const t of pendientes) {
      try {
        if (await enviarA(t, ahora, haceUnaSemana, hoy)) enviados += 1;
      } catch (err) {
        log.error({ err, id_minimarket: t.id_minimarket }, 'No se pudo enviar el aviso de recomendaciones de una tienda');
      }
    }
    return enviados;
  }

  /** One shop's notice, if it is due and there is something to reorder. */
  async function enviarA(t: { id_minimarket: number; id_usuario: number }, ahora: Date, haceUnaSemana: Date, hoy: string) {
    // What to reorder, read in a snapshot of its own (the summaries as any read sees them) …
    const { reponer } = await leerResumenes(db, { idMinimarket: t.id_minimarket, desde: null, hasta: hoy }, (tx, r) =>
      calcularRecomendaciones(tx, r, t.id_minimarket, hoy),
    );
    if (reponer.length === 0) return false;
    // … and the notice written under the shop's lock, after checking again that none went out.
    return db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LLAVE_AVISO}::int, ${t.id_minimarket}::int)`;
      if (await hayAvisoDesde(tx, t.id_minimarket, 'recomendaciones', haceUnaSemana)) return false;
      await crearNotificaciones(tx, [
        { ...avisoRecomendaciones(reponer), id_usuario: t.id_usuario, id_minimarket: t.id_minimarket, fecha: ahora },
      ]);
      return true;
    });
  }

  return {
    enviar,
    /** Looks every `intervaloMin` minutes, the first time one interval after start. */
    iniciar() {
      if (intervaloMin <= 0 || reloj) return;
      reloj = setInterval(() => {
        enviar().catch((err: unknown) => log.error({ err }, 'No se pudieron enviar los avisos de recomendaciones'));
      }, intervaloMin * 60_000);
      reloj.unref();
    },
    detener() {
      clearInterval(reloj);
      reloj = undefined;
    },
  };
}
