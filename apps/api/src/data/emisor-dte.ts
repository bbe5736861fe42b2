// emisor_dte: a shop's issuer data and boleta provider (issue 23). The API key arrives already
// encrypted (modules/boletas/cifrado.ts); left out, the stored one stays.
import type { Db, Prisma } from '../db/client.js';

export function guardarEmisor(
  db: Db,
  idMinimarket: number,
  valores: Omit<Prisma.EmisorDteUncheckedCreateInput, 'id_minimarket' | 'actualizado_en'>,
) {
  const datos = { ...valores, actualizado_en: new Date() };
  return db.emisorDte.upsert({ where: { id_minimarket: idMinimarket }, create: { id_minimarket: idMinimarket, ...datos }, update: datos });
}

/**
 * A stored key written again in the current format (modules/boletas/cifrado.ts: v1 → v2, bound to the
 * shop), only while the row still holds `anterior`: a key the owner saved meanwhile is never undone.
 * Whether it was written.
 */
export async function reescribirApiKey(db: Db, idMinimarket: number, anterior: string, nueva: string): Promise<boolean> {
  const { count } = await db.emisorDte.updateMany({
    where: { id_minimarket: idMinimarket, api_key_cifrada: anterior },
    data: { api_key_cifrada: nueva },
  });
  return count > 0;
}
