// Ids of BIGINT columns (docs/escalar.md «Ids de 64 bits») reach JavaScript as `bigint` (Prisma) and
// leave in JSON as numbers, which carry whole numbers exactly up to 2^53 − 1: a sequence would take
// centuries at any shop's pace to pass it, and if one ever did the answer fails loudly here instead
// of handing out a rounded id that names another row.

/** The id as a JSON-safe number. */
export function numeroDeId(id: bigint | number): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n)) throw new Error(`El id ${id} no cabe en un número de JSON.`);
  return n;
}
