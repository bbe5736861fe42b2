// minimarket: the shops.
import type { Prisma, Tx } from '../db/client.js';

export const crearMinimarket = (tx: Tx, data: Prisma.MinimarketUncheckedCreateInput) => tx.minimarket.create({ data });

export const actualizarMinimarket = (tx: Tx, id: number, data: Prisma.MinimarketUncheckedUpdateInput) =>
  tx.minimarket.update({ where: { id_minimarket: id }, data });

/** With its products, uploads and notices (cascade); a shop with sales is never deleted (the service checks). */
export const eliminarMinimarket = (tx: Tx, id: number) => tx.minimarket.delete({ where: { id_minimarket: id } });
