// minimarket: the shops. Writes return the shop with its owner's name, as the API shows it.
import type { Prisma, Tx } from '../db/client.js';

/** What every read and write of a shop brings along: its owner's name. */
export const CON_DUENO = { usuario: { select: { nombre: true, correo: true } } } as const satisfies Prisma.MinimarketInclude;
export type MinimarketConDueno = Prisma.MinimarketGetPayload<{ include: typeof CON_DUENO }>;

export const crearMinimarket = (tx: Tx, data: Prisma.MinimarketUncheckedCreateInput) => tx.minimarket.create({ data, include: CON_DUENO });

export const actualizarMinimarket = (tx: Tx, id: number, data: Prisma.MinimarketUncheckedUpdateInput) =>
  tx.minimarket.update({ where: { id_minimarket: id }, data, include: CON_DUENO });

/** With its products, uploads and notices (cascade); a shop with sales is never deleted (the service checks). */
export const eliminarMinimarket = (tx: Tx, id: number) => tx.minimarket.delete({ where: { id_minimarket: id } });
