// The summary worker: sums the shops' pending days into the analytics' summaries, outside any
// request, in short committed batches (refrescar_resumen_ventas, MAX_DIAS_POR_LOTE days each), so a
// year of imported history never sits in a read's transaction. Every replica runs one; a shop is
// summed by one worker at a time (an advisory lock taken with try: a busy shop is skipped, not
// waited for), shops take turns one batch each, and a shop that fails is logged and skipped.
// Reads never wait for it: they add the pending days themselves (data/resumen-ventas.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { sumarPendientes, tiendasConPendientes } from '../../data/resumen-ventas.js';

/** Days summed per statement: a busy shop's week is a fraction of a second. */
export const MAX_DIAS_POR_LOTE = 7;
/** A day a till marked less than this ago waits: the next sale would mark it again at once. */
export const QUIETUD_MS = 2_000;

export type Resumidor = ReturnType<typeof createResumidor>;

export function createResumidor({ db, log, intervaloMs }: { db: Db; log: FastifyBaseLogger; intervaloMs: number }) {
  let reloj: NodeJS.Timeout | undefined;
  let activo = false;
  /** Waiting for the timer (not in a pass). */
  let esperando = false;
  /** Someone asked for a pass while one was running: run another right after. */
  let pedido = false;
  let enCurso: Promise<unknown> = Promise.resolve();

  /** One batch for each shop with pending days; returns how many days it summed in all. */
  async function pasada(quietudMs = QUIETUD_MS): Promise<number> {
    let dias = 0;
    for (const id of await tiendasConPendientes(db)) {
      try {
        dias += (await sumarPendientes(db, id, MAX_DIAS_POR_LOTE, quietudMs)) ?? 0;
      } catch (err) {
        log.error({ err, id_minimarket: id }, 'No se pudieron resumir las ventas de una tienda');
      }
    }
    return dias;
  }

  /** Passes until nothing is left, quiet or not (the tests and the bench). */
  async function vaciar(): Promise<number> {
    let total = 0;
    for (let n = await pasada(0); n > 0; n = await pasada(0)) total += n;
    return total;
  }

  function programar(esperaMs: number) {
    esperando = true;
    reloj = setTimeout(correr, esperaMs);
    reloj.unref();
  }

  /** A pass; then at once again while there was work (or it was asked for), else after the interval. */
  function correr() {
    esperando = false;
    enCurso = pasada()
      .catch((err: unknown) => {
        log.error({ err }, 'No se pudieron resumir las ventas pendientes');
        return 0;
      })
      .then((dias) => {
        const otra = dias > 0 || pedido;
        pedido = false;
        if (activo) programar(otra ? 0 : intervaloMs);
      });
  }

  return {
    pasada,
    vaciar,
    iniciar() {
      if (intervaloMs <= 0 || activo) return;
      activo = true;
      programar(0);
    },
    /** Look now (an import or a void on this replica), not at the next interval. */
    despertar() {
      if (!activo) return;
      if (!esperando) {
        pedido = true;
        return;
      }
      clearTimeout(reloj);
      programar(0);
    },
    async detener() {
      activo = false;
      clearTimeout(reloj);
      await enCurso;
    },
  };
}
