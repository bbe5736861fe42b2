/**
 * A text matched literally inside a LIKE pattern: %, _ and \ escaped. Prisma writes
 * `contains` and case-insensitive `equals` as LIKE/ILIKE without escaping them ('%' would
 * match every row, a trailing '\' is a database error), and our own SQL builds patterns too.
 */
export const escaparLike = (texto: string) => texto.replace(/[\\%_]/g, (c) => `\\${c}`);
