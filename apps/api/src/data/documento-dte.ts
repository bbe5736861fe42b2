// documento_dte, the boleta outbox (issue 23, docs/boleta.md). Its rows are written in the
// transaction of the sale, void or return they document, by the SQL functions encolar_boleta and
// encolar_nota_credito (registrar_venta, venta.ts, devolucion.ts call them); this module holds the
// worker's lease and results and the owner's retry.
//
// Every statement that locks rows names one shop (`id_minimarket = $1`): on Citus, where the table is
// distributed by shop, a row lock is only allowed in a query that reaches a single shard.
import type { Db } from '../db/client.js';

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
export function tiendasConDocumentos(db: Db, limite: number) {
  return db.$queryRaw<TiendaConDocumentos[]>`
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
export async function reintentarDocumento(db: Db, idMinimarket: number, idDocumento: number, clave: string) {
  const filas = await db.documentoDte.updateManyAndReturn({
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
