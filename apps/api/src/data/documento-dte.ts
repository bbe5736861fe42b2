// documento_dte, the boleta outbox (issue 23, docs/boleta.md). Its rows are written in the
// transaction of the sale, void or return they document, by the SQL functions encolar_boleta and
// encolar_nota_credito (registrar_venta, venta.ts, devolucion.ts call them); this module holds the
// worker's lease and results and the owner's retry.
import type { Db } from '../db/client.js';

export interface DocumentoTomado {
  id_minimarket: number;
  id_documento: bigint;
  tipo: number;
  id_devolucion: number | null;
  id_documento_ref: bigint | null;
  clave: string;
  lineas: unknown;
  estado: string;
  folio: number | null;
  token: string | null;
  intentos: number;
  creado_en: Date;
  /** This worker's lease token: only it may write the row's result. */
  tomado_por: string;
}

/**
 * Takes up to `lote` due rows (pending, or in process and due a status query) under a fresh lease:
 * SKIP LOCKED, so two replicas never take one row; a lease that ran out (its worker died) is due.
 */
export function tomarDocumentos(db: Db, token: string, leaseMs: number, lote: number) {
  return db.$queryRaw<DocumentoTomado[]>`
    UPDATE documento_dte d
    SET tomado_por = ${token}::uuid, tomado_hasta = now() + ${leaseMs} * interval '1 millisecond', intentos = d.intentos + 1
    FROM (SELECT id_minimarket, id_documento FROM documento_dte
          WHERE estado IN ('pendiente', 'en_proceso') AND proximo_intento <= now()
            AND (tomado_hasta IS NULL OR tomado_hasta < now())
          ORDER BY proximo_intento
          LIMIT ${lote}
          FOR UPDATE SKIP LOCKED) t
    WHERE d.id_minimarket = t.id_minimarket AND d.id_documento = t.id_documento
    RETURNING d.id_minimarket, d.id_documento, d.tipo, d.id_devolucion, d.id_documento_ref, d.clave, d.lineas, d.estado,
              d.folio, d.token, d.intentos, d.creado_en, d.tomado_por::text AS tomado_por`;
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
}

const COLUMNAS_RESULTADO = ['estado', 'folio', 'ted', 'pdf', 'token', 'motivo', 'emitido_en', 'intentos'] as const;

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
export async function reintentarDocumento(db: Db, idMinimarket: number, idDocumento: bigint, clave: string) {
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
    },
  });
  return filas.length > 0;
}
