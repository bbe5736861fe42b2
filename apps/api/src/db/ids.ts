// 64-bit ids in JavaScript (docs/escalar.md «Ids de 64 bits»). Every id but the shop's and the user's
// is a BIGINT column; the API's JSON carries them as numbers, exact up to 2^53 − 1 (a sequence would
// take centuries at any shop's pace to pass it, and if one ever did the answer fails loudly here
// instead of handing out a rounded id that names another row). Model reads get them as numbers from
// Prisma (`Int` in schema.prisma); Prisma's raw reads ($queryRaw) get PostgreSQL's bigint as a
// JavaScript bigint: the id columns of those are made numbers here, by name — a bigint column called
// `id_…` (or `ultimo_leido`, a message id) is an id. Other 64-bit results (sums, counts) stay bigint,
// read with Number() where they are used. The app's own pg connections (uploads, imports, downloads)
// parse every 64-bit integer as a number when exact (TIPOS_PG).

import pg, { type CustomTypesConfig } from 'pg';

const ES_ID = /^id_|^ultimo_leido$/;

/** The id as a JSON-safe number. */
function numeroDeId(id: bigint): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n)) throw new Error(`El id ${id} no cabe en un número de JSON.`);
  return n;
}

/**
 * The rows of a raw read with their bigint id columns as numbers (anything else passes untouched).
 * Every row of a result has the same columns: the id ones are found once, on the first row.
 */
export function idsComoNumeros<T>(resultado: T): T {
  if (!Array.isArray(resultado) || resultado.length === 0) return resultado;
  const filas = resultado as Array<Record<string, unknown>>;
  const primera = filas[0];
  if (primera === null || typeof primera !== 'object') return resultado;
  const columnas = Object.keys(primera).filter((c) => ES_ID.test(c));
  if (columnas.length === 0) return resultado;
  for (const f of filas) {
    for (const c of columnas) {
      const v = f[c];
      if (typeof v === 'bigint') f[c] = numeroDeId(v);
    }
  }
  return resultado;
}

/**
 * node-postgres' parsers for the app's own pg connections (uploads, imports, downloads): a 64-bit
 * integer (an id, a count, a sum) as a number when it is exact, as text otherwise — the same ids
 * Prisma hands out, never a rounded one.
 */
export const TIPOS_PG: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (texto: string) => (Number.isSafeInteger(Number(texto)) ? Number(texto) : texto)
      : pg.types.getTypeParser(oid, format as 'text')) as CustomTypesConfig['getTypeParser'],
};
