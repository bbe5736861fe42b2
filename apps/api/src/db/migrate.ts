// Applies prisma/migrations/*/migration.sql in order and records them in
// _prisma_migrations exactly as `prisma migrate deploy` does, so either tool can
// take over a database the other started. (Prisma's own migrate cannot run here:
// its schema engine is a download.) Then the SQL functions and views of
// prisma/funciones/, one file each and the only copy of its body: applied again
// whenever the file changes (Flyway's repeatable migrations), tracked in _funciones_sql.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../env.js';
import { LLAVES_BLOQUEO } from '../lib/llaves-bloqueo.js';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'prisma', 'migrations');
export const FUNCIONES_DIR = path.join(REPO_ROOT, 'prisma', 'funciones');
/** Any constant: serialises concurrent starts against one database. */
const MIGRATION_LOCK_ID = LLAVES_BLOQUEO.migraciones;

const CREATE_BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

const CREATE_FUNCIONES_BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_funciones_sql" (
    "nombre"      TEXT PRIMARY KEY NOT NULL,
    "checksum"    VARCHAR(64) NOT NULL,
    "aplicada_en" TIMESTAMPTZ NOT NULL DEFAULT now()
)`;

const sha256 = (texto: string) => crypto.createHash('sha256').update(texto).digest('hex');

export function listMigrations(dir = MIGRATIONS_DIR) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: sha256(sql) };
    });
}

/** prisma/funciones/<nombre>.sql: the function or view `nombre`, in name order. */
export function listFunciones(dir = FUNCIONES_DIR) {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((archivo) => {
      const sql = fs.readFileSync(path.join(dir, archivo), 'utf8');
      return { nombre: archivo.slice(0, -'.sql'.length), sql, checksum: sha256(sql) };
    });
}

/**
 * Applies the function or view files whose text changed since they were last applied, or whose
 * object is missing. Each in its own transaction: first every function of that name is dropped
 * (whatever its arguments, so a file that changes a signature leaves no stale overload behind) or
 * the view, with CASCADE: a view built on it (cuenta_cliente on parte_venta) goes too, is then
 * missing, and is applied again in the next round. Function bodies are not checked against each
 * other while they are created (as pg_dump restores them); a view that needs another view not made
 * yet waits for the next round. Rounds go on while one makes progress.
 */
async function aplicarFunciones(client: pg.Client): Promise<string[]> {
  await client.query(CREATE_FUNCIONES_BOOKKEEPING);
  const { rows } = await client.query<{ nombre: string; checksum: string }>('SELECT nombre, checksum FROM "_funciones_sql"');
  const hechas = new Map(rows.map((r) => [r.nombre, r.checksum]));
  const archivos = listFunciones();
  const existentes = async () => {
    const { rows: objetos } = await client.query<{ nombre: string }>(
      `SELECT relname AS nombre FROM pg_class WHERE relkind = 'v' AND relnamespace = 'public'::regnamespace
       UNION SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
    );
    return new Set(objetos.map((o) => o.nombre));
  };
  const aplicadas: string[] = [];
  let hay = await existentes();
  let pendientes = archivos.filter((f) => hechas.get(f.nombre) !== f.checksum || !hay.has(f.nombre));
  // Each round applies at least one file, or stops: at most as many rounds as files.
  for (let ronda = 0; pendientes.length > 0; ronda++) {
    if (ronda > archivos.length) throw new Error(`prisma/funciones: ${pendientes[0]!.nombre}.sql no crea «${pendientes[0]!.nombre}».`);
    const esperan: { nombre: string; error: Error }[] = [];
    for (const f of pendientes) {
      await client.query('BEGIN');
      try {
        await client.query('SET LOCAL check_function_bodies = off');
        const { rows: previas } = await client.query<{ firma: string }>(
          `SELECT p.oid::regprocedure::text AS firma FROM pg_proc p WHERE p.proname = $1 AND p.pronamespace = 'public'::regnamespace`,
          [f.nombre],
        );
        // CASCADE: a trigger made by the same file goes with its function and is made again below.
        for (const p of previas) await client.query(`DROP FUNCTION ${p.firma} CASCADE`);
        await client.query(`DROP VIEW IF EXISTS "${f.nombre}" CASCADE`);
        await client.query(f.sql);
        await client.query(
          `INSERT INTO "_funciones_sql" (nombre, checksum) VALUES ($1, $2)
           ON CONFLICT (nombre) DO UPDATE SET checksum = excluded.checksum, aplicada_en = now()`,
          [f.nombre, f.checksum],
        );
        await client.query('COMMIT');
        aplicadas.push(f.nombre);
      } catch (err) {
        await client.query('ROLLBACK');
        const error = new Error(`No se pudo aplicar prisma/funciones/${f.nombre}.sql: ${(err as Error).message}`, { cause: err });
        // 42P01: a relation (a view of another file) not made yet.
        if ((err as { code?: string }).code !== '42P01') throw error;
        esperan.push({ nombre: f.nombre, error });
      }
    }
    hay = await existentes();
    const siguen = archivos.filter((f) => !hay.has(f.nombre));
    if (siguen.length > 0 && esperan.length === pendientes.length) throw esperan[0]!.error;
    pendientes = siguen;
  }
  return aplicadas;
}

/** Returns the names of the migrations it applied, then of the function files it (re)applied. */
export async function migrate(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(CREATE_BOOKKEEPING);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL',
    );
    const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    for (const m of listMigrations()) {
      const previous = done.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          throw new Error(`La migración ${m.name} ya aplicada fue modificada; cree una migración nueva en su lugar.`);
        }
        continue;
      }
      // One transaction per migration: a failing migration leaves no trace.
      await client.query('BEGIN');
      try {
        const id = crypto.randomUUID();
        await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())', [
          id,
          m.checksum,
          m.name,
        ]);
        await client.query(m.sql);
        await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
    applied.push(...(await aplicarFunciones(client)));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
  return applied;
}
