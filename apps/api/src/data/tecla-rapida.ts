// tecla_rapida: the owner's quick keys of Nueva venta (issue 32): which products, in which order.
import type { Tx } from '../db/client.js';

/** The shop's grid becomes these products, in this order (none: back to the most sold). */
export async function fijarTeclasRapidas(tx: Tx, idMinimarket: number, productos: readonly number[]) {
  await tx.teclaRapida.deleteMany({ where: { id_minimarket: idMinimarket } });
  if (productos.length === 0) return;
  await tx.teclaRapida.createMany({
    data: productos.map((id_producto, posicion) => ({ id_minimarket: idMinimarket, posicion, id_producto })),
  });
}

/** The owner's grid as set, in order, each key with its product; a product no longer active leaves its key out. */
export const teclasFijadas = (tx: Tx, idMinimarket: number) =>
  tx.teclaRapida.findMany({
    where: { id_minimarket: idMinimarket, producto: { estado: 'activo' } },
    include: { producto: true },
    orderBy: { posicion: 'asc' },
  });
