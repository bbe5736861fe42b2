// fila_rechazada: the rows an import refused, as they were in the file (JSON cells) with their
// reasons, so the owner downloads only them, fixes them and uploads them again.
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

/** Up to `cuantas` rejected rows of an upload after row `despuesDe`, in file order (the (id_archivo, fila) index). */
export const filasRechazadasDesde = (tx: Tx, idArchivo: number, despuesDe: number, cuantas: number) =>
  tx.filaRechazada.findMany({
    where: { id_archivo: idArchivo, fila: { gt: despuesDe } },
    orderBy: { fila: 'asc' },
    take: cuantas,
    select: { fila: true, celdas: true, motivo: true },
  });
