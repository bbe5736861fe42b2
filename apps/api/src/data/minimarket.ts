// minimarket: the shops. Writes return the shop with its owner's name, as the API shows it. A shop
// created, given to another owner or deleted changes which conversations its owners see: the same
// transaction tells every replica (aviso-sesiones.ts), which ends those owners' live streams (the
// browser opens a new one, which sees the shops as they are now).
import type { Prisma, Tx } from '../db/client.js';
import { avisarSesiones, enTransaccion } from './aviso-sesiones.js';
import { quitarPin } from './pin-tienda.js';

/** What every read and write of a shop brings along: its owner's name. */
export const CON_DUENO = { usuario: { select: { nombre: true, correo: true } } } as const satisfies Prisma.MinimarketInclude;
export type MinimarketConDueno = Prisma.MinimarketGetPayload<{ include: typeof CON_DUENO }>;

export const crearMinimarket = (tx: Tx, data: Prisma.MinimarketUncheckedCreateInput) =>
  enTransaccion(tx, async (t) => {
    const m = await t.minimarket.create({ data, include: CON_DUENO });
    await avisarSesiones(t, { id_usuario: m.id_usuario });
    return m;
  });

export function actualizarMinimarket(tx: Tx, id: number, data: Prisma.MinimarketUncheckedUpdateInput) {
  const nuevoDueno = data.id_usuario;
  if (nuevoDueno === undefined) return tx.minimarket.update({ where: { id_minimarket: id }, data, include: CON_DUENO });
  return enTransaccion(tx, async (t) => {
    // The owner before the change, under the row's lock: a second reassignment waits for this one.
    const [antes] = await t.$queryRaw<{ id_usuario: number }[]>`
      SELECT id_usuario FROM minimarket WHERE id_minimarket = ${id} FOR UPDATE`;
    const m = await t.minimarket.update({ where: { id_minimarket: id }, data, include: CON_DUENO });
    if (antes && antes.id_usuario !== m.id_usuario) {
      await avisarSesiones(t, { id_usuario: antes.id_usuario }, { id_usuario: m.id_usuario });
      // The former owner's PIN no longer opens this shop's till nor approves anything in it.
      await quitarPin(t, id, antes.id_usuario);
    }
    return m;
  });
}

/** With its products, uploads and notices (cascade); a shop with sales is never deleted (the service checks). */
export const eliminarMinimarket = (tx: Tx, id: number) =>
  enTransaccion(tx, async (t) => {
    const m = await t.minimarket.delete({ where: { id_minimarket: id } });
    await avisarSesiones(t, { id_usuario: m.id_usuario });
    return m;
  });
