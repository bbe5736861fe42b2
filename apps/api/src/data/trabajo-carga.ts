// trabajo_carga and trabajo_carga_parte: the import queue (imports/cola.ts runs it) and each
// upload's file until its import ends. The file's bytes travel on a plain pg connection, never
// through Prisma: its query compiler runs in WebAssembly, whose memory grows with every large
// parameter and never shrinks.
//
// A job is the head of its shop's line when no older job of that shop waits: only heads run,
// so a shop's files run one at a time in arrival order, while different shops run side by side.
// Any replica takes a free head with FOR UPDATE SKIP LOCKED and holds it by renewing its lease;
// a lease that runs out means its replica died, and the job is taken again.
//
// Taking is two steps, shop by shop (docs/escalar.md «Las colas»): a plain read lists shops whose
// head is free, then the lock is taken with `WHERE id_minimarket = $1`. On Citus a row lock on a
// distributed table is only allowed in a query that reaches one shard (one shop); and going through
// the shops round-robin, from the one after the shop this replica served last, keeps a shop with
// many files queued from holding the others back when every place is busy.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { TipoCarga } from '@minimarket/contracts/uploads';
import type { Db, Tx } from '../db/client.js';
import { crearCarga, type CargaRegistrada } from './archivo-carga.js';
import { LLAVES_BLOQUEO } from '../lib/llaves-bloqueo.js';

/** The uploaded file is kept in pieces of this size (a row of bytea each). */
export const TAMANO_PARTE = 1024 * 1024;

export interface TrabajoTomado {
  idMinimarket: number;
  idArchivo: number;
  /** 1 the first time a replica takes it; more when a replica died holding it. */
  intento: number;
  idUsuario: number | null;
  nombreArchivo: string;
  tipo: TipoCarga;
}

/** Any constant (with the shop id): one shop's uploads are counted against its limit one at a time. */
const LOCK_COLA_TIENDA = LLAVES_BLOQUEO.colaCargasTienda;

/**
 * Records an upload 'En revisión' and queues it with its file, piece by piece, in one
 * transaction: a job never lacks its file, nor a record its job. `assertCupo` runs first,
 * under the shop's lock, with the number of the shop's uploads waiting or running.
 */
export async function encolarCarga(
  pool: pg.Pool,
  carga: { idMinimarket: number; idUsuario: number; nombreArchivo: string; tipo: TipoCarga },
  ruta: string,
  assertCupo: (pendientes: number) => void,
): Promise<CargaRegistrada> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_COLA_TIENDA, carga.idMinimarket]);
    assertCupo(await contarPendientes(client, carga.idMinimarket));
    const registro = await crearCarga(client, { ...carga, tamanoBytes: (await fs.promises.stat(ruta)).size });
    await client.query('INSERT INTO trabajo_carga (id_minimarket, id_archivo) VALUES ($1, $2)', [carga.idMinimarket, registro.id_archivo]);
    let parte = 0;
    for await (const datos of fs.createReadStream(ruta, { highWaterMark: TAMANO_PARTE }) as AsyncIterable<Buffer>) {
      await client.query('INSERT INTO trabajo_carga_parte (id_minimarket, id_archivo, parte, datos) VALUES ($1, $2, $3, $4)', [
        carga.idMinimarket,
        registro.id_archivo,
        parte,
        datos,
      ]);
      parte += 1;
    }
    await client.query('COMMIT');
    return registro;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Uploads of the shop waiting or running. */
export async function contarPendientes(db: pg.Pool | pg.PoolClient, idMinimarket: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM trabajo_carga WHERE id_minimarket = $1', [idMinimarket]);
  return rows[0]?.n ?? 0;
}

/** Shops looked at per plain read: more than the places any replica has free. */
const TIENDAS_POR_LECTURA = 20;

/**
 * Shops whose head job is free (no lease, or its lease ran out), round-robin: those after
 * `despuesDe` by id first, then from the start. A plain read (no lock): on Citus it may cross shops.
 */
export async function tiendasConTrabajo(tx: Tx, despuesDe: number, limite = TIENDAS_POR_LECTURA): Promise<number[]> {
  const filas = await tx.$queryRaw<Array<{ id_minimarket: number }>>`
    SELECT c.id_minimarket FROM trabajo_carga c
    WHERE (c.lease_hasta IS NULL OR c.lease_hasta < now())
      AND NOT EXISTS (SELECT 1 FROM trabajo_carga p WHERE p.id_minimarket = c.id_minimarket AND p.id_archivo < c.id_archivo)
    ORDER BY c.id_minimarket <= ${despuesDe}::int, c.id_minimarket
    LIMIT ${limite}`;
  return filas.map((f) => f.id_minimarket);
}

/**
 * Takes the shop's head job for `replica` if it is free, or null (none, or another replica took it
 * since the plain read). One UPDATE whose locking subquery and every table name the one shop: a
 * single-shard (router) query on Citus, which refuses FOR UPDATE anywhere else.
 */
export async function tomarTrabajoDeTienda(db: Db, idMinimarket: number, replica: string, leaseMs: number): Promise<TrabajoTomado | null> {
  const [fila] = await db.$queryRaw<
    Array<{
      id_minimarket: number;
      id_archivo: number;
      intentos: number;
      id_usuario: number | null;
      nombre_archivo: string;
      tipo_archivo: TipoCarga;
    }>
  >`
    UPDATE trabajo_carga t
    SET tomado_por = ${replica}, lease_hasta = now() + ${leaseMs}::int * INTERVAL '1 millisecond', intentos = t.intentos + 1
    FROM (SELECT c.id_archivo FROM trabajo_carga c
          WHERE c.id_minimarket = ${idMinimarket}
            AND (c.lease_hasta IS NULL OR c.lease_hasta < now())
            AND NOT EXISTS (SELECT 1 FROM trabajo_carga p WHERE p.id_minimarket = ${idMinimarket} AND p.id_archivo < c.id_archivo)
          ORDER BY c.id_archivo
          LIMIT 1
          FOR UPDATE SKIP LOCKED) e,
         archivo_carga a
    WHERE t.id_minimarket = ${idMinimarket} AND t.id_archivo = e.id_archivo
      AND a.id_minimarket = ${idMinimarket} AND a.id_archivo = e.id_archivo
    RETURNING t.id_minimarket, t.id_archivo, t.intentos, a.id_usuario, a.nombre_archivo, a.tipo_archivo`;
  if (!fila) return null;
  return {
    idMinimarket: fila.id_minimarket,
    idArchivo: fila.id_archivo,
    intento: fila.intentos,
    idUsuario: fila.id_usuario,
    nombreArchivo: fila.nombre_archivo,
    tipo: fila.tipo_archivo,
  };
}

/**
 * Takes a free head job for `replica`, from the first shop after `despuesDe` (round-robin by shop
 * id; 0 starts at the first shop) that still has one when its turn comes; null when none has.
 */
export async function tomarTrabajo(db: Db, replica: string, leaseMs: number, despuesDe = 0): Promise<TrabajoTomado | null> {
  for (const idMinimarket of await tiendasConTrabajo(db, despuesDe)) {
    const trabajo = await tomarTrabajoDeTienda(db, idMinimarket, replica, leaseMs);
    if (trabajo) return trabajo;
  }
  return null;
}

const deTrabajo = (t: Pick<TrabajoTomado, 'idMinimarket' | 'idArchivo'>, replica: string) => ({
  id_minimarket: t.idMinimarket,
  id_archivo: t.idArchivo,
  tomado_por: replica,
});

/** Extends the lease; false when the job is no longer this replica's (its lease ran out and another took it). */
export async function renovarTrabajo(db: Db, t: TrabajoTomado, replica: string, leaseMs: number): Promise<boolean> {
  const { count } = await db.trabajoCarga.updateMany({
    where: deTrabajo(t, replica),
    data: { lease_hasta: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** Hands a job back untouched (this replica is stopping): the next replica takes it at once, as a first try. */
export async function liberarTrabajo(db: Db, t: TrabajoTomado, replica: string) {
  await db.trabajoCarga.updateMany({
    where: deTrabajo(t, replica),
    data: { tomado_por: null, lease_hasta: null, intentos: { decrement: 1 } },
  });
}

/** Writes the job's file to `ruta`, one piece in memory at a time. */
export async function bajarArchivo(pool: pg.Pool, t: Pick<TrabajoTomado, 'idMinimarket' | 'idArchivo'>, ruta: string) {
  async function* partes() {
    for (let parte = 0; ; parte++) {
      const { rows } = await pool.query<{ datos: Buffer }>(
        'SELECT datos FROM trabajo_carga_parte WHERE id_minimarket = $1 AND id_archivo = $2 AND parte = $3',
        [t.idMinimarket, t.idArchivo, parte],
      );
      if (rows.length === 0) return;
      yield rows[0]!.datos;
    }
  }
  await pipeline(partes(), fs.createWriteStream(ruta));
}

/**
 * Ends the job inside the import's transaction (with its result): true while the job is still
 * this replica's; false when its lease ran out and another replica took it, and then the caller
 * must keep nothing of its run.
 */
export async function terminarTrabajo(
  client: pg.ClientBase,
  t: { idMinimarket: number; idArchivo: number },
  replica: string,
): Promise<boolean> {
  const { rowCount } = await client.query(`DELETE FROM trabajo_carga WHERE id_minimarket = $1 AND id_archivo = $2 AND tomado_por = $3`, [
    t.idMinimarket,
    t.idArchivo,
    replica,
  ]);
  return rowCount === 1;
}
