// No table: the turns of the heavy analytics reads (modules/analitica/lectura-pesada.ts), a
// transaction-scoped advisory lock of PostgreSQL per turn, so a user runs at most a few at once
// across every replica (a replica that dies frees its turns with its connections). Taking one is a
// statement that locks, so it lives here (data/README.md), in both forms a heavy read runs on: a
// read's Prisma transaction, and a download's own pg connection.
import type pg from 'pg';
import type { Tx } from '../db/client.js';
import { LLAVES_BLOQUEO } from '../lib/llaves-bloqueo.js';

/** pg_try_advisory_xact_lock(LLAVE_TURNO, turno): the turn numbers are the caller's (id_usuario × turnos + i). */
const LLAVE_TURNO = LLAVES_BLOQUEO.turnoLecturaPesada;

/**
 * Takes the first of `turnos` nobody holds, until the transaction ends; false when all are held.
 * Never waits.
 */
export async function tomarTurno(tx: Tx, turnos: readonly number[]): Promise<boolean> {
  const [f] = await tx.$queryRaw<{ turno: number | null }[]>`
        SELECT (SELECT t FROM unnest(${[...turnos]}::int[]) AS t WHERE pg_try_advisory_xact_lock(${LLAVE_TURNO}::int, t) LIMIT 1) AS turno`;
  return f?.turno !== null && f?.turno !== undefined;
}

/** The same on a pg connection, in its open transaction (a download's). */
export async function tomarTurnoEn(client: pg.ClientBase, turnos: readonly number[]): Promise<boolean> {
  const { rows } = await client.query<{ turno: number | null }>(
    'SELECT (SELECT t FROM unnest($2::int[]) AS t WHERE pg_try_advisory_xact_lock($1, t) LIMIT 1) AS turno',
    [LLAVE_TURNO, [...turnos]],
  );
  return rows[0]?.turno !== null && rows[0]?.turno !== undefined;
}
