// documento_dte, the boleta outbox (issue 23, docs/boleta.md). Its rows are written in the
// transaction of the sale, void or return they document, by the SQL functions encolar_boleta and
// encolar_nota_credito (registrar_venta, venta.ts, devolucion.ts call them); this module holds the
// worker's lease and results and the owner's retry.
//
// Every statement that locks rows names one shop (`id_minimarket = $1`): on Citus, where the table is
// distributed by shop, a row lock is only allowed in a query that reaches a single shard.
import type { PorDiaDocumentos } from '@minimarket/contracts/boletas';
import type { Db, Prisma, Tx } from '../db/client.js';

export interface DocumentoTomado {
  id_minimarket: number;
  id_documento: number;
  tipo: number;
  id_devolucion: number | null;
  id_documento_ref: number | null;
  clave: string;
  lineas: unknown;
  estado: string;
  folio: number | null;
  token: string | null;
  intentos: number;
  creado_en: Date;
  /** Issued by the local stand-in: its status is asked of the stand-in too. */
  de_prueba: boolean;
  /** This worker's lease token: only it may write the row's result. */
  tomado_por: string;
}

/** Shops with due rows, each with how many (what one round may take of it), oldest waiting first. */
export interface TiendaConDocumentos {
  id_minimarket: number;
  vencidos: number;
}

/**
 * Up to `limite` shops with due rows (pending, or in process and due a status query, not held by a
 * live lease), the one whose oldest due row has waited longest first. A plain read, no lock: on
 * Citus it may cross shops. It walks the due rows only (documento_dte_cola_idx).
 */
export function tiendasConDocumentos(tx: Tx, limite: number) {
  return tx.$queryRaw<TiendaConDocumentos[]>`
    SELECT id_minimarket, count(*)::int AS vencidos FROM documento_dte
    WHERE estado IN ('pendiente', 'en_proceso') AND proximo_intento <= now()
      AND (tomado_hasta IS NULL OR tomado_hasta < now())
    GROUP BY id_minimarket
    ORDER BY min(proximo_intento), id_minimarket
    LIMIT ${limite}`;
}

/**
 * Takes up to `cuantos` due rows of one shop under a fresh lease, oldest due first: SKIP LOCKED, so
 * two replicas never take one row; a lease that ran out (its worker died) is due. Both the locking
 * subquery and the update name the one shop: a single-shard query on Citus.
 */
export function tomarDocumentosDeTienda(db: Db, idMinimarket: number, token: string, leaseMs: number, cuantos: number) {
  return db.$queryRaw<DocumentoTomado[]>`
    UPDATE documento_dte d
    SET tomado_por = ${token}::uuid, tomado_hasta = now() + ${leaseMs} * interval '1 millisecond', intentos = d.intentos + 1
    FROM (SELECT id_minimarket, id_documento FROM documento_dte
          WHERE id_minimarket = ${idMinimarket} AND estado IN ('pendiente', 'en_proceso') AND proximo_intento <= now()
            AND (tomado_hasta IS NULL OR tomado_hasta < now())
          ORDER BY proximo_intento
          LIMIT ${cuantos}
          FOR UPDATE SKIP LOCKED) t
    WHERE d.id_minimarket = ${idMinimarket} AND d.id_documento = t.id_documento
    RETURNING d.id_minimarket, d.id_documento, d.tipo, d.id_devolucion, d.id_documento_ref, d.clave, d.lineas, d.estado,
              d.folio, d.token, d.intentos, d.creado_en, d.de_prueba, d.tomado_por::text AS tomado_por`;
}

/**
 * The lease of a row this worker holds, renewed to run `leaseMs` from now: right before each call to
 * the provider, so the lease outlasts that call whatever the round did before it (docs/boleta.md «La
 * cola»). False when the row is no longer this worker's (its lease ran out and another took it, or
 * that one already wrote the result): then it must not be sent from here.
 */
export async function renovarArriendo(
  db: Db,
  fila: Pick<DocumentoTomado, 'id_minimarket' | 'id_documento' | 'tomado_por'>,
  leaseMs: number,
) {
  const n = await db.$executeRaw`
    UPDATE documento_dte SET tomado_hasta = now() + ${leaseMs} * interval '1 millisecond'
    WHERE id_minimarket = ${fila.id_minimarket} AND id_documento = ${fila.id_documento} AND tomado_por = ${fila.tomado_por}::uuid`;
  return n > 0;
}

/**
 * How many rows of `lote` each shop gets this round: one each in turn (oldest waiting shop first),
 * again while a shop has more due and places are left. A shop with thousands due takes what the
 * others leave, never their turn.
 */
export function repartirLote(tiendas: TiendaConDocumentos[], lote: number): Array<{ id_minimarket: number; cuantos: number }> {
  const cupos = tiendas.map((t) => ({ id_minimarket: t.id_minimarket, cuantos: 0 }));
  let libres = lote;
  for (let vuelta = 1; libres > 0; vuelta++) {
    let dio = false;
    for (const [i, t] of tiendas.entries()) {
      if (libres === 0) break;
      if (t.vencidos < vuelta) continue;
      cupos[i]!.cuantos += 1;
      libres -= 1;
      dio = true;
    }
    if (!dio) break;
  }
  return cupos.filter((c) => c.cuantos > 0);
}

/**
 * Takes up to `lote` due rows under a fresh lease, shop by shop (docs/escalar.md «Las colas»): a plain
 * read finds the shops with due rows, then each shop's share is locked with a query of that shop
 * alone. Every statement is its own transaction and skips locked rows: no worker waits on another.
 * The rows come back in the order they were taken (the oldest waiting shop's first).
 */
export async function tomarDocumentos(db: Db, token: string, leaseMs: number, lote: number): Promise<DocumentoTomado[]> {
  const tomados: DocumentoTomado[] = [];
  for (const { id_minimarket, cuantos } of repartirLote(await tiendasConDocumentos(db, lote), lote)) {
    tomados.push(...(await tomarDocumentosDeTienda(db, id_minimarket, token, leaseMs, cuantos)));
  }
  return tomados;
}

export interface ResultadoEnvio {
  estado?: string;
  folio?: number;
  ted?: string;
  pdf?: string | null;
  token?: string | null;
  motivo?: string | null;
  emitido_en?: Date;
  intentos?: number;
  de_prueba?: boolean;
}

const COLUMNAS_RESULTADO = ['estado', 'folio', 'ted', 'pdf', 'token', 'motivo', 'emitido_en', 'intentos', 'de_prueba'] as const;

/**
 * Writes what a send or a status query gave, frees the row and sets when it is due again, only while
 * the lease is still this worker's (one that lost it to another replica writes nothing).
 */
export async function registrarEnvio(
  db: Db,
  fila: Pick<DocumentoTomado, 'id_minimarket' | 'id_documento' | 'tomado_por'>,
  resultado: ResultadoEnvio,
  esperaMs: number,
) {
  const columnas = COLUMNAS_RESULTADO.filter((c) => resultado[c] !== undefined);
  const sets = columnas
    .map((c, i) => `"${c}" = $${i + 4}`)
    .concat([`proximo_intento = now() + $3 * interval '1 millisecond'`, 'tomado_por = NULL', 'tomado_hasta = NULL']);
  await db.$executeRawUnsafe(
    `UPDATE documento_dte SET ${sets.join(', ')}
     WHERE id_minimarket = $1 AND id_documento = $2 AND tomado_por = $${columnas.length + 4}::uuid`,
    fila.id_minimarket,
    fila.id_documento,
    esperaMs,
    ...columnas.map((c) => resultado[c]),
    fila.tomado_por,
  );
}

/**
 * A 429: every row of the shop still to send or query waits at least `ms` (the same credentials).
 * Rows another worker holds locked right now are skipped, never waited for: several workers hitting
 * the 429 at once would otherwise lock each other's rows in different orders (a deadlock); a skipped
 * row is being answered by its own worker, which gets its own 429.
 */
export async function esperarTienda(db: Db, idMinimarket: number, ms: number) {
  await db.$executeRaw`
    UPDATE documento_dte d SET proximo_intento = greatest(d.proximo_intento, now() + ${ms} * interval '1 millisecond')
    FROM (SELECT id_minimarket, id_documento FROM documento_dte
          WHERE id_minimarket = ${idMinimarket} AND estado IN ('pendiente', 'en_proceso')
          ORDER BY id_documento
          FOR UPDATE SKIP LOCKED) t
    WHERE d.id_minimarket = t.id_minimarket AND d.id_documento = t.id_documento`;
}

/** A rejected document back in the queue as a new request (a new key); nothing when it is no longer rejected. */
export async function reintentarDocumento(tx: Tx, idMinimarket: number, idDocumento: number, clave: string) {
  const filas = await tx.documentoDte.updateManyAndReturn({
    where: { id_minimarket: idMinimarket, id_documento: idDocumento, estado: 'rechazado' },
    data: {
      estado: 'pendiente',
      clave,
      folio: null,
      ted: null,
      pdf: null,
      token: null,
      motivo: null,
      intentos: 0,
      proximo_intento: new Date(),
      emitido_en: null,
      // The new request may go to another provider than the rejected one.
      de_prueba: false,
    },
  });
  return filas.length > 0;
}

// The reads of the outbox: the owner's list, a sale's boleta, the notas de crédito as printed.

/** What a document brings along in the owner's list: its sale's number and the folio it corrects. */
const CON_VENTA = { venta: { select: { numero_venta: true } }, referencia: { select: { folio: true } } } as const;

/** One document of the shop, or null. */
export const documentoDeTienda = (tx: Tx, idMinimarket: number, idDocumento: number) =>
  tx.documentoDte.findUnique({ where: { id_minimarket_id_documento: { id_minimarket: idMinimarket, id_documento: idDocumento } } });

/** One document of the shop (it must exist) with its sale's number and the folio it corrects. */
export const documentoConVenta = (tx: Tx, idMinimarket: number, idDocumento: number) =>
  tx.documentoDte.findUniqueOrThrow({
    where: { id_minimarket_id_documento: { id_minimarket: idMinimarket, id_documento: idDocumento } },
    include: CON_VENTA,
  });

export interface FiltroDocumentos {
  idMinimarket: number;
  estado?: string;
  /** Created in [gte, lt). */
  creado?: { gte: Date; lt: Date };
}

/** A page of the shop's documents, newest first, with their sale's number, and how many match. */
export async function listarDocumentos(tx: Tx, f: FiltroDocumentos, pagina: { skip: number; take: number }) {
  const where = { id_minimarket: f.idMinimarket, ...(f.estado ? { estado: f.estado } : {}), ...(f.creado ? { creado_en: f.creado } : {}) };
  const [documentos, total] = await Promise.all([
    tx.documentoDte.findMany({ where, include: CON_VENTA, orderBy: { id_documento: 'desc' }, skip: pagina.skip, take: pagina.take }),
    tx.documentoDte.count({ where }),
  ]);
  return { documentos, total };
}

/** How many of the shop's documents are in each state (only the states it has). */
export const documentosPorEstado = (tx: Tx, idMinimarket: number) =>
  tx.documentoDte.groupBy({ by: ['estado'], where: { id_minimarket: idMinimarket }, _count: { _all: true } });

/**
 * Issued (with a folio) per day, the last 14 days that had any, newest first: the boletas, the notas
 * de crédito apart, and the net, so a sale voided the same day nets to $0 instead of counting as a
 * boleta issued.
 */
export function documentosEmitidosPorDia(tx: Tx, idMinimarket: number) {
  return tx.$queryRaw<PorDiaDocumentos[]>`
          SELECT dia, boletas, monto_boletas, notas_credito, monto_notas_credito, monto_boletas - monto_notas_credito AS neto
          FROM (
            SELECT to_char((creado_en AT TIME ZONE 'America/Santiago')::date, 'YYYY-MM-DD') AS dia,
                   (count(*) FILTER (WHERE tipo IN (39, 41)))::int AS boletas,
                   coalesce(sum(total) FILTER (WHERE tipo IN (39, 41)), 0)::int AS monto_boletas,
                   (count(*) FILTER (WHERE tipo = 61))::int AS notas_credito,
                   coalesce(sum(total) FILTER (WHERE tipo = 61), 0)::int AS monto_notas_credito
            FROM documento_dte WHERE id_minimarket = ${idMinimarket} AND folio IS NOT NULL
            GROUP BY 1
          ) d
          ORDER BY dia DESC LIMIT 14`;
}

/** The boleta (39 or 41) of a sale with the shop's issuer as configured, or null when it has none. */
export const boletaDeVenta = (tx: Tx, idMinimarket: number, idVenta: number) =>
  tx.documentoDte.findFirst({
    where: { id_minimarket: idMinimarket, id_venta: idVenta, tipo: { in: [39, 41] } },
    include: { minimarket: { select: { emisor_dte: true } } },
  });

/** What a nota de crédito's paper shows beside its own row: the boleta it corrects, the sale, the shop and its issuer. */
const NOTA_CON_TODO = {
  referencia: { select: { tipo: true, folio: true, total: true, creado_en: true } },
  venta: { select: { numero_venta: true, id_venta_csv: true } },
  minimarket: { select: { nombre_minimarket: true, emisor_dte: true } },
} as const satisfies Prisma.DocumentoDteInclude;

/** The shop's notas de crédito (61) of one sale, or the one with that id, oldest first, with what their paper shows. */
export const notasCredito = (tx: Tx, where: { id_minimarket: number; id_venta?: number; id_documento?: number }) =>
  tx.documentoDte.findMany({ where: { ...where, tipo: 61 }, include: NOTA_CON_TODO, orderBy: { id_documento: 'asc' } });
