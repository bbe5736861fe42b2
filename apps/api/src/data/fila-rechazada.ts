// fila_rechazada: the rows an import refused, as they were in the file (JSON cells) with their
// reasons, so the owner downloads only them, fixes them and uploads them again. Written from the
// import's staging table, whose first problems the upload's result also lists (primerosErroresDesde).
import type pg from 'pg';
import type { Tx } from '../db/client.js';

/**
 * From the import's staging table (rows with fila, celdas and errores, a JSON array of
 * {campo, mensaje}), in file order, in the import's transaction.
 */
export async function guardarRechazadasDesde(client: pg.ClientBase, staging: string, carga: { idArchivo: number; idMinimarket: number }) {
  await client.query(
    `INSERT INTO fila_rechazada (id_archivo, id_minimarket, fila, celdas, motivo)
     SELECT $1, $2, s.fila, s.celdas, (SELECT string_agg(e->>'mensaje', '; ') FROM jsonb_array_elements(s.errores) e)
     FROM ${staging} s WHERE s.errores IS NOT NULL ORDER BY s.fila`,
    [carga.idArchivo, carga.idMinimarket],
  );
}

/** One problem of a refused row, as the upload's result lists it. */
export interface ErrorDeFila {
  fila: number;
  campo: string;
  mensaje: string;
}

/**
 * The first `maximo` problems of the refused rows of the import's staging table, in file order (a
 * row's in the order found), for the result's detail; and, counted before the LIMIT, how many there
 * are in all. In the import's transaction, beside the rows guardarRechazadasDesde keeps.
 */
export async function primerosErroresDesde(
  client: pg.ClientBase,
  staging: string,
  maximo: number,
): Promise<{ primeros: ErrorDeFila[]; total: number }> {
  const { rows } = await client.query<ErrorDeFila & { total: number }>(
    `SELECT s.fila, e->>'campo' AS campo, e->>'mensaje' AS mensaje, (count(*) OVER ())::int AS total
         FROM ${staging} s, jsonb_array_elements(s.errores) WITH ORDINALITY AS x(e, orden)
         WHERE s.errores IS NOT NULL ORDER BY s.fila, x.orden LIMIT $1`,
    [maximo],
  );
  return { primeros: rows.map(({ fila, campo, mensaje }) => ({ fila, campo, mensaje })), total: rows[0]?.total ?? 0 };
}

/** Up to `cuantas` rejected rows of an upload after row `despuesDe`, in file order (the (id_archivo, fila) index). */
export const filasRechazadasDesde = (tx: Tx, idArchivo: number, despuesDe: number, cuantas: number) =>
  tx.filaRechazada.findMany({
    where: { id_archivo: idArchivo, fila: { gt: despuesDe } },
    orderBy: { fila: 'asc' },
    take: cuantas,
    select: { fila: true, celdas: true, motivo: true },
  });
