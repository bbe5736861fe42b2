// Support conversations (/api/soporte): a shop's owner opens one and writes; the administradores
// see them all, answer and set status and priority. A conversation belongs to its shop: whoever
// does not own the shop (and is not an administrador) gets 404, as if it did not exist.
import {
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
import type { Db } from '../../db/client.js';
import {
  agregarMensaje,
  cambiarConversacion,
  conversacionPara,
  listarConversaciones,
  marcarLeida,
  mensajeDeTienda,
  mensajesDeConversacion,
  noLeidosPara,
} from '../../data/conversacion.js';
import { tiendasDeDueno } from '../../data/minimarket.js';
import { forbidden } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Limites } from '../limites/limites.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { createAbrirConversacion } from './abrir.js';
import { aConversacion, aMensaje, avisarOtroLado, lector, rol, una } from './conversacion.js';

export type SoporteService = ReturnType<typeof createSoporteService>;

export function createSoporteService({ db, acceso, limites }: { db: Db; acceso: AccesoMinimarket; limites: Limites }) {
  const abrir = createAbrirConversacion({ db, acceso, limites });

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

    async listar(u: UsuarioSesion, q: z.output<typeof conversacionesQuerySchema>): Promise<{ items: Conversacion[]; total: number }> {
      if (q.id_usuario !== undefined && u.rol !== 'administrador' && q.id_usuario !== u.id_usuario) throw forbidden();
      const { filas, total } = await listarConversaciones(
        db,
        lector(u),
        { estado: q.estado, id_usuario: q.id_usuario, search: q.search },
        q.orden,
        { skip: q.skip, limit: q.limit },
      );
      return { items: filas.map(aConversacion), total };
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
