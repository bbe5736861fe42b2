// Live support events for the browsers connected to this replica (GET /api/soporte/eventos).
// Whatever replica a message is written on, data/conversacion.ts sends pg_notify('soporte') with
// its ids when the transaction commits; every replica LISTENs on one connection of its own and
// hands each event to the connected people who may see it: every administrador, and the owner of
// the conversation's shop. Nothing is kept in memory but who is connected here.
//
// A stream lives no longer than its session: the same connection LISTENs on 'sesiones'
// (data/aviso-sesiones.ts), sent by 'Cerrar Sesión', a new password, e-mail or role, a
// deactivation, a deleted account and a shop created, reassigned or deleted; the streams it names
// end at once, on whatever replica they are. In case a notice is missed (the connection was down
// when it went out), every open stream's session is checked against the database every
// `revisionMs` and at once after the connection comes back; the streams are then told to fetch
// again what they may have missed ({ tipo: 'refrescar' }).
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import { CANAL_SESIONES, type AvisoSesiones } from '../../data/aviso-sesiones.js';
import { CANAL_SOPORTE, type AvisoSoporte } from '../../data/conversacion.js';
import { createOyente } from './oyente.js';
import type { SoporteService } from './soporte.service.js';
import { createSuscritos, type Suscrito } from './suscritos.js';

export { NOMBRE_OYENTE } from './oyente.js';

export type EventosSoporte = ReturnType<typeof createEventosSoporte>;

export function createEventosSoporte({
  databaseUrl,
  db,
  soporte,
  log,
  revisionMs,
}: {
  databaseUrl: string | undefined;
  db: Db;
  soporte: SoporteService;
  log: FastifyBaseLogger;
  /** How often every open stream's session is checked again (the safety net for missed notices). */
  revisionMs: number;
}) {
  const suscritos = createSuscritos({ db, soporte, log });
  let revision: NodeJS.Timeout | undefined;
  let detenido = false;

  function alAviso(n: pg.Notification) {
    if (!n.payload) return;
    let aviso: unknown;
    try {
      aviso = JSON.parse(n.payload);
    } catch {
      return;
    }
    if (n.channel === CANAL_SESIONES) {
      suscritos.terminarSesiones(aviso as AvisoSesiones);
    } else if (n.channel === CANAL_SOPORTE) {
      suscritos.repartir(aviso as AvisoSoporte).catch((err: unknown) => log.error({ err }, 'No se pudo repartir un evento de soporte'));
    }
  }

  const oyente = createOyente({
    databaseUrl,
    log,
    alAviso,
    alRecuperar: () => suscritos.refrescar(),
    hayQuienEscuche: () => suscritos.cuantos() > 0,
  });

  function asegurarRevision() {
    if (revision || detenido || revisionMs <= 0) return;
    revision = setInterval(() => {
      if (suscritos.cuantos() > 0) void suscritos.revisarAhora();
    }, revisionMs);
    revision.unref();
  }

  return {
    /** Starts sending `s.usuario`'s events; the returned function stops. Throws when it cannot listen. */
    async suscribir(s: Suscrito): Promise<() => void> {
      await oyente.asegurar();
      suscritos.agregar(s);
      asegurarRevision();
      return () => {
        suscritos.quitar(s);
      };
    },

    /** How many people are connected to this replica (tests). */
    conectados: () => suscritos.cuantos(),

    /** Checks every open stream's session now, as the periodic check does (tests). */
    revisar: () => suscritos.revisarAhora(),

    /** Ends every open stream (so the server can close) and the LISTEN connection. */
    async detener() {
      detenido = true;
      clearInterval(revision);
      suscritos.cerrarTodos();
      await oyente.detener();
      await suscritos.revisionEnCurso();
    },
  };
}
