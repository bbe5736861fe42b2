// Support conversations (/api/soporte): a shop's owner opens one and writes; the administradores
// see them all, answer and set status and priority. A conversation belongs to its shop: whoever
// does not own the shop (and is not an administrador) gets 404, as if it did not exist.
import {
  MENSAJE_CONVERSACION_NO_ENCONTRADA,
  mensajeTicketProducto,
  type Conversacion,
  type conversacionCreateSchema,
  type ConversacionDetalle,
  type conversacionesQuerySchema,
  type conversacionPatchSchema,
  type MensajeSoporte,
  type NoLeidos,
  type ticketProductoSchema,
} from '@minimarket/contracts/soporte';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  abrirConversacion,
  agregarMensaje,
  cambiarConversacion,
  conversacionPara,
  type FilaConversacion,
  type LectorSoporte,
  listarConversaciones,
  marcarLeida,
  mensajeDeTienda,
  mensajesDeConversacion,
  noLeidosPara,
} from '../../data/conversacion.js';
import { tiendasDeDueno } from '../../data/minimarket.js';
import { conAvisoSinLeer, crearNotificaciones } from '../../data/notificacion.js';
import { administradoresActivos } from '../../data/usuario.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Limites } from '../limites/limites.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { avisoMensajeSoporte } from '../../lib/avisos.js';

export const MENSAJE_SOLO_TIENDAS = 'Solo el dueño de una tienda abre conversaciones de soporte.';

type Rol = 'administrador' | 'pyme';
const rol = (u: UsuarioSesion): Rol => (u.rol === 'administrador' ? 'administrador' : 'pyme');

/** `u` as support's reads know a reader. */
const lector = (u: UsuarioSesion): LectorSoporte => ({ id_usuario: u.id_usuario, rol: rol(u) });

const aConversacion = (f: FilaConversacion): Conversacion => ({
  id_conversacion: f.id_conversacion,
  asunto: f.asunto,
  estado: f.estado,
  prioridad: f.prioridad,
  id_usuario: f.id_usuario,
  nombre_usuario: f.nombre_usuario,
  id_minimarket: f.id_minimarket,
  nombre_minimarket: f.nombre_minimarket,
  ultimo_mensaje: f.ultimo_mensaje,
  fecha_ultimo_mensaje: f.fecha_ultimo_mensaje.toISOString(),
  fecha_creacion: f.fecha_creacion.toISOString(),
  no_leidos: f.no_leidos,
});

interface FilaMensaje {
  id_mensaje: number;
  id_conversacion: number;
  id_usuario: number | null;
  nombre_autor: string;
  rol_autor: string;
  texto: string;
  fecha: Date;
}

const aMensaje = (m: FilaMensaje): MensajeSoporte => ({
  id_mensaje: m.id_mensaje,
  id_conversacion: m.id_conversacion,
  // 0 when the author's account was deleted: the name and role stay with the message.
  id_usuario: m.id_usuario ?? 0,
  nombre: m.nombre_autor,
  rol: m.rol_autor === 'administrador' ? 'administrador' : 'pyme',
  texto: m.texto,
  fecha: m.fecha.toISOString(),
});

export type SoporteService = ReturnType<typeof createSoporteService>;

export function createSoporteService({ db, acceso, limites }: { db: Db; acceso: AccesoMinimarket; limites: Limites }) {
  /** One conversation as `u` sees it, or 404 (also when it is another shop's). */
  async function una(tx: Tx, u: UsuarioSesion, id: number): Promise<FilaConversacion> {
    const f = await conversacionPara(tx, lector(u), id);
    if (!f) throw notFound(MENSAJE_CONVERSACION_NO_ENCONTRADA, 'CONVERSATION_NOT_FOUND');
    return f;
  }

  /** The bell for the other side: every active administrador, or the shop's owner. Not twice unread for one conversation. */
  async function avisarOtroLado(tx: Tx, autor: UsuarioSesion, c: FilaConversacion) {
    const para: Rol = rol(autor) === 'administrador' ? 'pyme' : 'administrador';
    const aviso = avisoMensajeSoporte(c, para);
    const destinos = para === 'pyme' ? [c.id_usuario] : await administradoresActivos(tx);
    const yaAvisados = new Set(await conAvisoSinLeer(tx, destinos, 'soporte', aviso.url_accion));
    await crearNotificaciones(
      tx,
      destinos.filter((d) => !yaAvisados.has(d)).map((id_usuario) => ({ ...aviso, id_usuario, id_minimarket: c.id_minimarket })),
    );
  }

  async function abrir(
    u: UsuarioSesion,
    datos: { id_minimarket?: number; asunto: string; mensaje: string; prioridad: Conversacion['prioridad'] },
  ) {
    if (u.rol === 'administrador') throw forbidden(MENSAJE_SOLO_TIENDAS, 'FORBIDDEN_ROLE');
    const id_minimarket = await acceso.tiendaPedida(u, datos.id_minimarket);
    // Per user, in PostgreSQL (every replica counts the same): a new conversation is also a message.
    await limites.reservar([limites.reglas.soporteConversacion, u.id_usuario], [limites.reglas.soporteMensaje, u.id_usuario]);
    return db.$transaction(async (tx) => {
      const id = await abrirConversacion(
        tx,
        { id_minimarket, asunto: datos.asunto, prioridad: datos.prioridad, mensaje: datos.mensaje },
        {
          id_usuario: u.id_usuario,
          nombre: u.nombre,
          rol: rol(u),
        },
      );
      const c = await una(tx, u, id);
      await avisarOtroLado(tx, u, c);
      return aConversacion(c);
    });
  }

  return {
    abrir: (u: UsuarioSesion, body: z.output<typeof conversacionCreateSchema>) => abrir(u, body),

    /** The 'Agregar Producto' ticket: a conversation whose first message carries the product. */
    ticketProducto: (u: UsuarioSesion, t: z.output<typeof ticketProductoSchema>) =>
      abrir(u, {
        id_minimarket: t.id_minimarket,
        asunto: `Agregar producto: ${t.nombre_producto}`.slice(0, 200),
        mensaje: mensajeTicketProducto(t),
        prioridad: 'Media',
      }),

    async listar(
      u: UsuarioSesion,
      q: z.output<typeof conversacionesQuerySchema>,
    ): Promise<{ conversaciones: Conversacion[]; total: number }> {
      if (q.id_usuario !== undefined && u.rol !== 'administrador' && q.id_usuario !== u.id_usuario) throw forbidden();
      const { filas, total } = await listarConversaciones(
        db,
        lector(u),
        { estado: q.estado, id_usuario: q.id_usuario, search: q.search },
        q.orden,
        { skip: q.skip, limit: q.limit },
      );
      return { conversaciones: filas.map(aConversacion), total };
    },

    /** The conversation with its messages, oldest first; reading it marks it read for `u`. */
    async detalle(u: UsuarioSesion, id: number): Promise<ConversacionDetalle> {
      return db.$transaction(async (tx) => {
        const c = await una(tx, u, id);
        const mensajes = await mensajesDeConversacion(tx, c.id_minimarket, id);
        const ultimo = mensajes.at(-1);
        if (ultimo) await marcarLeida(tx, c.id_minimarket, id, u.id_usuario, ultimo.id_mensaje);
        return {
          ...aConversacion(c),
          no_leidos: 0,
          correo_usuario: c.correo_usuario,
          comuna: c.comuna,
          direccion: c.direccion,
          mensajes: mensajes.map(aMensaje),
        };
      });
    },

    async responder(u: UsuarioSesion, id: number, texto: string): Promise<MensajeSoporte> {
      await limites.reservar([limites.reglas.soporteMensaje, u.id_usuario]);
      return db.$transaction(async (tx) => {
        const c = await una(tx, u, id);
        const idMensaje = await agregarMensaje(tx, c.id_minimarket, id, { id_usuario: u.id_usuario, nombre: u.nombre, rol: rol(u) }, texto);
        await avisarOtroLado(tx, u, c);
        return aMensaje((await mensajeDeTienda(tx, c.id_minimarket, idMensaje))!);
      });
    },

    /** Status and priority: administradores only (the route checks the role first). */
    async cambiar(u: UsuarioSesion, id: number, cambios: z.output<typeof conversacionPatchSchema>): Promise<Conversacion> {
      return db.$transaction(async (tx) => {
        const c = await una(tx, u, id);
        await cambiarConversacion(tx, c.id_minimarket, id, cambios);
        return aConversacion(await una(tx, u, id));
      });
    },

    async noLeidos(u: UsuarioSesion): Promise<NoLeidos> {
      return noLeidosPara(db, lector(u));
    },

    /** A conversation as `u` sees it now, or null when `u` may not see it (for live events). */
    async vista(u: UsuarioSesion, id: number): Promise<Conversacion | null> {
      const f = await conversacionPara(db, lector(u), id);
      return f ? aConversacion(f) : null;
    },

    /** The shops whose events `u` hears: null for an administrador (all of them), else the shops `u` owns. */
    async tiendasVisibles(u: UsuarioSesion): Promise<ReadonlySet<number> | null> {
      if (u.rol === 'administrador') return null;
      return new Set(await tiendasDeDueno(db, u.id_usuario));
    },

    /** One message, for live events (the listener already knows who may see it). */
    async mensaje(idMinimarket: number, idMensaje: number): Promise<MensajeSoporte | null> {
      const m = await mensajeDeTienda(db, idMinimarket, idMensaje);
      return m ? aMensaje(m) : null;
    },
  };
}
