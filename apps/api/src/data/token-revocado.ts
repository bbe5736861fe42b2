// token_revocado: tokens ended by 'Cerrar Sesión' before they expire (read by the auth guard).
// The same transaction tells every replica (aviso-sesiones.ts), which ends that session's live streams.
import { Prisma, type Db, type Tx } from '../db/client.js';
import { avisarSesiones } from './aviso-sesiones.js';

/** Ends one token for good; rows of tokens that would have expired anyway go at the same time. */
export async function revocarToken(db: Db, sesion: { jti: string; id_usuario: number; expira_en: Date }) {
  const { jti, id_usuario, expira_en } = sesion;
  await db.$transaction(async (tx) => {
    await tx.tokenRevocado.deleteMany({ where: { expira_en: { lt: new Date() } } });
    await tx.tokenRevocado.createMany({ data: [{ jti, id_usuario, expira_en }], skipDuplicates: true });
    await avisarSesiones(tx, { id_usuario, jti });
  });
}

/** Of these session ids, those ended by 'Cerrar Sesión'. */
export async function revocadosEntre(tx: Tx, jtis: readonly string[]): Promise<string[]> {
  const filas = await tx.$queryRaw<{ jti: string }[]>`
        SELECT jti::text AS jti FROM token_revocado WHERE jti IN (${Prisma.join(jtis.map((j) => Prisma.sql`${j}::uuid`))})`;
  return filas.map((r) => r.jti);
}
