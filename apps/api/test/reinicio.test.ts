// The default run (embedded PostgreSQL, no DATABASE_URL) after the API process alone dies: an
// out-of-memory kill or a `kill -9` of node leaves its PostgreSQL child running, orphaned, with the
// data directory and its port. The next start must find it, stop it, start its own, and say so in
// Spanish; nothing written before is lost. Also: a stale postmaster.pid does not block a start, a
// live run is never stopped by a second start, and a failed start says why, in Spanish.
//
// Real processes, as an operator runs them: `node --import tsx src/server.ts` (as replicas.test.ts
// does, no build needed) on a data directory of its own. Every wait is on an event: an output line,
// a process exit, an HTTP answer.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as pausa } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { puertoLibre } from './base-propia.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LISTO = 'Minimarket está listo';
const NO_PUDO = 'No se pudo iniciar el servidor';
const ARRANQUE_MS = 90_000;

/** Alive and not a zombie (an orphan's exit is reaped by init, maybe not at once). */
function vive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2)[0]!);
  } catch {
    return true;
  }
}

interface Ejecucion {
  child: ChildProcess;
  base: string;
  salida: () => string;
  /** Resolves when the output holds `texto`; fails if the process ends first. */
  esperar: (texto: string) => Promise<void>;
  /** The exit code, once the process and its output have ended. */
  fin: Promise<number | null>;
}

let dataDir: string;
let pgPort: number;
const ejecuciones: Ejecucion[] = [];

function iniciar(): Promise<Ejecucion> {
  return puertoLibre().then((port) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PG_DATA_DIR: path.join(dataDir, 'postgres'),
      PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      RESUMEN_INTERVALO_MS: '0',
      AVISO_RECOMENDACIONES_MIN: '0',
    };
    // The default run: the embedded database, the demo data.
    delete env.DATABASE_URL;
    delete env.SEED_DEMO;
    delete env.JWT_SECRET;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let salida = '';
    const oyentes = new Set<() => void>();
    const anotar = (c: Buffer) => {
      salida += c.toString();
      for (const o of oyentes) o();
    };
    child.stdout!.on('data', anotar);
    child.stderr!.on('data', anotar);
    // 'close': the process has ended and all its output has been read.
    const fin = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const esperar = (texto: string) =>
      new Promise<void>((resolve, reject) => {
        const limite = setTimeout(() => terminar(new Error(`no apareció «${texto}» en ${ARRANQUE_MS / 1000} s:\n${salida}`)), ARRANQUE_MS);
        const revisar = () => {
          if (salida.includes(texto)) terminar();
        };
        const terminar = (err?: Error) => {
          clearTimeout(limite);
          oyentes.delete(revisar);
          if (err) reject(err);
          else resolve();
        };
        oyentes.add(revisar);
        void fin.then((code) => {
          if (!salida.includes(texto)) terminar(new Error(`terminó (código ${code}) sin «${texto}»:\n${salida}`));
        });
        revisar();
      });
    const e: Ejecucion = { child, base: `http://127.0.0.1:${port}`, salida: () => salida, esperar, fin };
    ejecuciones.push(e);
    return e;
  });
}

/** The PID the data directory's postmaster.pid names, if there is one. */
function pidDelPostmaster(): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

async function detener(e: Ejecucion) {
  e.child.kill('SIGTERM');
  return e.fin;
}

async function token(e: Ejecucion, correo = 'pyme@demo.cl', password = 'Pyme1234') {
  const res = await fetch(`${e.base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: correo, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(e: Ejecucion, tk: string, ruta: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${e.base}/api${ruta}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${tk}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${ruta}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-reinicio-'));
  // Run as root, PostgreSQL runs as the `postgres` user, who must pass through this folder.
  fs.chmodSync(dataDir, 0o755);
  pgPort = await puertoLibre();
});

/** PostgreSQL servers (postmasters) running on our data directory, from /proc. */
function postmastersNuestros(): number[] {
  const dir = path.join(dataDir, 'postgres');
  return fs
    .readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const args = fs.readFileSync(`/proc/${n}/cmdline`, 'utf8').split('\0');
        return path.basename(args[0]!) === 'postgres' && args[args.indexOf('-D') + 1] === dir;
      } catch {
        return false;
      }
    })
    .map(Number);
}

afterAll(async () => {
  for (const e of ejecuciones) if (e.child.exitCode === null && e.child.signalCode === null) e.child.kill('SIGKILL');
  await Promise.all(ejecuciones.map((e) => e.fin));
  // Whatever a failed test left running on our data directory: stopped, as the start would.
  for (const pid of postmastersNuestros()) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 600 && vive(pid); i++) await pausa(50);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the default run after the API process alone dies', () => {
  it('a kill of the API alone followed by a start: the orphaned PostgreSQL is stopped, the new run starts its own and loses nothing', async () => {
    const primera = await iniciar();
    await primera.esperar(LISTO);
    const tk = await token(primera);
    const [tienda] = await api<{ id_minimarket: number }[]>(primera, tk, '/minimarkets/');
    const [p] = await api<{ id_producto: number; precio_venta_actual: number; nombre_producto: string }[]>(
      primera,
      tk,
      `/productos/?id_minimarket=${tienda!.id_minimarket}&limit=1`,
    );
    const venta = await api<{ id_venta: number; total: number }>(primera, tk, '/ventas/', {
      method: 'POST',
      body: {
        id_minimarket: tienda!.id_minimarket,
        total: p!.precio_venta_actual,
        metodo_pago: 'Tarjeta de Débito',
        detalles: [
          { id_producto: p!.id_producto, num_unidades: 1, precio_unitario: p!.precio_venta_actual, subtotal: p!.precio_venta_actual },
        ],
      },
    });

    const pgViejo = pidDelPostmaster()!;
    expect(postmastersNuestros()).toEqual([pgViejo]);

    // A second start while the first run lives: it refuses, and leaves that run's database alone.
    const segunda = await iniciar();
    expect(await segunda.fin).toBe(1);
    expect(segunda.salida()).toContain(`${NO_PUDO}: Otra ejecución de Minimarket (proceso ${primera.child.pid})`);
    expect(vive(pgViejo)).toBe(true);
    expect((await fetch(`${primera.base}/api/salud`)).status).toBe(200);

    // The API alone dies (as an out-of-memory kill would take it); its PostgreSQL lives on.
    primera.child.kill('SIGKILL');
    await primera.fin;
    expect(vive(pgViejo)).toBe(true);

    const tercera = await iniciar();
    await tercera.esperar(LISTO);
    expect(tercera.salida()).toContain(
      `Se encontró una base de datos de una ejecución anterior que terminó de forma inesperada (PID ${pgViejo}); se detuvo y se vuelve a iniciar.`,
    );
    expect(tercera.salida()).not.toContain('undefined');
    expect(vive(pgViejo)).toBe(false);
    const pgNuevo = pidDelPostmaster()!;
    expect(pgNuevo).not.toBe(pgViejo);
    // "pid (comm) state ppid …": the new postmaster is the new run's child.
    const stat = fs.readFileSync(`/proc/${pgNuevo}/stat`, 'utf8');
    expect(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]).toBe(String(tercera.child.pid));

    expect(await (await fetch(`${tercera.base}/api/salud`)).json()).toEqual({ estado: 'ok' });
    const tk2 = await token(tercera);
    expect(await api(tercera, tk2, `/ventas/${venta.id_venta}`)).toMatchObject({ id_venta: venta.id_venta, total: venta.total });

    // Its own PostgreSQL: a clean stop takes it down too.
    expect(await detener(tercera)).toBe(0);
    expect(vive(pgNuevo)).toBe(false);
    expect(pidDelPostmaster()).toBeUndefined();
    expect(postmastersNuestros()).toEqual([]);
  }, 240_000);

  it('a postmaster.pid whose process is gone, or whose number is now another program, does not block a start', async () => {
    const archivo = path.join(dataDir, 'postgres', 'postmaster.pid');
    const muerto = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => muerto.on('exit', r));
    // A dead PID, then a live process that is no PostgreSQL (this test's own).
    for (const pid of [muerto.pid!, process.pid]) {
      fs.writeFileSync(archivo, `${pid}\n${path.join(dataDir, 'postgres')}\n0\n${pgPort}\n/tmp\nlocalhost\n  0 0\nready\n`);
      const e = await iniciar();
      await e.esperar(LISTO);
      expect(e.salida()).not.toContain('Se encontró una base de datos');
      expect((await fetch(`${e.base}/api/salud`)).status).toBe(200);
      expect(await detener(e)).toBe(0);
    }
  }, 240_000);

  it('a start whose PostgreSQL port is taken says so in Spanish (never "undefined") and ends with code 1', async () => {
    // Dual-stack where there is IPv6: 127.0.0.1 and ::1 both taken.
    const ocupante = net.createServer();
    await new Promise<void>((resolve, reject) => {
      ocupante.once('error', () => {
        ocupante.once('error', reject);
        ocupante.listen(pgPort, '0.0.0.0', resolve);
      });
      ocupante.listen(pgPort, '::', resolve);
    });
    try {
      const e = await iniciar();
      expect(await e.fin).toBe(1);
      expect(e.salida()).toContain(`${NO_PUDO}: El puerto ${pgPort} de PostgreSQL (PG_PORT) ya está en uso`);
      expect(e.salida()).not.toContain('undefined');
    } finally {
      await new Promise((r) => ocupante.close(r));
    }
  }, 120_000);
});
