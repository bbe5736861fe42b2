// PostgreSQL restarted under load (issue 24), as a managed database's failover does it: the server
// stopped (fast shutdown: every session ended with admin_shutdown) and started again while the app
// runs, on an embedded PostgreSQL of this file's own (never the shared test server). The app is
// built once and never rebuilt:
// - a burst of sales across the restart: every answer is the sale (201) or a Spanish 503, never a
//   500; each refused sale retried with its Idempotency-Key makes exactly one sale; stock and the
//   ledger agree with the lines;
// - an import cut by the restart: it ends 'Completado' with every row or 'Error' with nothing of it
//   written, never half; the queue then takes the next upload;
// - a support stream open across the restart: the LISTEN connection comes back by itself.
// Every wait is on an event or a state: a sale answered, the server stopped or started, the
// upload's progress or final state read back.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ArchivoCarga } from '@minimarket/contracts/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/client.js';
import { MENSAJE_BASE_NO_DISPONIBLE } from '../src/db/conexion-perdida.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed/seed.js';
import { multipart } from './cargas-helpers.js';
import { puertoLibre } from './base-propia.js';
import { buildTestApp, DEMO, nuevoProducto, tokenDe } from './helpers.js';
import { escuchar } from './sse.js';

let raiz: string;
let dataDir: string;
let port: number;
let servidor: EmbeddedDatabase | undefined;
let db: Db;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let headers: Record<string, string>;
let token: string;
let tienda: number;
let idUsuario: number;

const iniciarPostgres = async () => {
  servidor = await startEmbeddedPostgres({ dataDir, port, avisar: () => {} });
  return servidor;
};
const detenerPostgres = async () => {
  await servidor?.stop();
  servidor = undefined;
};

const request = (opts: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) =>
  app.inject({ method: opts.method as 'GET', url: opts.url, payload: opts.payload as string, headers: { ...headers, ...opts.headers } });

/** A refusal for the database being away: exactly the documented shape, nothing else. */
function esperarNoDisponible(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(JSON.parse(res.body)).toEqual({ detail: MENSAJE_BASE_NO_DISPONIBLE, code: 'DATABASE_UNAVAILABLE' });
}

beforeAll(async () => {
  raiz = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-reinicio-pg-'));
  // Run as root, PostgreSQL runs as the `postgres` user, who must pass through this folder.
  fs.chmodSync(raiz, 0o755);
  dataDir = path.join(raiz, 'postgres');
  port = await puertoLibre();
  const { url } = await iniciarPostgres();
  await migrate(url);
  const semilla = createDb(url, 2);
  await seedDemo(semilla, { dias: 3 });
  await semilla.$disconnect();

  db = createDb(url, 10);
  // Progress written often (the import test waits on it) and a short lease (a job whose replica
  // could not even hand it back is taken again soon).
  app = await buildTestApp(url, db, { IMPORT_PROGRESS_MS: '50', IMPORT_POLL_MS: '100', IMPORT_LEASE_SECONDS: '5' });
  token = await tokenDe(app, DEMO.pyme);
  headers = { authorization: `Bearer ${token}` };
  const m = await db.minimarket.findFirstOrThrow({ where: { usuario: { correo: DEMO.pyme.correo } } });
  tienda = m.id_minimarket;
  idUsuario = m.id_usuario;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await db?.$disconnect();
  await detenerPostgres();
  fs.rmSync(raiz, { recursive: true, force: true });
}, 60_000);

/** Restarts PostgreSQL: a fast stop (as a failover ends every session), then a start on the same data. */
async function reiniciarPostgres() {
  await detenerPostgres();
  await iniciarPostgres();
}

describe('PostgreSQL restarted under load', () => {
  it('a burst of sales across a restart: 201 or a Spanish 503, each key retried makes one sale, stock and ledger agree', async () => {
    const STOCK = 1000;
    const p = await nuevoProducto({ request }, tienda, { stock: STOCK, precio_venta: 1000 });
    const VENTAS = 40;
    const CAJAS = 8;
    const claves = Array.from({ length: VENTAS }, (_, i) => `reinicio-${i}-${crypto.randomUUID()}`);
    const venta = (clave: string) =>
      request({
        method: 'POST',
        url: '/api/ventas/',
        headers: { 'idempotency-key': clave },
        payload: {
          id_minimarket: tienda,
          total: 1000,
          metodo_pago: 'Efectivo',
          detalles: [{ id_producto: p.id_producto, num_unidades: 1, precio_unitario: 1000, subtotal: 1000 }],
        },
      });

    // Three phases, each started by an event, never by time: the first half of the sales is a burst
    // across the stop (PostgreSQL goes once a quarter of them are answered, with sales in flight);
    // the next quarter is sent while it is stopped; the last quarter after it is back.
    const respuestas = new Map<string, { statusCode: number; body: string }>();
    const senal = () => {
      let abrir!: () => void;
      const p = new Promise<void>((r) => (abrir = r));
      return { p, abrir };
    };
    const cuarto = senal();
    const parado = senal();
    const paradoContestado = senal();
    const arrancado = senal();
    const DURANTE_PARADA = [VENTAS / 2, (3 * VENTAS) / 4] as const;
    let siguiente = 0;
    const caja = async () => {
      while (siguiente < VENTAS) {
        const i = siguiente++;
        if (i >= DURANTE_PARADA[1]) await arrancado.p;
        else if (i >= DURANTE_PARADA[0]) await parado.p;
        const res = await venta(claves[i]!);
        respuestas.set(claves[i]!, res);
        if (respuestas.size === VENTAS / 4) cuarto.abrir();
        const duranteParada = claves.slice(...DURANTE_PARADA);
        if (duranteParada.every((c) => respuestas.has(c))) paradoContestado.abrir();
      }
    };
    const cajas = Promise.all(Array.from({ length: CAJAS }, caja));
    await cuarto.p;
    await detenerPostgres();
    parado.abrir();
    await paradoContestado.p;
    await iniciarPostgres();
    arrancado.abrir();
    await cajas;

    // Every answer: the sale, or the database away, in Spanish. Never a 500, a stack or English.
    const fallidas: string[] = [];
    for (const [clave, res] of respuestas) {
      if (res.statusCode === 201) continue;
      esperarNoDisponible(res);
      fallidas.push(clave);
    }
    expect(respuestas.size).toBe(VENTAS);
    // While it was stopped: all refused. Once back: all sold, by the same app (its pool reconnected).
    for (const c of claves.slice(...DURANTE_PARADA)) expect(respuestas.get(c)!.statusCode).toBe(503);
    for (const c of claves.slice(DURANTE_PARADA[1])) expect(respuestas.get(c)!.statusCode, respuestas.get(c)!.body).toBe(201);

    // The app serves again by itself: the same app, the same pool.
    expect((await app.inject({ method: 'GET', url: '/api/salud' })).statusCode).toBe(200);

    // Each refused sale sent again with its key until it is answered with the sale. A 503 that came
    // after the sale committed (its answer lost with the connection) gets that sale back, not a second.
    for (const clave of fallidas) {
      let res = await venta(clave);
      for (let intento = 1; res.statusCode === 503 && intento < 10; intento++) res = await venta(clave);
      expect(res.statusCode, res.body).toBe(201);
    }
    // And a retry of a sale answered at once is that same sale.
    const primera = claves[0]!;
    const otra = await venta(primera);
    expect(otra.statusCode).toBe(201);
    expect(otra.json().id_venta).toBe(JSON.parse(respuestas.get(primera)!.body).id_venta);

    // Exactly one sale per key, each whole: its line, its ledger row, the stock taken once.
    const porClave = await db.$queryRaw<{ idempotency_key: string; ventas: number; lineas: number; movimientos: number }[]>`
      SELECT v.idempotency_key, count(DISTINCT v.id_venta)::int AS ventas,
             (SELECT count(*)::int FROM detalle_venta d WHERE d.id_venta = ANY(array_agg(v.id_venta))) AS lineas,
             (SELECT count(*)::int FROM movimiento_stock m WHERE m.id_venta = ANY(array_agg(v.id_venta)) AND m.tipo = 'venta') AS movimientos
      FROM venta v WHERE v.id_minimarket = ${tienda} AND v.idempotency_key = ANY(${claves})
      GROUP BY v.idempotency_key`;
    expect(porClave).toHaveLength(VENTAS);
    for (const f of porClave) expect(f, f.idempotency_key).toMatchObject({ ventas: 1, lineas: 1, movimientos: 1 });
    const producto = await db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } });
    expect(producto.stock).toBe(STOCK - VENTAS);
    const [libro] = await db.$queryRaw<{ lineas: number; unidades: number; movimientos: number; salida: number }[]>`
      SELECT (SELECT count(*)::int FROM detalle_venta WHERE id_producto = ${p.id_producto}) AS lineas,
             (SELECT coalesce(sum(num_unidades), 0)::int FROM detalle_venta WHERE id_producto = ${p.id_producto}) AS unidades,
             (SELECT count(*)::int FROM movimiento_stock WHERE id_producto = ${p.id_producto} AND tipo = 'venta') AS movimientos,
             (SELECT coalesce(-sum(cantidad), 0)::int FROM movimiento_stock WHERE id_producto = ${p.id_producto} AND tipo = 'venta') AS salida`;
    expect(libro).toEqual({ lineas: VENTAS, unidades: VENTAS, movimientos: VENTAS, salida: VENTAS });
  }, 180_000);

  it('an import cut by a restart ends whole or in a Spanish error with nothing written, and the queue takes the next upload', async () => {
    const FILAS = 60_000;
    const prefijo = `RPG${crypto.randomBytes(3).toString('hex')}`;
    const archivo = (desde: number, filas: number, pre = prefijo) =>
      [
        'nombre_producto,categoria,precio_venta,stock,codigo_barra,precio_compra',
        ...Array.from(
          { length: filas },
          (_, i) => `Producto reinicio ${pre} ${desde + i},Abarrotes,1990,${i % 50},${pre}-${desde + i},1200`,
        ),
      ].join('\n');
    const contar = async (pre: string) =>
      (
        await db.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM producto WHERE id_minimarket = ${tienda} AND codigo_barra LIKE ${`${pre}-%`}`
      )[0]!.n;
    const subir = async (nombre: string, contenido: string) => {
      const { payload, headers: h } = multipart(nombre, contenido);
      const res = await request({
        method: 'POST',
        url: `/api/upload/files/?id_minimarket=${tienda}&id_usuario=${idUsuario}&upload_type=productos`,
        payload,
        headers: h,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as ArchivoCarga).id_archivo;
    };
    /** The upload as the history shows it; undefined while the database is away (503). */
    const leer = async (idArchivo: number) => {
      const res = await request({ method: 'GET', url: `/api/upload/history/${tienda}` });
      if (res.statusCode === 503) return undefined;
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ArchivoCarga[]).find((c) => c.id_archivo === idArchivo);
    };
    /** Polls the history (as the page does) until `listo` holds; a 503 meanwhile is the restart. */
    const esperar = async (idArchivo: number, listo: (c: ArchivoCarga) => boolean, timeoutMs = 120_000) => {
      const hasta = Date.now() + timeoutMs;
      for (;;) {
        const c = await leer(idArchivo);
        if (c && listo(c)) return c;
        if (Date.now() > hasta) throw new Error(`la carga ${idArchivo} no llegó al estado esperado: ${JSON.stringify(c)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    const antes = await contar(prefijo);
    expect(antes).toBe(0);
    const id = await subir('productos-reinicio.csv', archivo(0, FILAS));
    // The import is under way (it has read rows into its staging table): now PostgreSQL goes.
    await esperar(id, (c) => c.estado_procesamiento !== 'En revisión' || (c.avance?.filas_leidas ?? 0) > 0);
    const enCurso = await leer(id);
    expect(enCurso?.estado_procesamiento, 'the import ended before the restart: make the file bigger').toBe('En revisión');
    await reiniciarPostgres();

    const fin = await esperar(id, (c) => c.estado_procesamiento !== 'En revisión');
    const detalle = JSON.parse(fin.detalle_resultado ?? 'null') as { productos_cargados: number; message: string };
    const cargados = await contar(prefijo);
    if (fin.estado_procesamiento === 'Completado') {
      expect(detalle.productos_cargados).toBe(FILAS);
      expect(cargados).toBe(FILAS);
    } else {
      expect(fin.estado_procesamiento).toBe('Error');
      expect(detalle.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*[.]$/);
      expect(detalle.message).not.toMatch(/undefined|Error:|Connection|terminat/i);
      expect(cargados).toBe(0);
    }
    // The job is gone from the queue either way: nothing left leased or waiting for this upload.
    expect(await db.trabajoCarga.count({ where: { id_minimarket: tienda } })).toBe(0);

    // The queue works on: a new upload is taken and completes.
    const otro = `${prefijo}B`;
    const id2 = await subir('productos-despues.csv', archivo(0, 50, otro));
    const fin2 = await esperar(id2, (c) => c.estado_procesamiento !== 'En revisión');
    expect(fin2.estado_procesamiento).toBe('Completado');
    expect(await contar(otro)).toBe(50);
    expect((await app.inject({ method: 'GET', url: '/api/salud' })).statusCode).toBe(200);
  }, 300_000);

  it('a support stream open across the restart is told to refetch and hears new messages: the LISTEN connection came back by itself', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    const oye = await escuchar(base, token);
    try {
      await reiniciarPostgres();
      // The listener reconnects on its own (every second while it cannot) and says so to the streams.
      await oye.esperar((e) => e.tipo === 'refrescar', 30_000);
      const res = await request({
        method: 'POST',
        url: '/api/soporte/conversaciones',
        payload: { asunto: 'Después del reinicio', mensaje: 'Hola' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id_conversacion as number;
      await oye.esperar((e) => e.tipo === 'mensaje' && e.id_conversacion === id, 10_000);
    } finally {
      oye.cerrar();
    }
  }, 120_000);
});
