// The one connection of this replica that LISTENs for support events and ended sessions (eventos.ts
// says what comes through it). Opened when the first person connects; when it is lost it is opened
// again after REINTENTO_MS, and once back the streams are told they may have missed something.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CANAL_SESIONES } from '../../data/aviso-sesiones.js';
import { CANAL_SOPORTE } from '../../data/conversacion.js';

/** After losing its connection, the listener tries again after this long. */
const REINTENTO_MS = 1000;
/** How the listener's connection is named in pg_stat_activity. */
export const NOMBRE_OYENTE = 'minimarket-eventos';

export function createOyente({
  databaseUrl,
  log,
  alAviso,
  alRecuperar,
  hayQuienEscuche,
}: {
  databaseUrl: string | undefined;
  log: FastifyBaseLogger;
  alAviso: (n: pg.Notification) => void;
  /** Back after a loss: what went out meanwhile was not heard. */
  alRecuperar: () => void;
  /** Whether anyone is connected (a lost connection is opened again only then). */
  hayQuienEscuche: () => boolean;
}) {
  let oyente: pg.Client | null = null;
  let conectando: Promise<void> | null = null;
  let reintento: NodeJS.Timeout | undefined;
  /** The connection was lost since the streams last heard everything: they are told to refetch. */
  let huboPerdida = false;
  let detenido = false;

  function perdida(err?: unknown) {
    if (err) log.warn({ err }, 'Se perdió la conexión que escucha los eventos de soporte');
    huboPerdida = true;
    const viejo = oyente;
    oyente = null;
    void viejo?.end().catch(() => {});
    if (!detenido && hayQuienEscuche() && !reintento) {
      reintento = setTimeout(() => {
        reintento = undefined;
        void asegurar().catch((e: unknown) => perdida(e));
      }, REINTENTO_MS);
      reintento.unref();
    }
  }

  function recuperada() {
    if (!huboPerdida) return;
    huboPerdida = false;
    log.info('Se recuperó la conexión que escucha los eventos de soporte');
    alRecuperar();
  }

  /** One LISTEN connection per replica, opened when the first person connects. */
  function asegurar(): Promise<void> {
    if (oyente) return Promise.resolve();
    conectando ??= (async () => {
      if (!databaseUrl) throw new Error('DATABASE_URL no está definida: los eventos de soporte necesitan una conexión propia.');
      const cliente = new pg.Client({ connectionString: databaseUrl, application_name: NOMBRE_OYENTE });
      cliente.on('notification', alAviso);
      cliente.on('error', (err) => {
        if (oyente === cliente) perdida(err);
      });
      cliente.on('end', () => {
        if (oyente === cliente) perdida();
      });
      try {
        await cliente.connect();
        await cliente.query(`LISTEN ${CANAL_SOPORTE}; LISTEN ${CANAL_SESIONES}`);
      } catch (err) {
        void cliente.end().catch(() => {});
        throw err;
      }
      oyente = cliente;
      recuperada();
    })().finally(() => {
      conectando = null;
    });
    return conectando;
  }

  return {
    asegurar,

    /** Stops trying again and ends the connection. */
    async detener() {
      detenido = true;
      clearTimeout(reintento);
      const viejo = oyente;
      oyente = null;
      await viejo?.end().catch(() => {});
    },
  };
}
