// conversacion, mensaje_soporte, lectura_conversacion: support. One module for the three: a
// message never goes without updating its conversation's last message, and the author has read
// what they wrote. Each write also tells every replica (pg_notify on CANAL_SOPORTE, sent when the
// transaction commits), so live listeners anywhere hear it; the payload carries only ids.
import type { EstadoConversacion, Prioridad } from '@minimarket/contracts/soporte';
import type { Tx } from '../db/client.js';

/** The LISTEN/NOTIFY channel of support events. */
export const CANAL_SOPORTE = 'soporte';

/** What a replica hears: which conversation changed, and the new message when there is one. */
export interface AvisoSoporte {
  id_minimarket: number;
  id_conversacion: number;
  id_mensaje?: number;
}

async function avisar(tx: Tx, aviso: AvisoSoporte) {
  await tx.$executeRaw`SELECT pg_notify(${CANAL_SOPORTE}, ${JSON.stringify(aviso)})`;
}

interface Autor {
  id_usuario: number;
  nombre: string;
  rol: 'administrador' | 'pyme';
}

async function insertarMensaje(tx: Tx, idMinimarket: number, idConversacion: number, autor: Autor, texto: string) {
  const [m] = await tx.$queryRaw<{ id_mensaje: number; fecha: Date }[]>`
    INSERT INTO mensaje_soporte (id_minimarket, id_conversacion, id_usuario, nombre_autor, rol_autor, texto)
    VALUES (${idMinimarket}, ${idConversacion}, ${autor.id_usuario}, ${autor.nombre}, ${autor.rol}, ${texto})
    RETURNING id_mensaje, fecha`;
  await marcarLeida(tx, idMinimarket, idConversacion, autor.id_usuario, m!.id_mensaje);
  return m!;
}

/** A new conversation with its first message; returns its id. */
export async function abrirConversacion(
  tx: Tx,
  c: { id_minimarket: number; asunto: string; prioridad: Prioridad; mensaje: string },
  autor: Autor,
): Promise<number> {
  const [fila] = await tx.$queryRaw<{ id_conversacion: number }[]>`
    INSERT INTO conversacion (id_minimarket, id_usuario, asunto, prioridad, ultimo_mensaje)
    VALUES (${c.id_minimarket}, ${autor.id_usuario}, ${c.asunto}, ${c.prioridad}, ${c.mensaje})
    RETURNING id_conversacion`;
  const id = fila!.id_conversacion;
  const m = await insertarMensaje(tx, c.id_minimarket, id, autor, c.mensaje);
  await avisar(tx, { id_minimarket: c.id_minimarket, id_conversacion: id, id_mensaje: m.id_mensaje });
  return id;
}

/**
 * A message to a conversation: it becomes the conversation's last one. A shop writing to a
 * 'Resuelto' conversation opens it again ('Activo'). Returns the message's id.
 */
export async function agregarMensaje(tx: Tx, idMinimarket: number, idConversacion: number, autor: Autor, texto: string) {
  const m = await insertarMensaje(tx, idMinimarket, idConversacion, autor, texto);
  await tx.$executeRaw`
    UPDATE conversacion SET ultimo_mensaje = ${texto}, fecha_ultimo_mensaje = ${m.fecha},
           estado = CASE WHEN ${autor.rol} = 'pyme' AND estado = 'Resuelto' THEN 'Activo' ELSE estado END
    WHERE id_minimarket = ${idMinimarket} AND id_conversacion = ${idConversacion}`;
  await avisar(tx, { id_minimarket: idMinimarket, id_conversacion: idConversacion, id_mensaje: m.id_mensaje });
  return m.id_mensaje;
}

export async function cambiarConversacion(
  tx: Tx,
  idMinimarket: number,
  idConversacion: number,
  cambios: { estado?: EstadoConversacion; prioridad?: Prioridad },
) {
  await tx.$executeRaw`
    UPDATE conversacion SET estado = coalesce(${cambios.estado ?? null}, estado), prioridad = coalesce(${cambios.prioridad ?? null}, prioridad)
    WHERE id_minimarket = ${idMinimarket} AND id_conversacion = ${idConversacion}`;
  await avisar(tx, { id_minimarket: idMinimarket, id_conversacion: idConversacion });
}

/** The reader has seen up to this message (never moves back). */
export async function marcarLeida(tx: Tx, idMinimarket: number, idConversacion: number, idUsuario: number, idMensaje: number) {
  await tx.$executeRaw`
    INSERT INTO lectura_conversacion (id_minimarket, id_conversacion, id_usuario, ultimo_leido)
    VALUES (${idMinimarket}, ${idConversacion}, ${idUsuario}, ${idMensaje})
    ON CONFLICT (id_minimarket, id_conversacion, id_usuario)
    DO UPDATE SET ultimo_leido = greatest(lectura_conversacion.ultimo_leido, EXCLUDED.ultimo_leido)`;
}
