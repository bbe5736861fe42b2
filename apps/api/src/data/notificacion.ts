// notificacion: the bell. What each notice says is built in lib/avisos.ts;
// here they are only written and marked read.
import type pg from 'pg';
import type { Tx } from '../db/client.js';
import type { Aviso } from '../lib/avisos.js';

/** Whom a notice is for, and the shop it is about (every notice has one: the table is by shop). */
export interface Destino {
  id_usuario: number;
  id_minimarket: number;
}

/** `fecha` and `leida` are given only by the demo history (notices of the past, already seen). */
export type NotificacionNueva = Aviso & Destino & { fecha?: Date; leida?: boolean };

export async function crearNotificaciones(tx: Tx, notificaciones: NotificacionNueva[]) {
  if (notificaciones.length > 0) await tx.notificacion.createMany({ data: notificaciones });
}

/** The shops whose owner got no notice of this kind after `desde`, with the owner. */
export function tiendasSinAvisoDesde(tx: Tx, tipo: string, desde: Date) {
  return tx.$queryRaw<{ id_minimarket: number; id_usuario: number }[]>`
      SELECT m.id_minimarket, m.id_usuario FROM minimarket m
      WHERE NOT EXISTS (
        SELECT 1 FROM notificacion n
        WHERE n.id_minimarket = m.id_minimarket AND n.tipo = ${tipo} AND n.fecha > ${desde})
      ORDER BY m.id_minimarket`;
}

/** Whether the shop got a notice of this kind after `desde`. */
export async function hayAvisoDesde(tx: Tx, idMinimarket: number, tipo: string, desde: Date): Promise<boolean> {
  return (await tx.notificacion.count({ where: { id_minimarket: idMinimarket, tipo, fecha: { gt: desde } } })) > 0;
}

/** Of these users, those with an unread notice of this kind and action (not told twice of one thing). */
export async function conAvisoSinLeer(tx: Tx, idsUsuario: readonly number[], tipo: string, urlAccion: string | null): Promise<number[]> {
  const filas = await tx.notificacion.findMany({
    where: { id_usuario: { in: [...idsUsuario] }, tipo, url_accion: urlAccion, leida: false },
    select: { id_usuario: true },
  });
  return filas.map((x) => x.id_usuario);
}

/** One notice inside a transaction of a pg connection (the end of an import). */
export async function crearNotificacionEn(client: pg.ClientBase, n: NotificacionNueva) {
  await client.query(
    `INSERT INTO notificacion (id_usuario, id_minimarket, tipo, titulo, descripcion, url_accion) VALUES ($1, $2, $3, $4, $5, $6)`,
    [n.id_usuario, n.id_minimarket, n.tipo, n.titulo, n.descripcion, n.url_accion],
  );
}

/** False when the user has no such notice. */
export async function marcarLeida(tx: Tx, idUsuario: number, id: number): Promise<boolean> {
  const { count } = await tx.notificacion.updateMany({ where: { id_notificacion: id, id_usuario: idUsuario }, data: { leida: true } });
  return count === 1;
}

export const marcarTodasLeidas = (tx: Tx, idUsuario: number) =>
  tx.notificacion.updateMany({ where: { id_usuario: idUsuario, leida: false }, data: { leida: true } });

/** The user's newest notices (up to `limite`), how many they have and how many are unread. */
export async function notificacionesDe(tx: Tx, idUsuario: number, limite: number) {
  const where = { id_usuario: idUsuario };
  const [filas, total, no_leidas] = await Promise.all([
    tx.notificacion.findMany({ where, orderBy: [{ fecha: 'desc' }, { id_notificacion: 'desc' }], take: limite }),
    tx.notificacion.count({ where }),
    tx.notificacion.count({ where: { ...where, leida: false } }),
  ]);
  return { filas, total, no_leidas };
}
