// limite_intento: the throttling counters every replica shares. Reserving runs in the database
// (functions reservar_intento_ventana / reservar_intento_goteo, migration 20261123090000_replicas)
// so concurrent callers count one after another under the row's lock.
import type { Db } from '../db/client.js';

export type ModoLimite = 'ventana' | 'goteo';

/** Reserves one attempt: 0 when granted, else the milliseconds to wait. */
export async function reservarIntento(db: Db, clave: string, modo: ModoLimite, max: number, ventanaMs: number): Promise<number> {
  const [fila] =
    modo === 'ventana'
      ? await db.$queryRaw<{ espera: number }[]>`SELECT reservar_intento_ventana(${clave}, ${max}::int, ${ventanaMs}::int) AS espera`
      : await db.$queryRaw<{ espera: number }[]>`SELECT reservar_intento_goteo(${clave}, ${max}::int, ${ventanaMs}::int) AS espera`;
  return fila?.espera ?? 0;
}

/** Gives a reserved attempt back (it was not a failure). In a leaky bucket that is one step of its drain. */
export async function devolverIntento(db: Db, clave: string, modo: ModoLimite, max: number, ventanaMs: number) {
  if (modo === 'ventana') {
    await db.$executeRaw`UPDATE limite_intento SET intentos = greatest(intentos - 1, 0) WHERE clave = ${clave}`;
  } else {
    const pasoMs = ventanaMs / max;
    await db.$executeRaw`UPDATE limite_intento SET intentos = greatest(intentos - 1, 0), hasta = hasta - ${pasoMs}::float8 * INTERVAL '1 millisecond' WHERE clave = ${clave}`;
  }
}

/** Forgets these counters altogether. */
export async function limpiarIntentos(db: Db, claves: string[]) {
  await db.limiteIntento.deleteMany({ where: { clave: { in: claves } } });
}
