// The people connected to this replica's support event stream, and what reaches them: a message or a
// conversation as each may see it, the end of a stream whose session ended, and a check of every open
// stream's session against the database (the safety net for missed notices).
import type { EventoSoporte } from '@minimarket/contracts/soporte';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AvisoSesiones } from '../../data/aviso-sesiones.js';
import type { AvisoSoporte } from '../../data/conversacion.js';
import { revocadosEntre } from '../../data/token-revocado.js';
import { vigenciaDeUsuarios } from '../../data/usuario.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { SoporteService } from './soporte.service.js';

export interface Suscrito {
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

export type Suscritos = ReturnType<typeof createSuscritos>;

export function createSuscritos({ db, soporte, log }: { db: Db; soporte: SoporteService; log: FastifyBaseLogger }) {
  const suscritos = new Set<Suscrito>();
  let revisando: Promise<void> | null = null;

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

  return {
    agregar: (s: Suscrito) => suscritos.add(s),
    quitar: (s: Suscrito) => suscritos.delete(s),
    cuantos: () => suscritos.size,
    repartir,
    revisarAhora,
    /** The check under way, if any (to wait for it on close). */
    revisionEnCurso: () => revisando,

    /** The streams of the sessions the notice names end. */
    terminarSesiones(aviso: AvisoSesiones) {
      for (const s of [...suscritos]) if (alcanza(aviso, s)) cerrarUno(s);
    },

    /** Something may have gone out unheard: every stream is told to fetch again, and the sessions are checked. */
    refrescar() {
      for (const s of [...suscritos]) {
        try {
          s.enviar({ tipo: 'refrescar' });
        } catch {
          cerrarUno(s);
        }
      }
      void revisarAhora();
    },

    /** Every open stream ends (so the server can close). */
    cerrarTodos() {
      [...suscritos].forEach(cerrarUno);
    },
  };
}
