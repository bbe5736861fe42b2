// auditoria: a shop's audit trail (issue 31, docs/cajeros.md «Auditoría»). Written in the transaction of
// what it records (an approved void is written with its void, or not at all); a refused PIN on its own,
// since the action it tried changes nothing. Rows are never changed or deleted.
import type { AccionAuditoria } from '@minimarket/contracts/auditoria';
import { Prisma, type Tx } from '../db/client.js';

export interface EntradaNueva {
  id_minimarket: number;
  accion: AccionAuditoria;
  /** Who did it (null: no session, e.g. a file's import). */
  id_usuario: number | null;
  /** Who approved it with their PIN, when someone had to. */
  id_autorizador?: number | null;
  /** What happened, in the words the owner reads ("Anuló la venta N° 12: cliente arrepentido"). */
  detalle: string;
  datos?: Prisma.InputJsonValue;
  /** A price change's product. */
  id_producto?: number | null;
}

/** The detail fits its column (500 characters) whatever the reason typed. */
const recortar = (texto: string) => (texto.length > 500 ? `${texto.slice(0, 499)}…` : texto);

export async function registrarAuditoria(tx: Tx, ...entradas: EntradaNueva[]) {
  if (entradas.length === 0) return;
  await tx.auditoria.createMany({
    data: entradas.map((e) => ({
      id_minimarket: e.id_minimarket,
      accion: e.accion,
      id_usuario: e.id_usuario,
      id_autorizador: e.id_autorizador ?? null,
      detalle: recortar(e.detalle),
      datos: e.datos ?? Prisma.JsonNull,
      id_producto: e.id_producto ?? null,
    })),
  });
}

export interface FilaAuditoria {
  id_auditoria: number;
  accion: AccionAuditoria;
  id_usuario: number | null;
  nombre_usuario: string | null;
  id_autorizador: number | null;
  nombre_autorizador: string | null;
  detalle: string;
  fecha: Date;
}

/** A shop's entries, newest first, with the names of who did and who approved. */
export async function listarAuditoria(
  tx: Tx,
  f: { idMinimarket: number; accion?: AccionAuditoria; idUsuario?: number; skip: number; limit: number },
) {
  const filtro = Prisma.sql`a.id_minimarket = ${f.idMinimarket}
    ${f.accion ? Prisma.sql`AND a.accion = ${f.accion}` : Prisma.empty}
    ${f.idUsuario ? Prisma.sql`AND (a.id_usuario = ${f.idUsuario} OR a.id_autorizador = ${f.idUsuario})` : Prisma.empty}`;
  const [filas, [conteo]] = await Promise.all([
    tx.$queryRaw<FilaAuditoria[]>`
      SELECT a.id_auditoria, a.accion, a.id_usuario, u.nombre AS nombre_usuario, a.id_autorizador, z.nombre AS nombre_autorizador,
             a.detalle, a.fecha
      FROM auditoria a
      LEFT JOIN usuario u ON u.id_usuario = a.id_usuario
      LEFT JOIN usuario z ON z.id_usuario = a.id_autorizador
      WHERE ${filtro}
      ORDER BY a.fecha DESC, a.id_auditoria DESC
      LIMIT ${f.limit} OFFSET ${f.skip}`,
    tx.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM auditoria a WHERE ${filtro}`,
  ]);
  return { filas, total: conteo?.total ?? 0 };
}

/**
 * Every price the product had from `desde` until now: its prices before and after each change since
 * then (the current one among them when it changed), for the offline lane's check (docs/offline.md
 * «El rastro»). A product with no change since then had only its current price.
 */
export async function preciosDesde(tx: Tx, idMinimarket: number, idProducto: number, desde: Date): Promise<number[]> {
  const filas = await tx.$queryRaw<{ antes: number | null; despues: number | null }[]>`
    SELECT (datos->>'antes')::int AS antes, (datos->>'despues')::int AS despues FROM auditoria
    WHERE id_minimarket = ${idMinimarket} AND accion = 'cambio_precio' AND id_producto = ${idProducto} AND fecha >= ${desde}`;
  return filas.flatMap((f) => [f.antes, f.despues]).filter((p): p is number => p !== null);
}
