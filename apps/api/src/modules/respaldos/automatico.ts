// The daily backup of the embedded database: one at start when the last is older than a day, and
// then, while the app runs, another whenever the last turns a day old (checked every hour, so a
// laptop that slept through the due time catches up within the hour after waking). The folder says
// how old the last one is; the advisory lock in base-fisica.ts keeps two takers from overlapping.
import type { FastifyBaseLogger } from 'fastify';
import { RespaldoEnCurso, tomarRespaldo } from './base-fisica.js';
import { podarRespaldos, ultimoRespaldo } from './carpeta.js';

export const DIA_MS = 24 * 60 * 60 * 1000;
const REVISION_MS = 60 * 60 * 1000;

export interface OpcionesRespaldoAutomatico {
  /** Off with DATABASE_URL (the operator's database has its own backups) and in the API tests. */
  habilitado: boolean;
  databaseUrl: string | undefined;
  dir: string;
  log: FastifyBaseLogger;
  revisionMs?: number;
}

export function createRespaldoAutomatico({ habilitado, databaseUrl, dir, log, revisionMs = REVISION_MS }: OpcionesRespaldoAutomatico) {
  let reloj: NodeJS.Timeout | undefined;
  let enCurso: Promise<void> | undefined;
  const parar = new AbortController();

  /** Takes one if the last is a day old or missing; then applies the retention. */
  async function revisar(ahora = new Date()) {
    if (!databaseUrl) return;
    const ultimo = ultimoRespaldo(dir);
    if (ultimo && ahora.getTime() - ultimo.fecha.getTime() < DIA_MS) return;
    try {
      const r = await tomarRespaldo({ url: databaseUrl, dir, signal: parar.signal });
      const borrados = podarRespaldos(dir);
      log.info({ archivo: r.archivo, bytes: r.bytes, borrados: borrados.length }, 'Respaldo diario de la base embebida listo');
    } catch (err) {
      if (err instanceof RespaldoEnCurso) return; // `npm run respaldo` is taking one right now
      if (parar.signal.aborted) return; // the app is stopping; the next start takes it
      throw err;
    }
  }

  const vuelta = () => {
    if (enCurso) return;
    enCurso = revisar()
      .catch((err: unknown) => log.error({ err }, 'No se pudo tomar el respaldo diario de la base embebida'))
      .finally(() => {
        enCurso = undefined;
      });
  };

  return {
    revisar,
    iniciar() {
      if (!habilitado || reloj) return;
      vuelta();
      reloj = setInterval(vuelta, revisionMs);
      reloj.unref();
    },
    /** Aborts a backup under way (Ctrl+C must not wait for a big copy) and waits for its clean-up. */
    async detener() {
      if (reloj) clearInterval(reloj);
      reloj = undefined;
      parar.abort();
      await enCurso;
    },
  };
}
