// conversacion, mensaje_soporte, lectura_conversacion: support. One module for the three: a
// message never goes without updating its conversation's last message, and the author has read
// what they wrote. Each write also tells every replica (pg_notify on CANAL_SOPORTE, sent when the
// transaction commits), so live listeners anywhere hear it; the payload carries only ids.
import type { EstadoConversacion, Prioridad } from '@minimarket/contracts/soporte';
import { Prisma, type Tx } from '../db/client.js';
import { escaparLike } from '../db/like.js';

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

// The reads of support. A conversation is seen by every administrador and by the owner of its shop;
// a cashier never reaches these reads.

/** Who reads: their id and their side (an administrador, or the shop's owner). */
export interface LectorSoporte {
  id_usuario: number;
  rol: 'administrador' | 'pyme';
}

/** A conversation as a reader sees it, with its shop and its owner, and what the reader has not read. */
export interface FilaConversacion {
  id_conversacion: number;
  asunto: string;
  estado: EstadoConversacion;
  prioridad: Prioridad;
  id_usuario: number;
  nombre_usuario: string;
  id_minimarket: number;
  nombre_minimarket: string;
  ultimo_mensaje: string;
  fecha_ultimo_mensaje: Date;
  fecha_creacion: Date;
  no_leidos: number;
  correo_usuario: string;
  comuna: string;
  direccion: string;
}

/** Who may see a conversation: an administrador, or the owner of its shop. */
function visiblePara(u: LectorSoporte) {
  return u.rol === 'administrador' ? Prisma.sql`TRUE` : Prisma.sql`m.id_usuario = ${u.id_usuario}`;
}

/**
 * The conversations `donde` picks, as `u` sees them: unread counts messages from the other side
 * (a shop's for an administrador, an administrador's for the shop) after what `u` last read.
 */
function seleccion(u: LectorSoporte, donde: Prisma.Sql) {
  const otroLado = u.rol === 'administrador' ? 'pyme' : 'administrador';
  return Prisma.sql`
    SELECT c.id_conversacion, c.asunto, c.estado, c.prioridad, c.id_usuario, us.nombre AS nombre_usuario,
           c.id_minimarket, m.nombre_minimarket, c.ultimo_mensaje, c.fecha_ultimo_mensaje, c.fecha_creacion,
           us.correo AS correo_usuario, m.comuna, m.direccion,
           (SELECT count(*)::int FROM mensaje_soporte ms
            WHERE ms.id_minimarket = c.id_minimarket AND ms.id_conversacion = c.id_conversacion
              AND ms.rol_autor = ${otroLado}
              AND ms.id_mensaje > coalesce((SELECT l.ultimo_leido FROM lectura_conversacion l
                                            WHERE l.id_minimarket = c.id_minimarket AND l.id_conversacion = c.id_conversacion
                                              AND l.id_usuario = ${u.id_usuario}), 0)) AS no_leidos
    FROM conversacion c
    JOIN minimarket m ON m.id_minimarket = c.id_minimarket
    JOIN usuario us ON us.id_usuario = c.id_usuario
    WHERE ${visiblePara(u)} AND ${donde}`;
}

/** One conversation as `u` sees it, or null (none, or another shop's). */
export async function conversacionPara(tx: Tx, u: LectorSoporte, idConversacion: number): Promise<FilaConversacion | null> {
  const [f] = await tx.$queryRaw<FilaConversacion[]>`${seleccion(u, Prisma.sql`c.id_conversacion = ${idConversacion}`)}`;
  return f ?? null;
}

const ORDEN = {
  reciente: Prisma.sql`c.fecha_ultimo_mensaje DESC, c.id_conversacion DESC`,
  antiguo: Prisma.sql`c.fecha_ultimo_mensaje ASC, c.id_conversacion ASC`,
  prioridad: Prisma.sql`CASE c.prioridad WHEN 'Alta' THEN 0 WHEN 'Media' THEN 1 ELSE 2 END, c.fecha_ultimo_mensaje DESC, c.id_conversacion DESC`,
} as const;

export interface FiltroConversaciones {
  estado?: EstadoConversacion;
  /** Only those opened by this owner. */
  id_usuario?: number;
  /** In the subject, the owner's name or the shop's name (case and accents ignored). */
  search?: string;
}

/** A page of the conversations `u` sees, in the order asked, and how many match. */
export async function listarConversaciones(
  tx: Tx,
  u: LectorSoporte,
  f: FiltroConversaciones,
  orden: keyof typeof ORDEN,
  pagina: { skip: number; limit: number },
): Promise<{ filas: FilaConversacion[]; total: number }> {
  const donde = Prisma.sql`TRUE
        ${f.estado ? Prisma.sql`AND c.estado = ${f.estado}` : Prisma.empty}
        ${f.id_usuario !== undefined ? Prisma.sql`AND c.id_usuario = ${f.id_usuario}` : Prisma.empty}
        ${
          f.search
            ? Prisma.sql`AND texto_busqueda(c.asunto || ' ' || us.nombre || ' ' || m.nombre_minimarket) LIKE '%' || texto_busqueda(${escaparLike(f.search)}) || '%'`
            : Prisma.empty
        }`;
  const filas = await tx.$queryRaw<FilaConversacion[]>`
        ${seleccion(u, donde)} ORDER BY ${ORDEN[orden]} OFFSET ${pagina.skip} LIMIT ${pagina.limit}`;
  const [t] = await tx.$queryRaw<{ total: number }[]>`
        SELECT count(*)::int AS total FROM conversacion c JOIN minimarket m ON m.id_minimarket = c.id_minimarket
        JOIN usuario us ON us.id_usuario = c.id_usuario WHERE ${visiblePara(u)} AND ${donde}`;
  return { filas, total: t?.total ?? 0 };
}

/** How many of the conversations `u` sees have something unread, and how many messages in all. */
export async function noLeidosPara(tx: Tx, u: LectorSoporte): Promise<{ conversaciones: number; mensajes: number }> {
  const [r] = await tx.$queryRaw<{ conversaciones: number; mensajes: number }[]>`
        SELECT count(*) FILTER (WHERE x.no_leidos > 0)::int AS conversaciones, coalesce(sum(x.no_leidos), 0)::int AS mensajes
        FROM (${seleccion(u, Prisma.sql`TRUE`)}) x`;
  return { conversaciones: r?.conversaciones ?? 0, mensajes: r?.mensajes ?? 0 };
}

/** The messages of a conversation, oldest first. */
export const mensajesDeConversacion = (tx: Tx, idMinimarket: number, idConversacion: number) =>
  tx.mensajeSoporte.findMany({ where: { id_minimarket: idMinimarket, id_conversacion: idConversacion }, orderBy: { id_mensaje: 'asc' } });

/** One message of the shop, or null. */
export const mensajeDeTienda = (tx: Tx, idMinimarket: number, idMensaje: number) =>
  tx.mensajeSoporte.findUnique({ where: { id_minimarket_id_mensaje: { id_minimarket: idMinimarket, id_mensaje: idMensaje } } });
