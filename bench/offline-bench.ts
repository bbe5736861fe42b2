// The offline till's two network costs (issue #22, docs/offline.md): the sale catalogue of a shop with
// 100,000 products (the first download, then the refresh after 100 price changes: bytes and time), and
// the sync of 500 sales queued while offline (sent one after another, as the outbox does, each with its
// Idempotency-Key; then all sent again, as after lost answers: no sale may be added). Each next to its
// floor measured in the same run: COPY of the same rows, and registrar_venta in SQL directly. Prints
// figures; asserts nothing.
//
//   cd apps/api && npx tsx ../../bench/offline-bench.ts        (or: npm run bench, from the root)
//
// Knobs (environment): BENCH_PRODUCTOS (100000), BENCH_VENTAS_COLA (500).
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { createDb } from '../apps/api/src/db/client.js';
import { seedDemo } from '../apps/api/src/db/seed/seed.js';
import { CATEGORIAS } from '../packages/contracts/src/comunes.js';
import { detenerServidor, iniciarServidor, login, puertoLibre, servirComoHijo } from './servidor-hijo.js';
import { tablaMarkdown } from './tabla.js';
import { TIPOS_PG } from '../apps/api/src/db/ids.js';

const ESTE_ARCHIVO = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const requireApi = createRequire(path.join(path.dirname(ESTE_ARCHIVO), '..', 'apps', 'api', 'package.json'));
const pg = requireApi('pg') as typeof import('pg');
const { to: copyTo } = requireApi('pg-copy-streams') as typeof import('pg-copy-streams');

const PRODUCTOS = Number(process.env.BENCH_PRODUCTOS ?? 100_000);
const VENTAS_COLA = Number(process.env.BENCH_VENTAS_COLA ?? 500);
const CAMBIOS_PRECIO = 100;
const REPETICIONES = 5;
const CUENTA = { correo: 'pyme@demo.cl', password: 'Pyme1234' };
const NOMBRE_TIENDA = 'Minimarket Don Pepe';

const segundos = (desde: number) => ((Date.now() - desde) / 1000).toFixed(1);
const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('es-CL', { maximumFractionDigits: 0 })} KB`;
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentil = (xs: number[], p: number) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)]!;
};

/** GET as a browser does (Accept-Encoding: gzip): the bytes that travel, not decompressed. */
function bytesEnRed(port: number, token: string, ruta: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(
      { host: '127.0.0.1', port, path: `/api${ruta}`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
      (res) => {
        if (res.headers['content-encoding'] !== 'gzip') reject(new Error(`sin gzip: ${res.statusCode} ${res.headers['content-encoding']}`));
        let bytes = 0;
        res.on('data', (trozo: Buffer) => (bytes += trozo.length));
        res.on('end', () => resolve({ ms: performance.now() - t0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

async function main() {
  const inicio = Date.now();
  const carga = os.loadavg()[0];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-bench-offline-'));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let server: { child: ChildProcess; port: number } | undefined;
  const pool = { actual: undefined as import('pg').Pool | undefined };
  try {
    embedded = await startEmbeddedPostgres({ dataDir, port: await puertoLibre(), database: 'minimarket_bench_offline' });
    await migrate(embedded.url);
    const seedDb = createDb(embedded.url, 2);
    await seedDemo(seedDb);
    await seedDb.$disconnect();
    const db = (pool.actual = new pg.Pool({ connectionString: embedded.url, max: 2, types: TIPOS_PG }));
    db.on('error', () => {});
    const { rows: tienda } = await db.query<{ id_minimarket: number; id_usuario: number }>(
      'SELECT id_minimarket, id_usuario FROM minimarket WHERE nombre_minimarket = $1',
      [NOMBRE_TIENDA],
    );
    const { id_minimarket: idMinimarket, id_usuario: idUsuario } = tienda[0]!;
    // Names as long as a shop's ("Galletas Costa Frac Chocolate 140 g Pack 3 …"), unique barcodes.
    const t = Date.now();
    await db.query(
      `INSERT INTO producto (id_minimarket, nombre_producto, categoria, precio_venta_actual, precio_compra_actual, stock, codigo_barra, marca)
       SELECT $1, 'Producto de catálogo ' || g || ' variedad ' || (g % 97) || ' formato ' || (g % 13) || ' unidades',
              ($3::text[])[1 + g % cardinality($3::text[])], 490 + (g % 400) * 10, 300 + (g % 300) * 10,
              g % 150, 'OFF' || lpad(g::text, 10, '0'), 'Marca ' || (g % 211)
       FROM generate_series(1, $2::int) AS g`,
      [idMinimarket, PRODUCTOS, [...CATEGORIAS]],
    );
    await db.query('VACUUM ANALYZE producto');
    const { rows: total } = await db.query<{ n: string }>('SELECT count(*) AS n FROM producto WHERE id_minimarket = $1', [idMinimarket]);
    console.log(
      `${PRODUCTOS.toLocaleString('es-CL')} productos agregados en ${segundos(t)} s; la tienda tiene ${Number(total[0]!.n).toLocaleString('es-CL')}`,
    );

    server = await iniciarServidor(ESTE_ARCHIVO, embedded.url);
    const token = await login(server.port, CUENTA);
    const base = `http://127.0.0.1:${server.port}/api`;
    const get = async (ruta: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${ruta}`, { headers: { authorization: `Bearer ${token}` } });
      const cuerpo = await res.text();
      if (res.status !== 200) throw new Error(`${ruta}: ${res.status} ${cuerpo.slice(0, 200)}`);
      return { ms: performance.now() - t0, cuerpo };
    };

    // --- the catalogue: first download --------------------------------------------
    const rutaCatalogo = `/productos/catalogo?id_minimarket=${idMinimarket}`;
    await get(rutaCatalogo);
    const primeras: number[] = [];
    let completo = '';
    for (let i = 0; i < REPETICIONES; i++) {
      const r = await get(rutaCatalogo);
      primeras.push(r.ms);
      completo = r.cuerpo;
    }
    const catalogo = JSON.parse(completo) as { cursor: string; productos: unknown[] };
    const bytesCompleto = Buffer.byteLength(completo);
    // What travels to a browser (it asks for gzip): the compressed bytes on the wire, and the time.
    const enRed: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < REPETICIONES; i++) enRed.push(await bytesEnRed(server.port, token, rutaCatalogo));
    const gzipCompleto = mediana(enRed.map((r) => r.bytes));
    // Floor: the same rows out of PostgreSQL with COPY, no JSON, no HTTP.
    const pisos: number[] = [];
    let bytesCopy = 0;
    for (let i = 0; i < REPETICIONES; i++) {
      const client = await db.connect();
      try {
        const t0 = performance.now();
        bytesCopy = 0;
        const stream = client.query(
          copyTo(
            `COPY (SELECT id_producto, nombre_producto, codigo_barra, codigo_plu, categoria, precio_venta_actual, stock, unidad, estado
                   FROM producto WHERE id_minimarket = ${idMinimarket}) TO STDOUT`,
          ),
        );
        for await (const trozo of stream) bytesCopy += (trozo as Buffer).length;
        pisos.push(performance.now() - t0);
      } finally {
        client.release();
      }
    }

    // --- the refresh after 100 price changes ----------------------------------------
    await db.query(
      `UPDATE producto SET precio_venta_actual = precio_venta_actual + 10
       WHERE id_producto IN (SELECT id_producto FROM producto WHERE id_minimarket = $1 ORDER BY id_producto DESC LIMIT $2)`,
      [idMinimarket, CAMBIOS_PRECIO],
    );
    const refrescos: number[] = [];
    let refresco = '';
    for (let i = 0; i < REPETICIONES; i++) {
      const r = await get(`${rutaCatalogo}&desde=${catalogo.cursor}`);
      refrescos.push(r.ms);
      refresco = r.cuerpo;
    }
    const filasRefresco = (JSON.parse(refresco) as { productos: unknown[] }).productos.length;

    // --- the sync of queued sales -------------------------------------------------------
    const { rows: vendibles } = await db.query<{ id_producto: number; precio_venta_actual: number }>(
      `SELECT id_producto, precio_venta_actual FROM producto
       WHERE id_minimarket = $1 AND estado = 'activo' AND unidad = 'unidad' AND stock > 100 ORDER BY id_producto LIMIT 40`,
      [idMinimarket],
    );
    const ahora = Date.now();
    const cola = Array.from({ length: VENTAS_COLA }, (_, i) => {
      const p = vendibles[i % vendibles.length]!;
      return {
        clave: crypto.randomUUID(),
        cuerpo: {
          id_minimarket: idMinimarket,
          total: p.precio_venta_actual,
          metodo_pago: 'Efectivo',
          origen: 'offline',
          referencia_local: `B1-${String(i + 1).padStart(4, '0')}`,
          fecha_venta: new Date(ahora - (VENTAS_COLA - i) * 60_000).toISOString(),
          detalles: [
            { id_producto: p.id_producto, num_unidades: 1, precio_unitario: p.precio_venta_actual, subtotal: p.precio_venta_actual },
          ],
        },
      };
    });
    const contar = async () =>
      Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM venta WHERE id_minimarket = $1', [idMinimarket])).rows[0]!.n);
    const enviar = async () => {
      const ms: number[] = [];
      const t0 = performance.now();
      for (const v of cola) {
        const t1 = performance.now();
        const res = await fetch(`${base}/ventas/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': v.clave },
          body: JSON.stringify(v.cuerpo),
        });
        const texto = await res.text();
        if (res.status !== 201 && res.status !== 200)
          throw new Error(`venta ${v.cuerpo.referencia_local}: ${res.status} ${texto.slice(0, 200)}`);
        ms.push(performance.now() - t1);
      }
      return { total: performance.now() - t0, ms };
    };
    const antes = await contar();
    const envio = await enviar();
    const despuesEnvio = await contar();
    const reenvio = await enviar();
    const despuesReenvio = await contar();
    // Floor: the same sales through registrar_venta over one connection, one after another.
    const client = await db.connect();
    let msPiso = 0;
    try {
      const t0 = performance.now();
      for (const v of cola) {
        await client.query('SELECT registrar_venta($1, $2, $3, $4, $5, $6, $7::jsonb, $8)', [
          idMinimarket,
          idUsuario,
          'Efectivo',
          'Completada',
          v.cuerpo.total,
          `piso-${v.clave}`,
          JSON.stringify(v.cuerpo.detalles),
          null,
        ]);
      }
      msPiso = performance.now() - t0;
    } finally {
      client.release();
    }

    const cpus = os.cpus();
    console.log('');
    console.log(
      `Máquina: ${cpus.length} núcleos, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; ` +
        `carga (loadavg 1 min) ${carga.toFixed(2)} al empezar, ${os.loadavg()[0].toFixed(2)} al terminar`,
    );
    console.log('');
    console.log(
      tablaMarkdown(
        ['medición', 'resultado', 'piso en la misma corrida'],
        [
          [
            `catálogo completo (${catalogo.productos.length.toLocaleString('es-CL')} productos, mediana de ${REPETICIONES})`,
            `${mediana(primeras).toFixed(0)} ms · ${kb(bytesCompleto)} de JSON; con gzip ${mediana(enRed.map((r) => r.ms)).toFixed(0)} ms · ${kb(gzipCompleto)} en la red`,
            `COPY de las mismas filas: ${mediana(pisos).toFixed(0)} ms · ${kb(bytesCopy)}`,
          ],
          [
            `refresco tras ${CAMBIOS_PRECIO} cambios de precio (${filasRefresco} filas)`,
            `${mediana(refrescos).toFixed(1)} ms · ${kb(Buffer.byteLength(refresco))}`,
            `${((100 * Buffer.byteLength(refresco)) / bytesCompleto).toFixed(2)} % de los bytes del completo`,
          ],
          [
            `sincronizar ${VENTAS_COLA} ventas en cola (en orden, una a la vez)`,
            `${(envio.total / 1000).toFixed(1)} s · p50 ${percentil(envio.ms, 50).toFixed(1)} ms · p99 ${percentil(envio.ms, 99).toFixed(1)} ms · ventas +${despuesEnvio - antes}`,
            `registrar_venta en SQL, una a la vez: ${(msPiso / 1000).toFixed(1)} s`,
          ],
          [
            `reenviar las ${VENTAS_COLA} (respuestas perdidas)`,
            `${(reenvio.total / 1000).toFixed(1)} s · ventas +${despuesReenvio - despuesEnvio}`,
            'debe ser +0',
          ],
        ],
      ),
    );
    console.log(`\nDuración total: ${segundos(inicio)} s`);
    if (despuesEnvio - antes !== VENTAS_COLA || despuesReenvio !== despuesEnvio) {
      console.error(`\n✖ La cola no quedó exactamente una vez: +${despuesEnvio - antes}, reenvío +${despuesReenvio - despuesEnvio}`);
      process.exitCode = 1;
    }
  } finally {
    if (server) await detenerServidor(server.child).catch(() => {});
    await pool.actual?.end().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}

(process.env.BENCH_ROLE === 'server' ? servirComoHijo({ LOG_LEVEL: 'silent' }) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
