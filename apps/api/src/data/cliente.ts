// cliente: a shop's customers (la libreta, issue #21). Their balance is never stored: it is the
// view cuenta_cliente, read here too because the sale and the abono read it under the customer's
// lock (clienteBajoCandado), so two writes for one customer take turns on a balance that is exact.
// The import of a notebook (imports/aplicar-clientes.ts) writes here too, set-based.
import type pg from 'pg';
import type { MetodoAbono, MovimientoCuenta } from '@minimarket/contracts/clientes';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import { Prisma, type Tx } from '../db/client.js';
import { escaparLike } from '../db/like.js';
import { LLAVES_BLOQUEO } from '../lib/llaves-bloqueo.js';

/** pg_advisory_xact_lock(key, id_minimarket): two notebook imports of one shop take turns. */
const LLAVE_CARGA_CLIENTES = LLAVES_BLOQUEO.cargaClientes;

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
 * The shop's customers whose name has a word beginning with each word asked (accents and case
 * ignored: nombre_busqueda), active first, by name; `exacto` when the name is the words asked, whole.
 */
export function clientesPorNombre(tx: Tx, idMinimarket: number, palabras: readonly string[], limite: number) {
  const condiciones = palabras.map((w) => Prisma.sql`(' ' || c.nombre_busqueda) LIKE '% ' || texto_busqueda(${escaparLike(w)}) || '%'`);
  return tx.$queryRaw<{ id_cliente: number; nombre: string; exacto: boolean }[]>`
    SELECT c.id_cliente, c.nombre, c.nombre_busqueda = texto_busqueda(${palabras.join(' ')}) AS exacto
    FROM cliente c
    WHERE c.id_minimarket = ${idMinimarket} AND ${Prisma.join(condiciones, ' AND ')}
    ORDER BY c.activo DESC, c.nombre, c.id_cliente
    LIMIT ${limite}`;
}

/** A customer with what they owe now and since when (saldos_clientes). */
export interface FilaCliente {
  id_cliente: number;
  id_minimarket: number;
  nombre: string;
  rut: string | null;
  telefono: string | null;
  direccion: string | null;
  limite_credito: number | null;
  notas: string | null;
  activo: boolean;
  fecha_creacion: Date;
  saldo_inicial: number;
  saldo_inicial_desde: Date;
  saldo: bigint;
  compra_impaga_desde: Date | null;
}

/**
 * Customers of one shop with their balance and the oldest purchase not yet paid, both from
 * saldos_clientes (prisma/funciones: the one reading of cuenta_cliente that says which purchase
 * is unpaid; credits settle purchases oldest first). `donde` narrows the customers (a search, one id).
 */
function consultaClientes(idMinimarket: number, donde: Prisma.Sql, orden: Prisma.Sql, pagina: Prisma.Sql = Prisma.empty) {
  return Prisma.sql`
    SELECT c.id_cliente, c.id_minimarket, c.nombre, c.rut, c.telefono, c.direccion, c.limite_credito, c.notas,
           c.activo, c.fecha_creacion, c.saldo_inicial, coalesce(c.saldo_inicial_desde, c.fecha_creacion) AS saldo_inicial_desde,
           coalesce(s.saldo, 0)::bigint AS saldo, s.compra_impaga_desde
    FROM cliente c
    LEFT JOIN saldos_clientes(${idMinimarket}::int) s ON s.id_cliente = c.id_cliente
    WHERE c.id_minimarket = ${idMinimarket} AND ${donde}
    ORDER BY ${orden}
    ${pagina}`;
}

/** A customer by its id alone (as /productos/{id}) with its shop's owner and name, or null. */
export const clienteConTienda = (tx: Tx, idCliente: number) =>
  tx.cliente.findFirst({
    where: { id_cliente: idCliente },
    select: { id_minimarket: true, minimarket: { select: { id_usuario: true, nombre_minimarket: true } } },
  });

/** One customer of the shop with its balance, or null. */
export async function clienteConSaldo(tx: Tx, idMinimarket: number, idCliente: number): Promise<FilaCliente | null> {
  const [fila] = await tx.$queryRaw<FilaCliente[]>(
    consultaClientes(idMinimarket, Prisma.sql`c.id_cliente = ${idCliente}`, Prisma.sql`c.id_cliente`),
  );
  return fila ?? null;
}

export interface FiltroClientes {
  idMinimarket: number;
  /** The deactivated ones too. */
  inactivos: boolean;
  /** In the name (case and accents ignored) or the exact RUT (dots and spaces ignored). */
  search?: string;
  /** By name, or who owes most first. */
  orden: 'nombre' | 'deuda';
}

/** A page of the shop's customers with their balance, how many match, and what all the shop's customers owe. */
export async function listarClientes(tx: Tx, f: FiltroClientes, pagina: { skip: number; limit: number }) {
  const termino = f.search ? escaparLike(f.search) : null;
  const donde = Prisma.sql`${f.inactivos ? Prisma.sql`true` : Prisma.sql`c.activo`}
        ${termino ? Prisma.sql`AND (c.nombre_busqueda LIKE '%' || texto_busqueda(${termino}) || '%' OR c.rut = ${f.search!.replace(/[.\s]/g, '').toUpperCase()})` : Prisma.empty}`;
  const orden = f.orden === 'deuda' ? Prisma.sql`saldo DESC, c.nombre, c.id_cliente` : Prisma.sql`c.nombre, c.id_cliente`;
  const [filas, [totales]] = await Promise.all([
    tx.$queryRaw<FilaCliente[]>(consultaClientes(f.idMinimarket, donde, orden, Prisma.sql`LIMIT ${pagina.limit} OFFSET ${pagina.skip}`)),
    tx.$queryRaw<{ total: number; por_cobrar: bigint }[]>`
          SELECT (SELECT count(*)::int FROM cliente c WHERE c.id_minimarket = ${f.idMinimarket} AND ${donde}) AS total,
                 (SELECT coalesce(sum(cargo - abono), 0)::bigint FROM cuenta_cliente WHERE id_minimarket = ${f.idMinimarket}) AS por_cobrar`,
  ]);
  return { filas, total: totales?.total ?? 0, por_cobrar: Number(totales?.por_cobrar ?? 0) };
}

/** A customer's statement (cuenta_cliente), oldest first, with the balance after each movement and its sale's number. */
export function movimientosDeCuenta(tx: Tx, idMinimarket: number, idCliente: number) {
  return tx.$queryRaw<
    {
      fecha: Date;
      tipo: MovimientoCuenta['tipo'];
      id_venta: number | null;
      numero_venta: number | null;
      id_venta_csv: string | null;
      metodo_pago: MetodoAbono | null;
      cargo: number;
      abono: number;
      saldo: bigint;
    }[]
  >`
        SELECT m.fecha, m.tipo, m.id_venta, v.numero_venta, v.id_venta_csv, m.metodo_pago, m.cargo, m.abono,
               sum(m.cargo - m.abono) OVER (ORDER BY m.fecha, m.tipo IN ('compra', 'saldo_inicial') DESC, coalesce(m.id_venta, m.id_abono)
                                            ROWS UNBOUNDED PRECEDING)::bigint AS saldo
        FROM cuenta_cliente m
        LEFT JOIN venta v ON v.id_minimarket = m.id_minimarket AND v.id_venta = m.id_venta
        WHERE m.id_minimarket = ${idMinimarket} AND m.id_cliente = ${idCliente}
        ORDER BY m.fecha, m.tipo IN ('compra', 'saldo_inicial') DESC, coalesce(m.id_venta, m.id_abono)`;
}

/**
 * Imports: the shop's notebook imports one at a time, until the import's transaction ends. Taken
 * before the file is compared with the shop's customers (imports/aplicar-clientes.ts) and
 * crearClientesDesdeStaging writes, so two uploads never both find the same person missing and
 * create them twice (a name has no unique index; a RUT has).
 */
export async function candadoCargaClientes(client: pg.ClientBase, idMinimarket: number) {
  await client.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [LLAVE_CARGA_CLIENTES, idMinimarket]);
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

/**
 * After an import that created customers, once it has committed: as for products
 * (producto.ts ordenarTrasCarga), the new names merged from the trigram index's pending list, and
 * fresh statistics. On the import's own connection, outside its transaction.
 */
export async function ordenarTrasCarga(client: pg.ClientBase) {
  await client.query(`SELECT gin_clean_pending_list('cliente_nombre_busqueda_trgm_idx'::regclass)`);
  await client.query('ANALYZE cliente');
}
