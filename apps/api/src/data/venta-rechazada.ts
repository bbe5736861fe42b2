// venta_rechazada: the sales the server refused, by their device's key (docs/offline.md «El rastro»).
// intentar_venta (prisma/funciones) writes the refusals of registrar_venta in the sale's own
// transaction; here, the offline refusals the API makes before reaching the database (a time out of
// bounds, totals that do not add up), the owner's list, and settling one.
import { Prisma, type Tx } from '../db/client.js';

/** An offline sale refused for good before the database: kept, set aside, for the owner. */
export async function guardarRechazoOffline(
  tx: Tx,
  r: { idMinimarket: number; clave: string; idUsuario: number; cuerpo: unknown; code: string; datos: Record<string, unknown> },
) {
  await tx.$executeRaw`
    INSERT INTO venta_rechazada (id_minimarket, idempotency_key, id_usuario, origen, cuerpo, code, datos, apartada)
    VALUES (${r.idMinimarket}, ${r.clave}, ${r.idUsuario}, 'offline', ${JSON.stringify(r.cuerpo)}::jsonb, ${r.code},
            ${JSON.stringify(r.datos)}::jsonb, true)
    ON CONFLICT (id_minimarket, idempotency_key) DO UPDATE
    SET origen = 'offline', cuerpo = excluded.cuerpo, code = excluded.code, datos = excluded.datos, fecha = now(), apartada = true`;
}

export interface FilaRechazada {
  id_venta_rechazada: number;
  fecha: Date;
  id_usuario: number | null;
  nombre_usuario: string | null;
  code: string;
  datos: Record<string, unknown>;
  cuerpo: Record<string, unknown>;
  resuelta_en: Date | null;
  nombre_resuelta_por: string | null;
  nota_resolucion: string | null;
}

/** A shop's set-aside sales, newest first: the ones to settle, or all (`todas`). */
export async function listarRechazadas(tx: Tx, f: { idMinimarket: number; todas: boolean; skip: number; limit: number }) {
  const filtro = Prisma.sql`r.id_minimarket = ${f.idMinimarket} AND r.apartada ${f.todas ? Prisma.empty : Prisma.sql`AND r.resuelta_en IS NULL`}`;
  const [filas, [conteo]] = await Promise.all([
    tx.$queryRaw<FilaRechazada[]>`
      SELECT r.id_venta_rechazada, r.fecha, r.id_usuario, u.nombre AS nombre_usuario, r.code, r.datos, r.cuerpo,
             r.resuelta_en, z.nombre AS nombre_resuelta_por, r.nota_resolucion
      FROM venta_rechazada r
      LEFT JOIN usuario u ON u.id_usuario = r.id_usuario
      LEFT JOIN usuario z ON z.id_usuario = r.id_resuelta_por
      WHERE ${filtro}
      ORDER BY r.fecha DESC, r.id_venta_rechazada DESC
      LIMIT ${f.limit} OFFSET ${f.skip}`,
    tx.$queryRaw<{ total: number; pendientes: number }[]>`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE r.resuelta_en IS NULL)::int AS pendientes
      FROM venta_rechazada r WHERE ${filtro}`,
  ]);
  return { filas, total: conteo?.total ?? 0, pendientes: conteo?.pendientes ?? 0 };
}

/** The owner settled a set-aside sale: who, when and how. False when there is no such one to settle. */
export async function resolverRechazada(tx: Tx, r: { idMinimarket: number; id: number; idUsuario: number; nota: string }) {
  const n = await tx.$executeRaw`
    UPDATE venta_rechazada SET resuelta_en = now(), id_resuelta_por = ${r.idUsuario}, nota_resolucion = ${r.nota}
    WHERE id_minimarket = ${r.idMinimarket} AND id_venta_rechazada = ${r.id} AND apartada AND resuelta_en IS NULL`;
  return n > 0;
}
