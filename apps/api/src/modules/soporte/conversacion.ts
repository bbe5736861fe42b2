// A support conversation and its messages as the API shows them, who reads them (a reader is an
// administrador or the shop's side), one conversation as its reader may see it (else 404), and the
// bell for the other side when someone writes.
import { MENSAJE_CONVERSACION_NO_ENCONTRADA, type Conversacion, type MensajeSoporte } from '@minimarket/contracts/soporte';
import type { Tx } from '../../db/client.js';
import { conversacionPara, type FilaConversacion, type LectorSoporte } from '../../data/conversacion.js';
import { conAvisoSinLeer, crearNotificaciones } from '../../data/notificacion.js';
import { administradoresActivos } from '../../data/usuario.js';
import { avisoMensajeSoporte } from '../../lib/avisos.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';

export type Rol = 'administrador' | 'pyme';
export const rol = (u: UsuarioSesion): Rol => (u.rol === 'administrador' ? 'administrador' : 'pyme');

/** `u` as support's reads know a reader. */
export const lector = (u: UsuarioSesion): LectorSoporte => ({ id_usuario: u.id_usuario, rol: rol(u) });

export const aConversacion = (f: FilaConversacion): Conversacion => ({
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

export const aMensaje = (m: FilaMensaje): MensajeSoporte => ({
  id_mensaje: m.id_mensaje,
  id_conversacion: m.id_conversacion,
  // 0 when the author's account was deleted: the name and role stay with the message.
  id_usuario: m.id_usuario ?? 0,
  nombre: m.nombre_autor,
  rol: m.rol_autor === 'administrador' ? 'administrador' : 'pyme',
  texto: m.texto,
  fecha: m.fecha.toISOString(),
});

/** One conversation as `u` sees it, or 404 (also when it is another shop's). */
export async function una(tx: Tx, u: UsuarioSesion, id: number): Promise<FilaConversacion> {
  const f = await conversacionPara(tx, lector(u), id);
  if (!f) throw notFound(MENSAJE_CONVERSACION_NO_ENCONTRADA, 'CONVERSATION_NOT_FOUND');
  return f;
}

/** The bell for the other side: every active administrador, or the shop's owner. Not twice unread for one conversation. */
export async function avisarOtroLado(tx: Tx, autor: UsuarioSesion, c: FilaConversacion) {
  const para: Rol = rol(autor) === 'administrador' ? 'pyme' : 'administrador';
  const aviso = avisoMensajeSoporte(c, para);
  const destinos = para === 'pyme' ? [c.id_usuario] : await administradoresActivos(tx);
  const yaAvisados = new Set(await conAvisoSinLeer(tx, destinos, 'soporte', aviso.url_accion));
  await crearNotificaciones(
    tx,
    destinos.filter((d) => !yaAvisados.has(d)).map((id_usuario) => ({ ...aviso, id_usuario, id_minimarket: c.id_minimarket })),
  );
}
