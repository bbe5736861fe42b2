// Live support events for the browsers connected to this replica (GET /api/soporte/eventos).
// Whatever replica a message is written on, data/conversacion.ts sends pg_notify('soporte') with
// its ids when the transaction commits; every replica LISTENs on one connection of its own and
// hands each event to the connected people who may see it: every administrador, and the owner of
// the conversation's shop. Nothing is kept in memory but who is connected here.
import type { EventoSoporte } from '@minimarket/contracts/soporte';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { CANAL_SOPORTE, type AvisoSoporte } from '../../data/conversacion.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { SoporteService } from './soporte.service.js';

/** After losing its connection, the listener tries again after this long. */
const REINTENTO_MS = 1000;

interface Suscrito {
  usuario: UsuarioSesion;
  /** The shops a pyme owns; null for an administrador (sees every shop). */
  tiendas: ReadonlySet<number> | null;
  enviar: (evento: EventoSoporte) => void;
  cerrar: () => void;
}

export type EventosSoporte = ReturnType<typeof createEventosSoporte>;

export function createEventosSoporte({
  databaseUrl,
  soporte,
  log,
}: {
  databaseUrl: string | undefined;
  soporte: SoporteService;
  log: FastifyBaseLogger;
}) {
  const suscritos = new Set<Suscrito>();
  let oyente: pg.Client | null = null;
  let conectando: Promise<void> | null = null;
  let reintento: NodeJS.Timeout | undefined;
  let detenido = false;

  async function repartir(aviso: AvisoSoporte) {
    const para = [...suscritos].filter((s) => s.tiendas === null || s.tiendas.has(aviso.id_minimarket));
    if (para.length === 0) return;
    const mensaje = aviso.id_mensaje !== undefined ? await soporte.mensaje(aviso.id_minimarket, aviso.id_mensaje) : null;
    for (const s of para) {
      if (mensaje) s.enviar({ tipo: 'mensaje', id_conversacion: aviso.id_conversacion, mensaje });
      // The conversation as this person sees it (their own unread count).
      const conversacion = await soporte.vista(s.usuario, aviso.id_conversacion);
      if (conversacion) s.enviar({ tipo: 'conversacion', id_conversacion: aviso.id_conversacion, conversacion });
    }
  }

  function perdida(err?: unknown) {
    if (err) log.warn({ err }, 'Se perdió la conexión que escucha los eventos de soporte');
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

  /** One LISTEN connection per replica, opened when the first person connects. */
  function asegurarOyente(): Promise<void> {
    if (oyente) return Promise.resolve();
    conectando ??= (async () => {
      if (!databaseUrl) throw new Error('DATABASE_URL no está definida: los eventos de soporte necesitan una conexión propia.');
      const cliente = new pg.Client({ connectionString: databaseUrl });
      cliente.on('notification', (n) => {
        if (n.channel !== CANAL_SOPORTE || !n.payload) return;
        repartir(JSON.parse(n.payload) as AvisoSoporte).catch((err: unknown) =>
          log.error({ err }, 'No se pudo repartir un evento de soporte'),
        );
      });
      cliente.on('error', (err) => perdida(err));
      cliente.on('end', () => {
        if (oyente === cliente) perdida();
      });
      await cliente.connect();
      await cliente.query(`LISTEN ${CANAL_SOPORTE}`);
      oyente = cliente;
    })().finally(() => {
      conectando = null;
    });
    return conectando;
  }

  return {
    /** Starts sending `usuario`'s events; the returned function stops. */
    async suscribir(s: Suscrito): Promise<() => void> {
      await asegurarOyente();
      suscritos.add(s);
      return () => {
        suscritos.delete(s);
      };
    },

    /** How many people are connected to this replica (tests). */
    conectados: () => suscritos.size,

    /** Ends every open stream (so the server can close) and the LISTEN connection. */
    async detener() {
      detenido = true;
      clearTimeout(reintento);
      for (const s of suscritos) s.cerrar();
      suscritos.clear();
      const viejo = oyente;
      oyente = null;
      await viejo?.end().catch(() => {});
    },
  };
}
