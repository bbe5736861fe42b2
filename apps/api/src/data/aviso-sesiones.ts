// The NOTIFY of session changes, a channel rather than a table. What ends or narrows a user's
// sessions is written in usuario.ts ('Cerrar Sesión' aside: a new password, e-mail or role, a
// deactivation, a deleted account), token-revocado.ts ('Cerrar Sesión') and minimarket.ts (a shop
// created, given to another owner or deleted); each of those writes calls avisarSesiones in its own
// transaction, so the notice goes out only if the change commits. Every replica LISTENs
// (modules/soporte/eventos.ts) and ends the live streams the change concerns.
import type { Prisma, Tx } from '../db/client.js';

/** The LISTEN/NOTIFY channel of session changes. */
export const CANAL_SESIONES = 'sesiones';

/**
 * Whose streams end. With `jti`: that one session's (it was closed). With `antes_de` (ms): the
 * user's sessions that started before it (they are no longer valid). With neither: all of the
 * user's (what they may see changed; a new stream sees it anew).
 */
export interface AvisoSesiones {
  id_usuario: number;
  jti?: string;
  antes_de?: number;
}

export async function avisarSesiones(tx: Tx, ...avisos: AvisoSesiones[]) {
  for (const aviso of avisos) await tx.$executeRaw`SELECT pg_notify(${CANAL_SESIONES}, ${JSON.stringify(aviso)})`;
}

/** Runs `fn` in one transaction: a new one on the client, or nested in `tx` when it already is one. */
export function enTransaccion<T>(tx: Tx, fn: (t: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return (tx as Prisma.TransactionClient).$transaction(fn);
}
