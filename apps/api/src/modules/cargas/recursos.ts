// What this replica keeps for its uploads: a temp folder for the files on their way, its own small
// pool of plain pg connections for the files' bytes (trabajos.ts says why), its name in the queue,
// and how an import's trouble is logged.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { esConexionPerdida } from '../../db/conexion-perdida.js';
import { TIPOS_PG } from '../../db/ids.js';
import type { Env } from '../../env.js';

/** Connections for the files' bytes (upload in, import out): never many at once per replica. */
const CONEXIONES_ARCHIVOS = 3;

export const SIN_CONEXION_PROPIA = 'DATABASE_URL no está definida: las cargas necesitan una conexión propia.';

export type RecursosCarga = ReturnType<typeof createRecursosCarga>;

export function createRecursosCarga({ env, log }: { env: Env; log: FastifyBaseLogger }) {
  let carpeta: string | null = null;
  const carpetaTemporal = () => (carpeta ??= fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-cargas-')));
  // Opened on first use.
  let poolArchivos: pg.Pool | null = null;

  return {
    replica: `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`,

    /** A new file in the temp folder, with this extension. */
    rutaTemporal: (extension: string) => path.join(carpetaTemporal(), `${crypto.randomUUID()}${extension}`),

    /** The database away (a restart, a failover) is expected to pass: a warning, not an error per poll. */
    registrar: (err: unknown, contexto: string) =>
      esConexionPerdida(err)
        ? log.warn({ err }, `importación en pausa, la base de datos no está disponible (${contexto})`)
        : log.error({ err }, `importación fallida (${contexto})`),

    archivos() {
      if (!env.DATABASE_URL) throw new Error(SIN_CONEXION_PROPIA);
      if (!poolArchivos) {
        poolArchivos = new pg.Pool({
          connectionString: env.DATABASE_URL,
          max: CONEXIONES_ARCHIVOS,
          application_name: 'minimarket-archivos',
          types: TIPOS_PG,
        });
        // An idle connection the server dropped (a restart): the pool discards it and opens another on
        // the next use. Unlistened, the error would end the process.
        poolArchivos.on('error', (err) => log.warn({ err }, 'Se perdió una conexión inactiva de las cargas'));
      }
      return poolArchivos;
    },

    /** On close: the pool, and the temp folder with whatever is left in it. */
    async cerrar() {
      await poolArchivos?.end();
      if (carpeta) await fs.promises.rm(carpeta, { recursive: true, force: true });
    },
  };
}
