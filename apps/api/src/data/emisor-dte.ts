// emisor_dte: a shop's issuer data and boleta provider (issue 23). The API key arrives already
// encrypted (modules/boletas/cifrado.ts); left out, the stored one stays.
import type { Prisma, Tx } from '../db/client.js';

export function guardarEmisor(
  tx: Tx,
  idMinimarket: number,
  valores: Omit<Prisma.EmisorDteUncheckedCreateInput, 'id_minimarket' | 'actualizado_en'>,
) {
  const datos = { ...valores, actualizado_en: new Date() };
  return tx.emisorDte.upsert({ where: { id_minimarket: idMinimarket }, create: { id_minimarket: idMinimarket, ...datos }, update: datos });
}

/**
 * A stored key written again in the current format (modules/boletas/cifrado.ts: v1 → v2, bound to the
 * shop), only while the row still holds `anterior`: a key the owner saved meanwhile is never undone.
 * Whether it was written.
 */
export async function reescribirApiKey(tx: Tx, idMinimarket: number, anterior: string, nueva: string): Promise<boolean> {
  const { count } = await tx.emisorDte.updateMany({
    where: { id_minimarket: idMinimarket, api_key_cifrada: anterior },
    data: { api_key_cifrada: nueva },
  });
  return count > 0;
}

/** The shop's issuer, or null when it has none. */
export const emisorDeTienda = (tx: Tx, idMinimarket: number) => tx.emisorDte.findUnique({ where: { id_minimarket: idMinimarket } });

/** The issuers whose key is stored in the first format (v1, not bound to the shop), with that key. */
export const emisoresConClaveAnticuada = (tx: Tx) =>
  tx.emisorDte.findMany({ where: { api_key_cifrada: { startsWith: 'v1.' } }, select: { id_minimarket: true, api_key_cifrada: true } });
