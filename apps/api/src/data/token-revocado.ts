// token_revocado: tokens ended by 'Cerrar Sesión' before they expire (read by the auth guard).
import type { Db } from '../db/client.js';

/** Ends one token for good; rows of tokens that would have expired anyway go at the same time. */
export async function revocarToken(db: Db, sesion: { jti: string; id_usuario: number; expira_en: Date }) {
  await db.$transaction([
    db.tokenRevocado.deleteMany({ where: { expira_en: { lt: new Date() } } }),
    db.tokenRevocado.createMany({ data: [sesion], skipDuplicates: true }),
  ]);
}
