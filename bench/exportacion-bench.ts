// A shop's data export (issue 24): one shop with 1,000,000 sale lines (400,000 sales) downloads its
// .zip through HTTP from the real app in a child process, while the child samples its own memory.
// Printed beside two floors measured in the same run: PostgreSQL's COPY … TO STDOUT of the lines
// alone, and of the very queries the export runs (every table), each to a sink that only counts
// bytes. Prints figures; asserts nothing.
//
//   cd apps/api && npx tsx ../../bench/exportacion-bench.ts        (or: npm run bench, from the root)
//
// Knob (environment): BENCH_LINEAS (1000000).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { consultaTabla, TABLAS_EXPORTADAS } from '../apps/api/src/modules/exportacion/tablas.js';
import { detenerServidor, iniciarServidor, login, servirComoHijo } from './servidor-hijo.js';
import { tablaMarkdown } from './tabla.js';
import { baseDemo, CUENTA_DEMO as CUENTA, insertarVentas } from './datos-demo.js';

const ESTE_ARCHIVO = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const requireApi = createRequire(path.join(path.resolve(path.dirname(ESTE_ARCHIVO), '../apps/api'), 'package.json'));
const { to: copyTo } = requireApi('pg-copy-streams') as typeof import('pg-copy-streams');

const LINEAS = Number(process.env.BENCH_LINEAS ?? 1_000_000);
/** The bound: the API process's RSS may grow at most this much over its idle RSS while exporting. */
const OBJETIVO_CRECIMIENTO_MB = 100;
/** The second run's heap cap (--max-old-space-size): room for the idle app and the export's batches. */
const HEAP_ACOTADO_MB = Number(process.env.BENCH_HEAP_MB ?? 160);
/** How often the server samples its memory during an export. */
const MUESTREO_MS = 10;

const decimales = (x: number, d: number) => x.toLocaleString('es-CL', { minimumFractionDigits: d, maximumFractionDigits: d });
const mb = (bytes: number) => `${decimales(bytes / 1024 / 1024, 0)} MB`;
const mb1 = (bytes: number) => `${decimales(bytes / 1024 / 1024, 1)} MB`;
const seg = (ms: number) => `${decimales(ms / 1000, 2)} s`;

/** A sink that counts what it is given and keeps nothing. */
function contador() {
  let bytes = 0;
  const sink = new Writable({
    write(trozo: Buffer, _enc, listo) {
      bytes += trozo.length;
      listo();
    },
  });
  return { sink, bytes: () => bytes };
}

interface Memoria {
  rss: number;
  picoRss: number;
  picoHeap: number;
}

/** The server's side: the app, plus a memory sampler the parent resets and reads over IPC. */
function servidor() {
  let picoRss = 0;
  let picoHeap = 0;
  const muestrear = () => {
    const m = process.memoryUsage();
    picoRss = Math.max(picoRss, m.rss);
    picoHeap = Math.max(picoHeap, m.heapUsed);
  };
  setInterval(muestrear, MUESTREO_MS).unref();
  process.on('message', (msg: unknown) => {
    if (msg === 'memoria:reiniciar') {
      // Start from the idle process: what was collected before is not the export's.
      global.gc?.();
      picoRss = 0;
      picoHeap = 0;
      muestrear();
      process.send?.({ memoria: { rss: process.memoryUsage().rss, picoRss, picoHeap } });
    } else if (msg === 'memoria:leer') {
      muestrear();
      process.send?.({ memoria: { rss: process.memoryUsage().rss, picoRss, picoHeap } });
    }
  });
  return servirComoHijo({ LOG_LEVEL: 'silent', IMPORT_CONCURRENCY: '0' });
}

async function main() {
  const inicio = Date.now();
  const { dataDir, embedded, sql, tienda, idUsuario: id_usuario } = await baseDemo('exportacion');
  let hijo: Awaited<ReturnType<typeof iniciarServidor>> | undefined;
  try {
    let t = Date.now();
    const { ventas, productos: nProductos } = await insertarVentas(sql, tienda, id_usuario, LINEAS);
    await sql.query('VACUUM ANALYZE');
    const {
      rows: [{ lineas }],
    } = await sql.query<{ lineas: number }>('SELECT count(*)::int AS lineas FROM detalle_venta WHERE id_minimarket = $1', [tienda]);
    console.log(
      `${lineas.toLocaleString('es-CL')} líneas de venta en la tienda (${ventas.toLocaleString('es-CL')} ventas nuevas, ${nProductos} productos) en ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );

    const { rows: otras } = await sql.query<{ id_minimarket: number }>(
      'SELECT id_minimarket FROM minimarket WHERE id_usuario = $1 AND id_minimarket <> $2 LIMIT 1',
      [id_usuario, tienda],
    );
    /**
     * One export of the shop from a fresh server, its memory sampled: `execArgv` caps the heap for
     * the second run. A heap that only grows because V8 collects lazily still finishes under a cap; a
     * download that held its rows in memory would die there ("heap out of memory").
     */
    const medir = async (execArgv: string[]) => {
      // --expose-gc: the sampler starts from a collected heap.
      hijo = await iniciarServidor(ESTE_ARCHIVO, embedded.url, ['--expose-gc', ...execArgv]);
      const proceso = hijo.child;
      const memoria = (msg: string) =>
        new Promise<Memoria>((resolve) => {
          const oir = (m: unknown) => {
            if (m && typeof m === 'object' && 'memoria' in m) {
              proceso.off('message', oir);
              resolve((m as { memoria: Memoria }).memoria);
            }
          };
          proceso.on('message', oir);
          proceso.send(msg);
        });
      const { port } = hijo;
      const token = await login(port, CUENTA);
      const exportar = async (id: number) => {
        const res = await fetch(`http://127.0.0.1:${port}/api/minimarkets/${id}/exportacion`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.status !== 200 || !res.body) throw new Error(`exportación: ${res.status} ${await res.text()}`);
        const c = contador();
        await pipeline(res.body, c.sink);
        return c.bytes();
      };
      // Warm-up: the code paths loaded and compiled once, on the shop's other (small) demo shop.
      if (otras[0]) await exportar(otras[0].id_minimarket);
      const reposo = await memoria('memoria:reiniciar');
      const t0 = performance.now();
      const bytes = await exportar(tienda);
      const tiempo = performance.now() - t0;
      const pico = await memoria('memoria:leer');
      await detenerServidor(proceso);
      hijo = undefined;
      return { bytes, tiempo, reposo, pico, crecimiento: pico.picoRss - reposo.rss };
    };
    const libre = await medir([]);
    const acotada = await medir([`--max-old-space-size=${HEAP_ACOTADO_MB}`]);

    // Floors, on the same data: COPY of the lines alone, then of every query the export runs.
    await sql.query(`SET TimeZone = 'America/Santiago'`);
    const copiar = async (consulta: string) => {
      const c = contador();
      await pipeline(sql.query(copyTo(`COPY (${consulta}) TO STDOUT WITH (FORMAT csv, HEADER)`)), c.sink);
      return c.bytes();
    };
    t = performance.now();
    const bytesLineas = await copiar(`SELECT * FROM detalle_venta WHERE id_minimarket = ${tienda} ORDER BY id_detalle_venta`);
    const tiempoLineas = performance.now() - t;
    t = performance.now();
    let bytesTodo = 0;
    for (const tabla of TABLAS_EXPORTADAS) {
      // The export's own SELECT, its one parameter (the shop) written in: COPY takes no parameters.
      const consulta = consultaTabla(tabla, tienda);
      bytesTodo += await copiar(consulta.text.replace('$1', String(tienda)));
    }
    const tiempoTodo = performance.now() - t;

    const fila = (nombre: string, m: Awaited<ReturnType<typeof medir>>) => [
      nombre,
      seg(m.tiempo),
      mb1(m.bytes),
      `${mb(m.reposo.rss)} → ${mb(m.pico.picoRss)} (+${mb(m.crecimiento)})`,
      `${mb(m.reposo.picoHeap)} → ${mb(m.pico.picoHeap)}`,
    ];
    const filas = [
      fila(`exportación por HTTP (.zip de ${TABLAS_EXPORTADAS.length} CSV)`, libre),
      fila(`la misma, con el heap de la API limitado a ${HEAP_ACOTADO_MB} MB`, acotada),
      ['piso: COPY … TO STDOUT de las líneas (CSV sin comprimir)', seg(tiempoLineas), mb1(bytesLineas), '—', '—'],
      ['piso: COPY … TO STDOUT de las mismas consultas (todas las tablas)', seg(tiempoTodo), mb1(bytesTodo), '—', '—'],
    ];
    console.log(
      `\nUna tienda con ${lineas.toLocaleString('es-CL')} líneas de venta; memoria del proceso de la API, muestreada cada ${MUESTREO_MS} ms:`,
    );
    console.log(tablaMarkdown(['qué', 'tiempo', 'bytes', 'RSS reposo → pico', 'heap reposo → pico'], filas));
    console.log(
      `\nExportación ${decimales(libre.tiempo / tiempoTodo, 1)}× el piso de las mismas consultas. Crecimiento del RSS con el heap limitado: ${mb(acotada.crecimiento)}, ${
        acotada.crecimiento < OBJETIVO_CRECIMIENTO_MB * 1024 * 1024 ? 'dentro' : 'FUERA'
      } del límite de ${OBJETIVO_CRECIMIENTO_MB} MB. Máquina: ${os.cpus().length} CPU, Node ${process.version}, carga ${os.loadavg()[0]!.toFixed(2)}.`,
    );
  } finally {
    if (hijo) await detenerServidor(hijo.child);
    await sql.end().catch(() => {});
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Total del benchmark: ${((Date.now() - inicio) / 1000).toFixed(0)} s.`);
}

void (process.env.BENCH_ROLE === 'server' ? servidor() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
