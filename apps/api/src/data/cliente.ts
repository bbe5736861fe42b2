// cliente: a shop's customers (la libreta, issue #21). Their balance is never stored: it is the
// view cuenta_cliente, read here too because the sale and the abono read it under the customer's
// lock (clienteBajoCandado), so two writes for one customer take turns on a balance that is exact.
// The import of a notebook (imports/aplicar-clientes.ts) writes here too, set-based.
import type pg from 'pg';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import type { Prisma, Tx } from '../db/client.js';

export type ValoresCliente = Omit<Prisma.ClienteUncheckedCreateInput, 'id_cliente' | 'fecha_creacion'>;

export const crearCliente = (tx: Tx, valores: ValoresCliente) => tx.cliente.create({ data: valores });

export const actualizarCliente = (tx: Tx, idMinimarket: number, idCliente: number, cambios: Prisma.ClienteUncheckedUpdateInput) =>
  tx.cliente.update({ where: { id_minimarket_id_cliente: { id_minimarket: idMinimarket, id_cliente: idCliente } }, data: cambios });

/** A customer out of the lists; its account and history stay (the service refuses it with a balance). */
export const desactivarCliente = (tx: Tx, idMinimarket: number, idCliente: number) =>
  tx.cliente.update({
    where: { id_minimarket_id_cliente: { id_minimarket: idMinimarket, id_cliente: idCliente } },
    data: { activo: false },
  });

/** What a customer owes now: the one definition, cuenta_cliente. */
export async function saldoCliente(tx: Tx, idMinimarket: number, idCliente: number): Promise<number> {
  const [fila] = await tx.$queryRaw<{ saldo: bigint }[]>`
    SELECT coalesce(sum(cargo - abono), 0)::bigint AS saldo FROM cuenta_cliente
    WHERE id_minimarket = ${idMinimarket} AND id_cliente = ${idCliente}`;
  return Number(fila?.saldo ?? 0);
}

/**
 * The customer's row locked FOR UPDATE until the transaction ends, with its balance read after the
 * lock: a fiado sale (registrar_venta takes the same lock) or another abono waits, then sees this
 * one's effect. Null when the shop has no such customer.
 */
export async function clienteBajoCandado(tx: Tx, idMinimarket: number, idCliente: number) {
  const [c] = await tx.$queryRaw<{ id_cliente: number; nombre: string; activo: boolean; limite_credito: number | null }[]>`
    SELECT id_cliente, nombre, activo, limite_credito FROM cliente
    WHERE id_minimarket = ${idMinimarket} AND id_cliente = ${idCliente}
    FOR UPDATE`;
  if (!c) return null;
  return { ...c, saldo: await saldoCliente(tx, idMinimarket, idCliente) };
}

/**
 * The customers of an imported notebook, in one statement, from the import's staging table (rows
 * without errores nor omitido; saldo_inicial_desde a 'YYYY-MM-DD' day, midnight in Santiago as
 * POST /api/clientes stores it). A RUT another customer took meanwhile is skipped, never an error.
 * Returns how many were created and the pesos of opening balance they carry.
 */
export async function crearClientesDesdeStaging(client: pg.ClientBase, staging: string, idMinimarket: number) {
  const { rows } = await client.query<{ n: number; saldo: string }>(
    `WITH nuevos AS (
       INSERT INTO cliente (id_minimarket, nombre, rut, telefono, direccion, limite_credito, notas, saldo_inicial, saldo_inicial_desde)
       SELECT $1, s.nombre, s.rut, s.telefono, s.direccion, s.limite_credito, s.notas, s.saldo_inicial,
              CASE WHEN s.saldo_inicial > 0 THEN s.saldo_inicial_desde::date::timestamp AT TIME ZONE $2 END
       FROM ${staging} s
       WHERE s.errores IS NULL AND s.omitido IS NULL
       ORDER BY s.fila
       ON CONFLICT (id_minimarket, rut) DO NOTHING
       RETURNING saldo_inicial
     )
     SELECT count(*)::int AS n, coalesce(sum(saldo_inicial), 0)::bigint AS saldo FROM nuevos`,
    [idMinimarket, ZONA_HORARIA],
  );
  return { creados: rows[0]?.n ?? 0, saldoInicial: Number(rows[0]?.saldo ?? 0) };
}
