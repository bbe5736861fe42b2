// Heavy reads: the raw sale lines sorted or searched, the downloads, the monthly report. Each runs
// with a statement timeout (a question too wide is cancelled and answered in Spanish, never left to
// hold a connection), and a user runs at most MAX_POR_USUARIO of them at once, across every replica:
// a turn is a transaction-scoped advisory lock of PostgreSQL (a replica that dies frees its turns
// with its connections). One turn more → 429. A download streams for as long as the file takes, so
// it runs on a connection of its own, from a small pool per replica, not on the app's pool.
import pg from 'pg';
import { Prisma, type Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { TIPOS_PG } from '../../db/ids.js';
import { tomarTurno, tomarTurnoEn } from '../../data/turno-lectura-pesada.js';

/** Heavy reads one user may run at the same time (two tabs exporting, say); the next one gets 429. */
export const MAX_POR_USUARIO = 2;
/** Downloads one replica streams at once; more wait for a connection. */
const DESCARGAS_POR_REPLICA = 3;

export const MENSAJE_DEMASIADAS_PESADAS = `Ya tienes ${MAX_POR_USUARIO} consultas grandes en curso (descargas, informes o búsquedas en las ventas). Espera a que terminen e intenta de nuevo.`;
export const MENSAJE_CONSULTA_LARGA = 'La consulta tardó demasiado y se canceló. Acorta el rango de fechas o agrega un filtro.';

const demasiadas = () => new AppError(429, 'TOO_MANY_HEAVY_READS', MENSAJE_DEMASIADAS_PESADAS);

/** A user's turns: id_usuario × MAX_POR_USUARIO + 0…MAX_POR_USUARIO − 1 (data/turno-lectura-pesada.ts takes one). */
const turnos = (idUsuario: number) => Array.from({ length: MAX_POR_USUARIO }, (_, i) => idUsuario * MAX_POR_USUARIO + i);

/** A download's own connection, in a REPEATABLE READ transaction (one snapshot for the whole file). */
export interface ConexionPesada {
  consultar<T extends pg.QueryResultRow>(sql: Prisma.Sql): Promise<T[]>;
  /** Ends the transaction and gives the connection back (idempotent). */
  cerrar(): Promise<void>;
}

export type LecturasPesadas = ReturnType<typeof createLecturasPesadas>;

/**
 * `segundos`: a heavy statement longer than this is cancelled (SQLSTATE 57014 → 503 in Spanish);
 * LECTURA_PESADA_SEGUNDOS, 20 by default.
 */
export function createLecturasPesadas({ databaseUrl, segundos }: { databaseUrl: string | undefined; segundos: number }) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: DESCARGAS_POR_REPLICA,
    application_name: 'minimarket-descargas',
    types: TIPOS_PG,
  });
  // An idle connection the server dropped must not bring the process down.
  pool.on('error', () => {});

  return {
    /**
     * In a read's transaction (Prisma): the statement timeout and one of the user's turns, held
     * until the transaction ends. None free → 429 and the transaction is rolled back.
     */
    async turno(tx: Tx, idUsuario: number): Promise<void> {
      await tx.$executeRaw`SELECT set_config('statement_timeout', ${`${segundos}s`}, true)`;
      if (!(await tomarTurno(tx, turnos(idUsuario)))) throw demasiadas();
    },

    /** A connection with the timeout and one of the user's turns, or 429. */
    async abrir(idUsuario: number): Promise<ConexionPesada> {
      const client = await pool.connect();
      let cerrada = false;
      const cerrar = async (err?: Error) => {
        if (cerrada) return;
        cerrada = true;
        await client.query('ROLLBACK').catch(() => {});
        client.off('error', perdida);
        client.release(err);
      };
      // The server ending the connection while no statement runs (a restart, a failover, while a slow
      // client holds the download paused) is an 'error' event: unheard, it would bring the process
      // down. The pool stops listening once a client is checked out, so the download listens; its
      // next statement then fails and the file is cut.
      const perdida = (err: Error) => void cerrar(err);
      client.on('error', perdida);
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await client.query(`SET LOCAL statement_timeout = '${segundos}s'`);
        if (!(await tomarTurnoEn(client, turnos(idUsuario)))) throw demasiadas();
      } catch (err) {
        await cerrar(err instanceof AppError ? undefined : (err as Error));
        throw err;
      }
      return {
        async consultar<T extends pg.QueryResultRow>(sql: Prisma.Sql) {
          return (await client.query<T>(sql.text, sql.values)).rows;
        },
        cerrar: () => cerrar(),
      };
    },
    cerrar: () => pool.end(),
  };
}

/** A statement the timeout cancelled (SQLSTATE 57014), from Prisma or from pg. */
export function esConsultaCancelada(err: unknown): boolean {
  if (err instanceof Prisma.PrismaClientKnownRequestError || err instanceof Prisma.PrismaClientUnknownRequestError) {
    return /57014|canceling statement due to statement timeout/.test(JSON.stringify((err as { meta?: unknown }).meta ?? '') + err.message);
  }
  return (err as { code?: string } | null)?.code === '57014';
}
