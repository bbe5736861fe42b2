// A support conversation opened by a shop's owner, with its first message (also the 'Agregar
// Producto' ticket): throttled per user, and the administrators get the bell.
import type { Conversacion } from '@minimarket/contracts/soporte';
import type { Db } from '../../db/client.js';
import { abrirConversacion } from '../../data/conversacion.js';
import { forbidden } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Limites } from '../limites/limites.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { aConversacion, avisarOtroLado, rol, una } from './conversacion.js';

export const MENSAJE_SOLO_TIENDAS = 'Solo el dueño de una tienda abre conversaciones de soporte.';

export function createAbrirConversacion({ db, acceso, limites }: { db: Db; acceso: AccesoMinimarket; limites: Limites }) {
  return async function abrir(
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
  };
}
