// A table of any size read in bounded memory: a server-side cursor inside the export's one
// transaction (one snapshot for every file), fetched LOTE_CURSOR rows at a time. A cursor, not
// keyset pages, because each table orders by its own key and some keys are composite; and the
// query is planned once instead of once per page.
import { Prisma } from '../../db/client.js';
import type { Celda } from '../../lib/exportar.js';
import type { ConexionPesada } from '../analitica/lectura-pesada.js';

/** Rows per FETCH: a few MB of objects at most, whatever the table's size. */
export const LOTE_CURSOR = 2000;

const CURSOR = Prisma.raw('exportacion');

/** A value from pg as a CSV cell: int8 and numeric arrive as strings and stay exact. */
const celda = (v: unknown): Celda =>
  v === null || v === undefined ? null : typeof v === 'number' || typeof v === 'string' ? v : String(v);

/**
 * The rows of `consulta` as cells in the order of `columnas`. The cursor is closed when the rows
 * end; a download abandoned midway leaves it to the transaction's end (the connection is closed by
 * the caller either way).
 */
export async function* filasCursor(conexion: ConexionPesada, consulta: Prisma.Sql, columnas: readonly string[]): AsyncGenerator<Celda[]> {
  await conexion.consultar(Prisma.sql`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${consulta}`);
  for (;;) {
    const lote = await conexion.consultar<Record<string, unknown>>(Prisma.sql`FETCH ${Prisma.raw(String(LOTE_CURSOR))} FROM ${CURSOR}`);
    for (const fila of lote) yield columnas.map((c) => celda(fila[c]));
    if (lote.length < LOTE_CURSOR) break;
  }
  await conexion.consultar(Prisma.sql`CLOSE ${CURSOR}`);
}
