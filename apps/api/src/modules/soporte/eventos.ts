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
import type { EventoSoporte } from '@minimarket/contracts/soporte';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { CANAL_SESIONES, type AvisoSesiones } from '../../data/aviso-sesiones.js';
import { CANAL_SOPORTE, type AvisoSoporte } from '../../data/conversacion.js';
import { revocadosEntre } from '../../data/token-revocado.js';
import { vigenciaDeUsuarios } from '../../data/usuario.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { SoporteService } from './soporte.service.js';

/** After losing its connection, the listener tries again after this long. */
const REINTENTO_MS = 1000;
/** How the listener's connection is named in pg_stat_activity. */
export const NOMBRE_OYENTE = 'minimarket-eventos';

interface Suscrito {
  usuario: UsuarioSesion;
  /** The session behind the stream: its id, when it began and when it expires (ms). */
  sesion: { jti: string; auth_time: number; expira: number };
  /** The shops a pyme owns; null for an administrador (sees every shop). */
  tiendas: ReadonlySet<number> | null;
  enviar: (evento: EventoSoporte) => void;
  cerrar: () => void;
}

const mismasTiendas = (a: ReadonlySet<number> | null, b: ReadonlySet<number> | null) =>
  a === null || b === null ? a === b : a.size === b.size && [...a].every((t) => b.has(t));

/** Whether the notice names this stream's session. */
function alcanza(aviso: AvisoSesiones, s: Suscrito) {
  if (s.usuario.id_usuario !== aviso.id_usuario) return false;
  if (aviso.jti !== undefined) return s.sesion.jti === aviso.jti;
  if (aviso.antes_de !== undefined) return s.sesion.auth_time < aviso.antes_de;
  return true;
}

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
  const suscritos = new Set<Suscrito>();
  let oyente: pg.Client | null = null;
  let conectando: Promise<void> | null = null;
  let reintento: NodeJS.Timeout | undefined;
  let revision: NodeJS.Timeout | undefined;
  let revisando: Promise<void> | null = null;
  /** The connection was lost since the streams last heard everything: they are told to refetch. */
  let huboPerdida = false;
  let detenido = false;

  /** Ends one stream; a failure to end it is logged, never thrown at whoever was delivering. */
  function cerrarUno(s: Suscrito) {
    suscritos.delete(s);
    try {
      s.cerrar();
    } catch (err) {
      log.warn({ err }, 'No se pudo cerrar un flujo de eventos de soporte');
    }
  }

  async function repartir(aviso: AvisoSoporte) {
    const para = [...suscritos].filter((s) => s.tiendas === null || s.tiendas.has(aviso.id_minimarket));
    if (para.length === 0) return;
    let mensaje;
    try {
      mensaje = aviso.id_mensaje !== undefined ? await soporte.mensaje(aviso.id_minimarket, aviso.id_mensaje) : null;
    } catch (err) {
      // They would miss this event: their streams end, and the browsers reconnect and fetch again.
      log.error({ err }, 'No se pudo leer un mensaje de soporte para repartirlo');
      para.forEach(cerrarUno);
      return;
    }
    for (const s of para) {
      if (!suscritos.has(s)) continue;
      try {
        if (mensaje) s.enviar({ tipo: 'mensaje', id_conversacion: aviso.id_conversacion, mensaje });
        // The conversation as this person sees it (their own unread count).
        const conversacion = await soporte.vista(s.usuario, aviso.id_conversacion);
        if (conversacion && suscritos.has(s)) s.enviar({ tipo: 'conversacion', id_conversacion: aviso.id_conversacion, conversacion });
      } catch (err) {
        log.error({ err }, 'No se pudo repartir un evento de soporte');
        cerrarUno(s);
      }
    }
  }

  function terminarSesiones(aviso: AvisoSesiones) {
    for (const s of [...suscritos]) if (alcanza(aviso, s)) cerrarUno(s);
  }

  /**
   * Every open stream's session as the database has it now: the user active, the same role, the
   * session not expired nor ended (logout, a change after it began), the same shops. Any other ends.
   */
  async function revisar() {
    const lista = [...suscritos];
    if (lista.length === 0) return;
    const ids = [...new Set(lista.map((s) => s.usuario.id_usuario))];
    const jtis = [...new Set(lista.map((s) => s.sesion.jti))];
    const [usuarios, revocados] = await Promise.all([vigenciaDeUsuarios(db, ids), revocadosEntre(db, jtis)]);
    const porId = new Map(usuarios.map((u) => [u.id_usuario, u]));
    const cerradas = new Set(revocados);
    for (const s of lista) {
      const u = porId.get(s.usuario.id_usuario);
      const vigente =
        u !== undefined &&
        u.estado === 'activo' &&
        Date.now() < s.sesion.expira &&
        u.rol === s.usuario.rol &&
        s.sesion.auth_time >= u.sesiones_validas_desde.getTime() &&
        !cerradas.has(s.sesion.jti) &&
        mismasTiendas(s.tiendas, u.rol === 'administrador' ? null : new Set(u.tiendas));
      if (!vigente && suscritos.has(s)) cerrarUno(s);
    }
  }

  /** One check at a time; a failed one is logged and the next tick tries again. */
  function revisarAhora(): Promise<void> {
    revisando ??= revisar()
      .catch((err: unknown) => log.warn({ err }, 'No se pudieron revisar las sesiones de los flujos de soporte'))
      .finally(() => {
        revisando = null;
      });
    return revisando;
  }

  function perdida(err?: unknown) {
    if (err) log.warn({ err }, 'Se perdió la conexión que escucha los eventos de soporte');
    huboPerdida = true;
    const viejo = oyente;
    oyente = null;
    void viejo?.end().catch(() => {});
    if (!detenido && suscritos.size > 0 && !reintento) {
      reintento = setTimeout(() => {
        reintento = undefined;
        void asegurarOyente().catch((e: unknown) => perdida(e));
      }, REINTENTO_MS);
      reintento.unref();
    }
  }

  /** Back after a loss: what went out meanwhile was not heard. */
  function recuperada() {
    if (!huboPerdida) return;
    huboPerdida = false;
    log.info('Se recuperó la conexión que escucha los eventos de soporte');
    for (const s of [...suscritos]) {
      try {
        s.enviar({ tipo: 'refrescar' });
      } catch {
        cerrarUno(s);
      }
    }
    void revisarAhora();
  }

  function alAviso(n: pg.Notification) {
    if (!n.payload) return;
    let aviso: unknown;
    try {
      aviso = JSON.parse(n.payload);
    } catch {
      return;
    }
    if (n.channel === CANAL_SESIONES) {
      terminarSesiones(aviso as AvisoSesiones);
    } else if (n.channel === CANAL_SOPORTE) {
      repartir(aviso as AvisoSoporte).catch((err: unknown) => log.error({ err }, 'No se pudo repartir un evento de soporte'));
    }
  }

  /** One LISTEN connection per replica, opened when the first person connects. */
  function asegurarOyente(): Promise<void> {
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

  function asegurarRevision() {
    if (revision || detenido || revisionMs <= 0) return;
    revision = setInterval(() => {
      if (suscritos.size > 0) void revisarAhora();
    }, revisionMs);
    revision.unref();
  }

  return {
    /** Starts sending `s.usuario`'s events; the returned function stops. Throws when it cannot listen. */
    async suscribir(s: Suscrito): Promise<() => void> {
      await asegurarOyente();
      suscritos.add(s);
      asegurarRevision();
      return () => {
        suscritos.delete(s);
      };
    },

    /** How many people are connected to this replica (tests). */
    conectados: () => suscritos.size,

    /** Checks every open stream's session now, as the periodic check does (tests). */
    revisar: revisarAhora,

    /** Ends every open stream (so the server can close) and the LISTEN connection. */
    async detener() {
      detenido = true;
      clearTimeout(reintento);
      clearInterval(revision);
      [...suscritos].forEach(cerrarUno);
      const viejo = oyente;
      oyente = null;
      await viejo?.end().catch(() => {});
      await revisando;
    },
  };
}
