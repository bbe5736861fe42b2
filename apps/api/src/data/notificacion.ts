// notificacion: the bell. What each notice says is built in lib/avisos.ts;
// here they are only written and marked read.
import type pg from 'pg';
import type { Db, Tx } from '../db/client.js';
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

/** One notice inside a transaction of a pg connection (the end of an import). */
export async function crearNotificacionEn(client: pg.ClientBase, n: NotificacionNueva) {
  await client.query(
    `INSERT INTO notificacion (id_usuario, id_minimarket, tipo, titulo, descripcion, url_accion) VALUES ($1, $2, $3, $4, $5, $6)`,
    [n.id_usuario, n.id_minimarket, n.tipo, n.titulo, n.descripcion, n.url_accion],
  );
}

/** False when the user has no such notice. */
export async function marcarLeida(db: Db, idUsuario: number, id: number): Promise<boolean> {
  const { count } = await db.notificacion.updateMany({ where: { id_notificacion: id, id_usuario: idUsuario }, data: { leida: true } });
  return count === 1;
}

export const marcarTodasLeidas = (db: Db, idUsuario: number) =>
  db.notificacion.updateMany({ where: { id_usuario: idUsuario, leida: false }, data: { leida: true } });
