// Cuentas por cobrar (la libreta, docs/fiado.md): every read of what customers owe goes through the
// SQL function saldos_clientes, which sums the view cuenta_cliente (the one definition of a
// balance). Analytics, Inicio, Badito and the overdue notice read it here, so they never disagree
// with GET /api/clientes.
import type { PorCobrar } from '@minimarket/contracts/analitica';
import { diasEntre } from '@minimarket/contracts/dias';
import { Prisma, type Tx } from '../db/client.js';
import { diaLocal } from '../lib/tiempo.js';

/** Whole Santiago days from `desde` to `ahora` (0 the same day): the notice and Badito count them alike. */
export const diasDesde = (desde: Date, ahora: Date) => diasEntre(diaLocal(desde), diaLocal(ahora)) - 1;

/** A customer with a balance other than zero. */
export interface SaldoCliente {
  id_cliente: number;
  nombre: string;
  saldo: number;
  /** The oldest purchase on credit not yet paid; null when the customer owes nothing (or is owed). */
  compra_impaga_desde: Date | null;
}

/** What the shop's customers owe in all, how many owe, and since when the oldest unpaid purchase. */
export async function porCobrar(tx: Tx, idMinimarket: number): Promise<PorCobrar> {
  const [fila] = await tx.$queryRaw<{ por_cobrar: bigint; clientes: number; desde: Date | null }[]>`
    SELECT coalesce(sum(saldo), 0)::bigint AS por_cobrar, (count(*) FILTER (WHERE saldo > 0))::int AS clientes,
           min(compra_impaga_desde) AS desde
    FROM saldos_clientes(${idMinimarket}::int)`;
  return {
    por_cobrar: Number(fila?.por_cobrar ?? 0),
    clientes_con_deuda: fila?.clientes ?? 0,
    compra_impaga_desde: fila?.desde?.toISOString() ?? null,
  };
}

/**
 * Customers with a balance, who owes most first (ties by name). `ids`: only those customers (a
 * search by name); `limite`: the first ones.
 */
export async function saldosClientes(
  tx: Tx,
  idMinimarket: number,
  { ids, limite }: { ids?: readonly number[]; limite?: number } = {},
): Promise<SaldoCliente[]> {
  const filas = await tx.$queryRaw<{ id_cliente: number; nombre: string; saldo: bigint; compra_impaga_desde: Date | null }[]>`
    SELECT s.id_cliente, c.nombre, s.saldo, s.compra_impaga_desde
    FROM saldos_clientes(${idMinimarket}::int) s
    JOIN cliente c ON c.id_minimarket = ${idMinimarket} AND c.id_cliente = s.id_cliente
    ${ids ? Prisma.sql`WHERE s.id_cliente = ANY(${[...ids]}::bigint[])` : Prisma.empty}
    ORDER BY s.saldo DESC, c.nombre, s.id_cliente
    ${limite ? Prisma.sql`LIMIT ${limite}` : Prisma.empty}`;
  return filas.map((f) => ({ ...f, saldo: Number(f.saldo) }));
}
