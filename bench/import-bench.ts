// Import benchmark (issue #4): uploads through HTTP to the real app and times each file
// from the start of the upload to its final state, beside PostgreSQL's own COPY of the
// same rows into a plain table (the floor the issue names) and, for products, COPY of the
// same rows, already valid, into `producto` itself with its indexes and constraints (what
// storing them costs at least, whatever the import does). Prints figures; asserts nothing.
//
//   cd apps/api && npx tsx ../../bench/import-bench.ts        (or: npm run bench, from the root)
//
// Files (generated into a temp dir): 100,000 products as a Chilean-Excel CSV and as an
// .xlsx, 300,000 sale lines (100,000 sales of 3 lines) as CSV, and 1,000,000 products as
// CSV for the memory figure. The app runs in a child process (this file, BENCH_ROLE=server)
// so its peak RSS is its own. Knobs: BENCH_IMPORT_SCALE (1 = the sizes above).
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../apps/api/src/app.js';
import { createDb } from '../apps/api/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { CATEGORIAS } from '../apps/api/src/db/seed/catalogo.js';
import { makeEan13 } from '../packages/contracts/src/codigo-barra.js';
import { COLUMNAS_PRODUCTOS, COLUMNAS_VENTAS } from '../packages/contracts/src/uploads.js';
import { mulberry32 } from '../apps/api/src/db/seed/azar.js';
import { seedDemo } from '../apps/api/src/db/seed/seed.js';
import { leerCategoria } from '../apps/api/src/imports/valores.js';
import { readEnv } from '../apps/api/src/env.js';
import { detenerServidor, iniciarServidor, login, puertoLibre } from './servidor-hijo.js';
import { TIPOS_PG } from '../apps/api/src/db/ids.js';

/** This file, to fork it as the server (argv[1] works whether tsx loads it as ESM or CommonJS). */
const ESTE_ARCHIVO = path.resolve(process.argv[1]!);
const ESCALA = Number(process.env.BENCH_IMPORT_SCALE ?? 1);
const N_PRODUCTOS = Math.round(100_000 * ESCALA);
const N_LINEAS_VENTA = Math.round(300_000 * ESCALA);
const LINEAS_POR_VENTA = 3;
const N_GRANDE = Math.round(1_000_000 * ESCALA);
/** The files here are bigger than the product's 20 MB default. */
const MAX_UPLOAD_MB = 512;
const CUENTA = { correo: 'pyme@demo.cl', password: 'Pyme1234' };
const NOMBRE_TIENDA = 'Minimarket Don Pepe';
const MUESTREO_RSS_MS = 20;
const INTERVALO_GC_MS = 1000;

// No top-level await: bench/ has no package.json, so tsx may load this file as CommonJS.
void (process.env.BENCH_ROLE === 'server' ? runServer() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});

// ---------------------------------------------------------------------------
// Server role: the real app as npm start builds it, on a port chosen by the OS.
// ---------------------------------------------------------------------------

async function runServer() {
  const databaseUrl = process.env.DATABASE_URL!;
  const env = readEnv({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    MAX_UPLOAD_MB: String(MAX_UPLOAD_MB),
  });
  const db = createDb(databaseUrl);
  const app = await buildApp({ env, db, jwtSecret: crypto.randomBytes(32).toString('hex'), serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // JS memory (V8 heap + buffers outside it), sampled here: RSS alone also counts what V8 keeps reserved.
  const memoriaJs = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  let picoJs = memoriaJs();
  setInterval(() => {
    picoJs = Math.max(picoJs, memoriaJs());
  }, MUESTREO_RSS_MS).unref();
  // What is really alive: V8 lets garbage pile up between full collections, so heapUsed
  // alone says little. A full GC every second (started with --expose-gc) costs a few percent.
  const gc = (globalThis as { gc?: () => void }).gc;
  let picoVivo = 0;
  const medirVivo = () => {
    gc?.();
    picoVivo = Math.max(picoVivo, memoriaJs());
  };
  if (gc) setInterval(medirVivo, INTERVALO_GC_MS).unref();
  process.on('message', async (msg) => {
    if (msg === 'reiniciar-pico') {
      picoJs = memoriaJs();
      picoVivo = 0;
      medirVivo();
      process.send?.({ picoJs, picoVivo });
    } else if (msg === 'pico') {
      medirVivo();
      process.send?.({ picoJs: Math.max(picoJs, memoriaJs()), picoVivo });
    } else if (msg === 'stop') {
      await app.close();
      await db.$disconnect();
      process.exit(0);
    }
  });
  process.send?.({ port: (app.server.address() as net.AddressInfo).port });
}

/** Asks the server for its JS memory figures (MB): peak sampled, and peak alive after a full GC. */
function pedirPicoJs(child: ChildProcess, mensaje: 'reiniciar-pico' | 'pico'): Promise<{ js: number; vivo: number }> {
  return new Promise((resolve) => {
    const alResponder = (m: unknown) => {
      const r = m as { picoJs?: number; picoVivo?: number };
      if (r.picoJs === undefined) return;
      child.off('message', alResponder);
      resolve({ js: r.picoJs / 1024 / 1024, vivo: (r.picoVivo ?? NaN) / 1024 / 1024 });
    };
    child.on('message', alResponder);
    child.send(mensaje);
  });
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

const NOMBRES = [
  'Galletas',
  'Jugo',
  'Fideos',
  'Arroz',
  'Té',
  'Café',
  'Yogur',
  'Queso',
  'Jamón',
  'Detergente',
  'Cloro',
  'Cerveza',
  'Vino',
  'Pan',
  'Alfajor',
  'Chocolate',
  'Salsa',
  'Atún',
  'Porotos',
  'Harina',
];
const MARCAS = [
  'Costa',
  'McKay',
  'Carozzi',
  'Tucapel',
  'Supremo',
  'Nescafé',
  'Soprole',
  'Colún',
  'San Jorge',
  'Omo',
  'Clorinda',
  'Cristal',
  'Santa Rita',
  'Ideal',
  'Savory',
  'Lucchetti',
  '',
];
const METODOS = ['Efectivo', 'Débito', 'Tarjeta de Crédito', 'transferencia'];
const pesosChile = (n: number) => `$${n.toLocaleString('es-CL')}`;
/** Whole pesos from '$1.990' (the bench writes only well-formed prices). */
const pesos = (texto: string) => Number(texto.replace(/\D/g, ''));

/** Barcodes of one generated file: a prefix per file so files never collide. */
const codigoBench = (prefijo: string, i: number) => makeEan13(`${prefijo}${String(i).padStart(12 - prefijo.length, '0')}`);

function filaProducto(azar: () => number, prefijo: string, i: number): string[] {
  const precio = 190 + Math.floor(azar() * 200) * 100;
  const categoria = CATEGORIAS[Math.floor(azar() * CATEGORIAS.length)]!;
  return [
    `${NOMBRES[i % NOMBRES.length]} ${MARCAS[i % MARCAS.length] || 'Granel'} ${i}`,
    // Some written as people do: lower case, no accents.
    azar() < 0.2
      ? categoria
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
      : categoria,
    pesosChile(precio),
    String(Math.floor(azar() * 200)),
    codigoBench(prefijo, i),
    pesosChile(Math.floor(precio * 0.7)),
    azar() < 0.3 ? 'Producto de prueba de carga masiva; precio en pesos.' : '',
    MARCAS[i % MARCAS.length]!,
  ];
}

const celdaCsv = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A CSV as a Chilean Excel saves it (BOM, ';', CRLF), written in chunks. */
async function escribirCsv(ruta: string, encabezado: readonly string[], n: number, fila: (i: number) => string[]) {
  const salida = fs.createWriteStream(ruta);
  async function* lineas() {
    yield `\uFEFF${encabezado.join(';')}\r\n`;
    let bloque = '';
    for (let i = 0; i < n; i++) {
      bloque += `${fila(i).map(celdaCsv).join(';')}\r\n`;
      if (bloque.length > 1 << 20) {
        yield bloque;
        bloque = '';
      }
    }
    if (bloque) yield bloque;
  }
  await pipeline(lineas(), salida);
}

async function escribirXlsx(ruta: string, encabezado: readonly string[], n: number, fila: (i: number) => string[]) {
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: ruta, useSharedStrings: true, useStyles: true });
  const hoja = libro.addWorksheet('Datos');
  hoja.addRow([...encabezado]).commit();
  for (let i = 0; i < n; i++) {
    const f = fila(i);
    // As a spreadsheet keeps them: prices, stock and barcodes as numbers.
    hoja.addRow([f[0], f[1], pesos(f[2]!), Number(f[3]), Number(f[4]), pesos(f[5]!), f[6] || null, f[7] || null]).commit();
  }
  hoja.commit();
  await libro.commit();
}

/**
 * The same product rows as the import stores them (canonical category, whole pesos), in
 * COPY's text format for `producto`: the input of the real-table floor.
 */
async function escribirCopyProducto(ruta: string, idMinimarket: number, n: number, fila: (i: number) => string[]) {
  const campo = (v: string) => (v === '' ? '\\N' : v);
  async function* lineas() {
    let bloque = '';
    for (let i = 0; i < n; i++) {
      const [nombre, categoria, precio, stock, codigo, compra, descripcion, marca] = fila(i) as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const canonica = leerCategoria(categoria);
      if (!canonica.ok) throw new Error(canonica.mensaje);
      bloque += `${[String(idMinimarket), codigo, nombre, canonica.valor, String(pesos(precio)), String(pesos(compra)), stock, campo(descripcion), campo(marca), 'activo'].join('\t')}\n`;
      if (bloque.length > 1 << 20) {
        yield bloque;
        bloque = '';
      }
    }
    if (bloque) yield bloque;
  }
  await pipeline(lineas(), fs.createWriteStream(ruta));
}

function fechaAtras(azar: () => number, ahora: number): string {
  // 1 to 60 days back; written as wall time, read by the app as Santiago time.
  const d = new Date(ahora - (1 + azar() * 59) * 86_400_000);
  const dos = (x: number) => String(x).padStart(2, '0');
  return `${d.getUTCFullYear()}-${dos(d.getUTCMonth() + 1)}-${dos(d.getUTCDate())} ${dos(d.getUTCHours())}:${dos(d.getUTCMinutes())}:${dos(d.getUTCSeconds())}`;
}

// ---------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------

function rssKb(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const valor = (clave: string) => Number(new RegExp(`${clave}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: valor('VmRSS'), hwm: valor('VmHWM') };
}

/** Resets the kernel's peak-RSS mark of a process (Linux; needs to own it). */
function reiniciarPico(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed: the sampled maximum still stands.
  }
}

interface Medicion {
  nombre: string;
  filas: number;
  mb: number;
  subidaS: number;
  totalS: number;
  rssAntesMb: number;
  rssPicoMb: number;
  jsAntesMb: number;
  jsPicoMb: number;
  jsVivoPicoMb: number;
  estado: string;
  detalle: Record<string, unknown>;
}

async function importar(
  server: { child: ChildProcess; port: number },
  token: string,
  idMinimarket: number,
  idUsuario: number,
  tipo: 'productos' | 'ventas',
  ruta: string,
  nombre: string,
): Promise<Medicion> {
  const pid = server.child.pid!;
  const antes = rssKb(pid).rss;
  reiniciarPico(pid);
  const jsAntesMb = (await pedirPicoJs(server.child, 'reiniciar-pico')).vivo;
  let pico = antes;
  const muestreo = setInterval(() => {
    pico = Math.max(pico, rssKb(pid).rss);
  }, MUESTREO_RSS_MS);
  const base = `http://127.0.0.1:${server.port}/api`;
  const headers = { authorization: `Bearer ${token}` };
  try {
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(ruta), path.basename(ruta));
    const res = await fetch(`${base}/upload/files/?id_minimarket=${idMinimarket}&id_usuario=${idUsuario}&upload_type=${tipo}`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (res.status !== 201) throw new Error(`subida ${nombre}: ${res.status} ${await res.text()}`);
    const subidaS = (performance.now() - t0) / 1000;
    const { id_archivo } = (await res.json()) as { id_archivo: number };
    for (;;) {
      const h = (await (await fetch(`${base}/upload/history/${idMinimarket}`, { headers })).json()) as Array<{
        id_archivo: number;
        estado_procesamiento: string;
        detalle_resultado: string | null;
      }>;
      const carga = h.find((c) => c.id_archivo === id_archivo)!;
      if (carga.estado_procesamiento !== 'En revisión') {
        const totalS = (performance.now() - t0) / 1000;
        const detalle = JSON.parse(carga.detalle_resultado ?? '{}') as Record<string, unknown>;
        pico = Math.max(pico, rssKb(pid).hwm, rssKb(pid).rss);
        const js = await pedirPicoJs(server.child, 'pico');
        return {
          jsAntesMb,
          jsPicoMb: js.js,
          jsVivoPicoMb: js.vivo,
          nombre,
          filas: Number(detalle.total_filas ?? 0),
          mb: fs.statSync(ruta).size / 1024 / 1024,
          subidaS,
          totalS,
          rssAntesMb: antes / 1024,
          rssPicoMb: pico / 1024,
          estado: carga.estado_procesamiento,
          detalle,
        };
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    clearInterval(muestreo);
  }
}

/** The floor: PostgreSQL's COPY of the same CSV into a plain table of text columns, no indexes. */
async function pisoCopy(databaseUrl: string, rutaCsv: string, columnas: readonly string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, types: TIPOS_PG });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS piso_copy');
    await client.query(`CREATE TABLE piso_copy (${columnas.map((c) => `${c} text`).join(', ')})`);
    const t0 = performance.now();
    const copy = client.query(copyFrom(`COPY piso_copy FROM STDIN WITH (FORMAT csv, HEADER true, DELIMITER ';')`));
    await pipeline(fs.createReadStream(rutaCsv), copy);
    const s = (performance.now() - t0) / 1000;
    await client.query('DROP TABLE piso_copy');
    return s;
  } finally {
    await client.end();
  }
}

/**
 * The real-table floor: COPY of the same rows, already valid, into `producto` (its unique
 * and search indexes, foreign key, checks and generated search column), in a transaction
 * that is rolled back. Run before the import of those rows, so the table is the same size.
 */
async function pisoProducto(databaseUrl: string, rutaCopy: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, types: TIPOS_PG });
  await client.connect();
  try {
    await client.query('BEGIN');
    const t0 = performance.now();
    const copy = client.query(
      copyFrom(
        'COPY producto (id_minimarket, codigo_barra, nombre_producto, categoria, precio_venta_actual, precio_compra_actual, stock, descripcion, marca, estado) FROM STDIN',
      ),
    );
    await pipeline(fs.createReadStream(rutaCopy), copy);
    const s = (performance.now() - t0) / 1000;
    await client.query('ROLLBACK');
    return s;
  } finally {
    await client.end();
  }
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const miles = (x: number) => Math.round(x).toLocaleString('es-CL');

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function main() {
  const inicio = Date.now();
  const cargaInicial = os.loadavg()[0]!;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-import-bench-'));
  // Its own temp dir: embedded-postgres hands it to the postgres OS user.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-import-bench-pg-'));
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let server: { child: ChildProcess; port: number } | undefined;
  try {
    embedded = await startEmbeddedPostgres({ dataDir, port: await puertoLibre(), database: 'minimarket_import_bench' });
    await migrate(embedded.url);
    const seedDb = createDb(embedded.url, 2);
    await seedDemo(seedDb);
    await seedDb.$disconnect();
    console.log(`PostgreSQL embebido, migrado y con datos de demostración en ${((Date.now() - inicio) / 1000).toFixed(1)} s`);

    // --- files ---------------------------------------------------------------
    const admin = new pg.Client({ connectionString: embedded.url, types: TIPOS_PG });
    await admin.connect();
    const { rows } = await admin.query<{ id_minimarket: number; id_usuario: number }>(
      'SELECT id_minimarket, id_usuario FROM minimarket WHERE nombre_minimarket = $1',
      [NOMBRE_TIENDA],
    );
    const { id_minimarket: idMinimarket, id_usuario: idUsuario } = rows[0]!;

    let t = Date.now();
    const azar = mulberry32(0x1a9_0c5);
    const ahora = Date.now();
    const archivos = {
      productosCsv: path.join(tmp, 'productos_100k.csv'),
      productosXlsx: path.join(tmp, 'productos_100k.xlsx'),
      productosXlsxGemelo: path.join(tmp, 'productos_100k_xlsx_gemelo.csv'),
      productosCsvTipado: path.join(tmp, 'productos_100k.copy'),
      productosXlsxTipado: path.join(tmp, 'productos_100k_xlsx.copy'),
      ventasCsv: path.join(tmp, 'ventas_300k.csv'),
      grandeCsv: path.join(tmp, 'productos_1M.csv'),
    };
    // Kept in memory (a few tens of MB) to write the same rows twice: as the file and typed for producto.
    const filasCsv = Array.from({ length: N_PRODUCTOS }, (_, i) => filaProducto(azar, '78091', i));
    await escribirCsv(archivos.productosCsv, COLUMNAS_PRODUCTOS, N_PRODUCTOS, (i) => filasCsv[i]!);
    await escribirCopyProducto(archivos.productosCsvTipado, idMinimarket, N_PRODUCTOS, (i) => filasCsv[i]!);
    filasCsv.length = 0;
    const filaXlsx = (i: number) => filaProducto(mulberry32(i + 7), '78092', i);
    await escribirXlsx(archivos.productosXlsx, COLUMNAS_PRODUCTOS, N_PRODUCTOS, filaXlsx);
    await escribirCsv(archivos.productosXlsxGemelo, COLUMNAS_PRODUCTOS, N_PRODUCTOS, filaXlsx);
    await escribirCopyProducto(archivos.productosXlsxTipado, idMinimarket, N_PRODUCTOS, filaXlsx);
    const nVentas = Math.floor(N_LINEAS_VENTA / LINEAS_POR_VENTA);
    const fechas: string[] = Array.from({ length: nVentas }, () => fechaAtras(azar, ahora));
    const metodos = Array.from({ length: nVentas }, () => METODOS[Math.floor(azar() * METODOS.length)]!);
    await escribirCsv(archivos.ventasCsv, COLUMNAS_VENTAS, nVentas * LINEAS_POR_VENTA, (i) => {
      const v = Math.floor(i / LINEAS_POR_VENTA);
      return [
        `B-${String(v + 1).padStart(7, '0')}`,
        fechas[v]!,
        metodos[v]!,
        codigoBench('78091', Math.floor(azar() * N_PRODUCTOS)),
        String(1 + Math.floor(azar() * 4)),
      ];
    });
    await escribirCsv(archivos.grandeCsv, COLUMNAS_PRODUCTOS, N_GRANDE, (i) => filaProducto(azar, '7809', i));
    console.log(`Archivos generados en ${((Date.now() - t) / 1000).toFixed(1)} s en ${tmp}`);

    server = await iniciarServidor(ESTE_ARCHIVO, embedded.url, ['--expose-gc']);
    // Tokens are signed with a per-process secret: one per server process.
    let token = await login(server.port, CUENTA);
    const rssInicial = rssKb(server.child.pid!).rss / 1024;

    // --- imports, each beside its COPY floor -----------------------------------
    const casos: Array<{
      tipo: 'productos' | 'ventas';
      ruta: string;
      nombre: string;
      piso?: { csv: string; columnas: readonly string[] };
      pisoProducto?: string;
    }> = [
      {
        tipo: 'productos',
        ruta: archivos.productosCsv,
        nombre: `${miles(N_PRODUCTOS)} productos (CSV Excel Chile)`,
        piso: { csv: archivos.productosCsv, columnas: COLUMNAS_PRODUCTOS },
        pisoProducto: archivos.productosCsvTipado,
      },
      {
        tipo: 'productos',
        ruta: archivos.productosXlsx,
        nombre: `${miles(N_PRODUCTOS)} productos (XLSX)`,
        piso: { csv: archivos.productosXlsxGemelo, columnas: COLUMNAS_PRODUCTOS },
        pisoProducto: archivos.productosXlsxTipado,
      },
      {
        tipo: 'ventas',
        ruta: archivos.ventasCsv,
        nombre: `${miles(nVentas * LINEAS_POR_VENTA)} líneas de venta (CSV, ${miles(nVentas)} ventas)`,
        piso: { csv: archivos.ventasCsv, columnas: COLUMNAS_VENTAS },
      },
      { tipo: 'ventas', ruta: archivos.ventasCsv, nombre: 'el mismo archivo de ventas otra vez (no cambia nada)' },
      {
        tipo: 'productos',
        ruta: archivos.grandeCsv,
        nombre: `${miles(N_GRANDE)} productos (CSV, memoria)`,
        piso: { csv: archivos.grandeCsv, columnas: COLUMNAS_PRODUCTOS },
      },
    ];
    const resultados: Array<Medicion & { pisoS?: number; pisoProductoS?: number }> = [];
    for (const c of casos) {
      if (c.ruta === archivos.grandeCsv) {
        // The memory figure on a fresh process, comparable with the first 100,000-row CSV.
        await detenerServidor(server.child);
        server = await iniciarServidor(ESTE_ARCHIVO, embedded.url, ['--expose-gc']);
        token = await login(server.port, CUENTA);
      }
      t = Date.now();
      const pisoProductoS = c.pisoProducto ? await pisoProducto(embedded.url, c.pisoProducto) : undefined;
      const m = await importar(server, token, idMinimarket, idUsuario, c.tipo, c.ruta, c.nombre);
      const pisoS = c.piso ? await pisoCopy(embedded.url, c.piso.csv, c.piso.columnas) : undefined;
      resultados.push({ ...m, pisoS, pisoProductoS });
      const d = m.detalle;
      console.log(
        `  ${m.nombre}: ${m.estado} en ${f1(m.totalS)} s — cargados ${miles(Number(d.productos_cargados))}, ventas ${miles(Number(d.ventas_procesadas))}, errores ${miles(Number(d.errores))}`,
      );
    }
    const { rows: conteos } = await admin.query<{ productos: string; ventas: string; lineas: string }>(
      `SELECT (SELECT count(*) FROM producto WHERE id_minimarket = $1) AS productos,
              (SELECT count(*) FROM venta WHERE id_minimarket = $1 AND id_venta_csv IS NOT NULL) AS ventas,
              (SELECT count(*) FROM detalle_venta d JOIN venta v USING (id_venta) WHERE v.id_minimarket = $1 AND v.id_venta_csv IS NOT NULL) AS lineas`,
      [idMinimarket],
    );
    await admin.end();

    // --- report -------------------------------------------------------------------
    console.log(`
Importaciones por HTTP (subida multipart → estado final, sondeando el historial cada 25 ms)
API en un proceso hijo (uno nuevo para el archivo de 1.000.000 de filas); RSS inicial ${f1(rssInicial)} MB.
Piso = COPY de PostgreSQL de las mismas filas a una tabla simple de columnas text, sin índices (el del issue).
Piso producto = COPY de las mismas filas ya válidas a la tabla producto, con sus índices, claves y checks (se deshace):
lo mínimo que cuesta guardarlas de verdad, antes de validar, deduplicar y escribir el libro de stock.
RSS = memoria residente del proceso (muestreo cada ${MUESTREO_RSS_MS} ms y VmHWM). JS = heap de V8 + buffers externos:
"vivo" tras un GC completo cada ${INTERVALO_GC_MS / 1000} s (lo que de verdad ocupa la importación), "pico" muestreado sin forzar GC (incluye basura).
`);
    const cab = [
      'archivo',
      'filas',
      'MB',
      'subida s',
      'total s',
      'filas/s',
      'piso COPY s',
      'total/piso',
      'piso producto s',
      'total/piso producto',
      'RSS antes MB',
      'RSS pico MB',
      'JS vivo antes MB',
      'JS vivo pico MB',
      'JS pico MB',
    ];
    const tabla = resultados.map((r) => [
      r.nombre,
      miles(r.filas),
      f1(r.mb),
      f2(r.subidaS),
      f2(r.totalS),
      miles(r.filas / r.totalS),
      r.pisoS !== undefined ? f2(r.pisoS) : '—',
      r.pisoS !== undefined ? `${f1(r.totalS / r.pisoS)}×` : '—',
      r.pisoProductoS !== undefined ? f2(r.pisoProductoS) : '—',
      r.pisoProductoS !== undefined ? `${f1(r.totalS / r.pisoProductoS)}×` : '—',
      f1(r.rssAntesMb),
      f1(r.rssPicoMb),
      f1(r.jsAntesMb),
      f1(r.jsVivoPicoMb),
      f1(r.jsPicoMb),
    ]);
    const anchos = cab.map((c, i) => Math.max(c.length, ...tabla.map((f) => f[i]!.length)));
    const linea = (f: string[]) => f.map((x, i) => (i === 0 ? x.padEnd(anchos[i]!) : x.padStart(anchos[i]!))).join('  ');
    console.log(linea(cab));
    for (const f of tabla) console.log(linea(f));
    const c = conteos[0]!;
    console.log(`
En la base: "${NOMBRE_TIENDA}" tiene ${miles(Number(c.productos))} productos y ${miles(Number(c.ventas))} ventas importadas (${miles(Number(c.lineas))} líneas).
Máquina: ${os.cpus().length} CPU, Node ${process.version}, carga media al empezar ${cargaInicial.toFixed(2)}, al terminar ${os.loadavg()[0]!.toFixed(2)}.
Total del benchmark: ${((Date.now() - inicio) / 1000).toFixed(0)} s.`);
  } finally {
    if (server) await detenerServidor(server.child);
    await embedded?.stop().catch(() => {});
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
