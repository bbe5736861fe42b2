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
