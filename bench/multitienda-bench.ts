// Many shops on one PostgreSQL (issue 24): does one shop get slower when 2,000 shops share the
// database? Two databases of one embedded PostgreSQL. A: one shop (the demo's pyme@demo.cl) with a
// catalogue of its own and a year of sales, all written by COPY and summed by the summary worker's
// function. B: the very same shop (same generator, same ids) among 1,999 others with the same shape
// of data (by default fewer sales a day each, so the whole bench fits in ~10 minutes on 2 cores).
// Each database gets its own app in a child process, and they are measured in turns (a few rounds),
// so the shared machine's changing load lands on both: the shop's sale throughput (concurrent POST
// /api/ventas/ with an Idempotency-Key) and the p50/p95 of Visualizar's analytics calls. Printed side
// by side with the ratio B/A and floors measured in the same run: the same analytics question as a
// straightforward SQL aggregate over the raw lines, and the COPY rate of the load. Prints figures;
// asserts nothing (a failed sale, or summaries that differ from the worker's, make the run fail).
//
//   cd apps/api && npx tsx ../../bench/multitienda-bench.ts        (or: npm run bench, from the root)
//
// Knobs (environment): BENCH_TIENDAS (2000 shops in phase B, the measured one included),
// BENCH_DIAS (365), BENCH_VENTAS_DIA (3: sales a day of each other shop), BENCH_VENTAS_DIA_MEDIDA
// (40: of the measured shop), BENCH_PRODUCTOS (300 a shop), BENCH_SEGUNDOS (10 of sales a round and database),
// BENCH_PEDIDOS (50 requests per analytics call and round), BENCH_RONDAS (3).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createDb } from '../apps/api/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { mulberry32 } from '../apps/api/src/db/seed/azar.js';
import { seedDemo } from '../apps/api/src/db/seed/seed.js';
import { diaLocal } from '../apps/api/src/lib/tiempo.js';
import { CATEGORIAS } from '../packages/contracts/src/comunes.js';
import { desplazarDia } from '../packages/contracts/src/dias.js';
import { detenerServidor, iniciarServidor, login, puertoLibre, servirComoHijo } from './servidor-hijo.js';
import { cronometrar, pct } from './medir.js';
import { tablaMarkdown } from './tabla.js';
import { TIPOS_PG } from '../apps/api/src/db/ids.js';

const ESTE_ARCHIVO = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const requireApi = createRequire(path.join(path.resolve(path.dirname(ESTE_ARCHIVO), '../apps/api'), 'package.json'));
const pg = requireApi('pg') as typeof import('pg');
const { from: copyFrom } = requireApi('pg-copy-streams') as typeof import('pg-copy-streams');

const TIENDAS = Number(process.env.BENCH_TIENDAS ?? 2000);
const DIAS = Number(process.env.BENCH_DIAS ?? 365);
const VENTAS_DIA = Number(process.env.BENCH_VENTAS_DIA ?? 3);
const VENTAS_DIA_MEDIDA = Number(process.env.BENCH_VENTAS_DIA_MEDIDA ?? 40);
const PRODUCTOS = Number(process.env.BENCH_PRODUCTOS ?? 300);
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 10);
const PEDIDOS = Number(process.env.BENCH_PEDIDOS ?? 50);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
/** Concurrent tills posting sales (as api-bench.ts). */
const CONEXIONES = 16;
/** Shops whose summaries are built at once (the machine has 2 cores). */
const RESUMIDORES = 2;
const CUENTA = { correo: 'pyme@demo.cl', password: 'Pyme1234' };
/** "Does not degrade": B keeps at least this share of A's sales/s and at most this multiple of its p95. */
const RAZON_VENTAS_MIN = 0.8;
const RAZON_P95_MAX = 1.25;

const FAMILIAS: Record<(typeof CATEGORIAS)[number], string[]> = {
  Panadería: ['Marraqueta', 'Hallulla', 'Pan de Molde', 'Queque', 'Dobladita', 'Pan Integral'],
  'Lácteos y Quesos': ['Leche Entera', 'Leche Descremada', 'Yogur', 'Queso Gauda', 'Mantequilla', 'Quesillo'],
  Abarrotes: ['Arroz', 'Fideos Spaghetti', 'Aceite Maravilla', 'Azúcar', 'Harina', 'Té', 'Café Instantáneo', 'Atún'],
  'Frutas y Verduras': ['Palta Hass', 'Tomate', 'Plátano', 'Manzana', 'Limón', 'Cebolla'],
  Limpieza: ['Detergente', 'Lavaloza', 'Cloro', 'Papel Higiénico', 'Toalla de Papel'],
  Fiambrería: ['Jamón', 'Salame', 'Mortadela', 'Queso Laminado'],
  Botillería: ['Cerveza', 'Vino Tinto', 'Bebida Cola', 'Agua Mineral', 'Jugo'],
  Mascotas: ['Alimento Perro', 'Alimento Gato', 'Arena Sanitaria'],
  Masivos: ['Galletas', 'Papas Fritas', 'Chocolate', 'Caramelos', 'Chicles'],
};
const MARCAS = ['Colún', 'Soprole', 'Carozzi', 'Lucchetti', 'Tucapel', 'Iansa', 'Nestlé', 'Costa', 'Ideal', 'Líder', 'Cachantún', 'Watts'];
const TAMANOS = ['250 g', '500 g', '1 kg', '1 L', '1,5 L', '2 L', '350 ml', 'Pack 6', 'Unidad'];
const METODOS = ['Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito'] as const;

const decimales = (x: number, d: number) => x.toLocaleString('es-CL', { minimumFractionDigits: d, maximumFractionDigits: d });
const miles = (x: number) => Math.round(x).toLocaleString('es-CL');
const seg = (ms: number) => `${decimales(ms / 1000, 1)} s`;

interface Producto {
  id: number;
  nombre: string;
  marca: string;
  categoria: string;
  precio: number;
  costo: number;
}

interface Tienda {
  id: number;
  usuario: number;
}

/** A shop's catalogue: distinct names from family × brand × size, prices ending in 90, whole pesos. */
function catalogo(tienda: number, primerId: number): Producto[] {
  const azar = mulberry32(tienda * 7919 + 1);
  const vistos = new Set<string>();
  const productos: Producto[] = [];
  while (productos.length < PRODUCTOS) {
    const categoria = CATEGORIAS[Math.floor(azar() * CATEGORIAS.length)]!;
    const familias = FAMILIAS[categoria];
    const marca = MARCAS[Math.floor(azar() * MARCAS.length)]!;
    let nombre = `${familias[Math.floor(azar() * familias.length)]} ${marca} ${TAMANOS[Math.floor(azar() * TAMANOS.length)]}`;
    // Past the few thousand distinct combinations, a big catalogue numbers its variants.
    if (vistos.has(nombre)) nombre = `${nombre} ${productos.length}`;
    vistos.add(nombre);
    const precio = (5 + Math.floor(azar() * 120)) * 100 - 10;
    productos.push({
      id: primerId + productos.length,
      nombre,
      marca,
      categoria,
      precio,
      costo: Math.round((precio * (55 + Math.floor(azar() * 25))) / 100),
    });
  }
  return productos;
}

/** COPY's text format: tabs, newlines and backslashes escaped (names have none, but say so once). */
const campo = (v: string | number) => String(v).replace(/[\\\t\n]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : '\\n'));

interface VentaGenerada {
  numero: number;
  fecha: string;
  metodo: string;
  lineas: Array<{ p: Producto; n: number }>;
}

/**
 * A shop's year of sales, the same every time for the same shop (the PRNG is seeded by it): the
 * sales COPY and the lines COPY walk it once each instead of holding a year of sales in memory.
 */
function* ventasDe(tienda: number, productos: Producto[], ventasDia: number, hoy: string): Generator<VentaGenerada> {
  const azar = mulberry32(tienda * 104729 + 3);
  let numero = 0;
  for (let d = DIAS; d >= 1; d--) {
    const dia = desplazarDia(hoy, -d);
    // ±50 % around the daily mean, so days differ as they do in a shop.
    const n = Math.max(1, Math.round(ventasDia * (0.5 + azar())));
    for (let v = 0; v < n; v++) {
      const hora = String(8 + Math.floor(azar() * 14)).padStart(2, '0');
      const minuto = String(Math.floor(azar() * 60)).padStart(2, '0');
      const k = 2 + Math.floor(azar() * 2);
      const elegidos = new Map<number, { p: Producto; n: number }>();
      while (elegidos.size < k) {
        const p = productos[Math.floor(azar() * productos.length)]!;
        elegidos.set(p.id, { p, n: 1 + Math.floor(azar() * 3) });
      }
      yield {
        numero: ++numero,
        fecha: `${dia} ${hora}:${minuto}:00`,
        metodo: METODOS[Math.floor(azar() * METODOS.length)]!,
        lineas: [...elegidos.values()],
      };
    }
  }
}

/** Lines of text in chunks of a shop each, so the stream is not a million tiny writes. */
function porTienda<T>(tiendas: T[], filas: (t: T) => Iterable<string>): Readable {
  return Readable.from(
    (function* () {
      for (const t of tiendas) {
        let trozo = '';
        for (const f of filas(t)) {
          trozo += f;
          if (trozo.length > 1 << 16) {
            yield trozo;
            trozo = '';
          }
        }
        if (trozo) yield trozo;
      }
    })(),
  );
}

/**
 * Writes `tiendas`' catalogues and years of sales with COPY (ids chosen here, sequences moved past
 * them after), numbers each shop's sales as registrar_venta would (contador_venta), marks every day
 * pending and sums it with refrescar_resumen_ventas, as the summary worker does. Returns the rows
 * written and the milliseconds the COPYs took (the floor of the load).
 */
async function cargar(url: string, tiendas: Tienda[], ventasDia: number, hoy: string, marcarPendientes: boolean) {
  const sql = new pg.Client({ connectionString: url, types: TIPOS_PG });
  await sql.connect();
  try {
    // Sale times are the shop's wall clock, as a till in Santiago writes them.
    await sql.query("SET TIME ZONE 'America/Santiago'");
    const {
      rows: [ids],
    } = await sql.query<{ producto: number; venta: number }>(
      'SELECT (SELECT coalesce(max(id_producto), 0) FROM producto)::int AS producto, (SELECT coalesce(max(id_venta), 0) FROM venta)::int AS venta',
    );
    const catalogos = new Map<number, Producto[]>();
    let siguiente = ids!.producto + 1;
    for (const t of tiendas) {
      catalogos.set(t.id, catalogo(t.id, siguiente));
      siguiente += PRODUCTOS;
    }
    const filas = { productos: PRODUCTOS * tiendas.length, ventas: 0, lineas: 0 };
    let copyMs = 0;
    const copiar = async (sentencia: string, origen: Readable) => {
      const t0 = performance.now();
      await pipeline(origen, sql.query(copyFrom(sentencia)));
      copyMs += performance.now() - t0;
    };

    await copiar(
      'COPY producto (id_producto, id_minimarket, nombre_producto, categoria, precio_venta_actual, precio_compra_actual, stock, codigo_barra, marca) FROM STDIN',
      porTienda(tiendas, function* (t) {
        for (const [i, p] of catalogos.get(t.id)!.entries()) {
          const codigo = `780${String(t.id).padStart(5, '0')}${String(i).padStart(5, '0')}`;
          yield `${p.id}\t${t.id}\t${campo(p.nombre)}\t${p.categoria}\t${p.precio}\t${p.costo}\t${1000}\t${codigo}\t${campo(p.marca)}\n`;
        }
      }),
    );

    // Sale ids: the shop's n-th sale is primera[shop] + n, so the lines know their sale without a lookup.
    const primera = new Map<number, number>();
    let idVenta = ids!.venta;
    for (const t of tiendas) {
      primera.set(t.id, idVenta);
      for (const v of ventasDe(t.id, catalogos.get(t.id)!, ventasDia, hoy)) idVenta = primera.get(t.id)! + v.numero;
    }
    await copiar(
      'COPY venta (id_venta, id_minimarket, numero_venta, id_usuario, fecha_venta, total, metodo_pago, estado_venta) FROM STDIN',
      porTienda(tiendas, function* (t) {
        const base = primera.get(t.id)!;
        for (const v of ventasDe(t.id, catalogos.get(t.id)!, ventasDia, hoy)) {
          filas.ventas++;
          const total = v.lineas.reduce((s, l) => s + l.p.precio * l.n, 0);
          yield `${base + v.numero}\t${t.id}\t${v.numero}\t${t.usuario}\t${v.fecha}\t${total}\t${v.metodo}\tCompletada\n`;
        }
      }),
    );
    await copiar(
      'COPY detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal, nombre_producto, costo_unitario, categoria) FROM STDIN',
      porTienda(tiendas, function* (t) {
        const base = primera.get(t.id)!;
        for (const v of ventasDe(t.id, catalogos.get(t.id)!, ventasDia, hoy)) {
          for (const l of v.lineas) {
            filas.lineas++;
            yield `${base + v.numero}\t${t.id}\t${l.p.id}\t${l.n}\t${l.p.precio}\t${l.p.precio * l.n}\t${campo(l.p.nombre)}\t${l.p.costo}\t${l.p.categoria}\n`;
          }
        }
      }),
    );
    const idsTiendas = tiendas.map((t) => t.id);
    await sql.query(
      `SELECT setval(pg_get_serial_sequence('producto', 'id_producto'), (SELECT max(id_producto) FROM producto)),
              setval(pg_get_serial_sequence('venta', 'id_venta'), (SELECT max(id_venta) FROM venta))`,
    );
    // The next sale through the app takes the number after the last one written here.
    await sql.query(
      `INSERT INTO contador_venta (id_minimarket, ultimo)
       SELECT id_minimarket, max(numero_venta) FROM venta WHERE id_minimarket = ANY ($1::int[]) GROUP BY 1
       ON CONFLICT (id_minimarket) DO UPDATE SET ultimo = EXCLUDED.ultimo`,
      [idsTiendas],
    );
    if (marcarPendientes) {
      await sql.query(
        `INSERT INTO resumen_pendiente (id_minimarket, dia)
       SELECT DISTINCT id_minimarket, (fecha_venta AT TIME ZONE 'America/Santiago')::date FROM venta WHERE id_minimarket = ANY ($1::int[])
       ON CONFLICT (id_minimarket, dia) DO NOTHING`,
        [idsTiendas],
      );
    }
    await sql.query('ANALYZE producto, venta, detalle_venta, resumen_pendiente');
    return { filas, copyMs, sql, catalogos };
  } catch (err) {
    await sql.end().catch(() => {});
    throw err;
  }
}

/** Sums every pending day of `tiendas`, RESUMIDORES shops at a time (each shop in its own call, as the worker does). */
async function resumir(url: string, tiendas: number[]) {
  const cola = [...tiendas];
  let dias = 0;
  await Promise.all(
    Array.from({ length: RESUMIDORES }, async () => {
      const c = new pg.Client({ connectionString: url, types: TIPOS_PG });
      await c.connect();
      try {
        for (let t = cola.shift(); t !== undefined; t = cola.shift()) {
          const { rows } = await c.query<{ n: number }>('SELECT refrescar_resumen_ventas($1, NULL) AS n', [t]);
          dias += rows[0]!.n;
        }
      } finally {
        await c.end();
      }
    }),
  );
  return dias;
}

/** The same aggregates as prisma/funciones/sumar_*.sql, grouped by shop too (kept in step by `comprobarResumenes`). */
const AGREGADOS = `count(DISTINCT id_venta)::integer, coalesce(sum(num_unidades) FILTER (WHERE unidad <> 'kg'), 0)::bigint, sum(subtotal)::bigint,
  coalesce(sum(costo), 0)::bigint, coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)::bigint`;
const CONTADAS = `(count(*) FILTER (WHERE NOT devuelta))::integer, (count(*) FILTER (WHERE costo IS NULL AND NOT devuelta))::integer`;
const GRAMOS = `coalesce(sum(num_unidades) FILTER (WHERE unidad = 'kg'), 0)::bigint`;

/**
 * The other shops' summaries in four set-based statements over all their lines. The worker's way
 * (refrescar_resumen_ventas, one shop at a time, an index range per day) costs ~0.5 ms per shop-day
 * here: 730,000 shop-days would be ~6 minutes of setup. The bench data has no returns, voids, kg
 * lines nor split payments, so the lines are the plain join; `comprobarResumenes` checks a few shops
 * against the worker's own functions.
 */
async function resumirEnBloque(sql: import('pg').Client, tiendas: number[]) {
  await sql.query(
    `CREATE TEMP TABLE lineas_bloque AS
     SELECT v.id_minimarket, (v.fecha_venta AT TIME ZONE 'America/Santiago')::date AS dia,
            date_trunc('hour', v.fecha_venta AT TIME ZONE 'America/Santiago')::timestamp(0) AS hora, v.id_venta, v.metodo_pago,
            d.categoria, d.id_producto, d.unidad, d.num_unidades, d.subtotal, d.costo_unitario::bigint * d.num_unidades AS costo, false AS devuelta
     FROM venta v JOIN detalle_venta d ON d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta
     WHERE v.id_minimarket = ANY ($1::int[]) AND v.estado_venta = 'Completada'`,
    [tiendas],
  );
  await sql.query(`INSERT INTO resumen_venta_hora
    SELECT id_minimarket, hora, metodo_pago, ${AGREGADOS}, ${CONTADAS}, ${GRAMOS} FROM lineas_bloque GROUP BY id_minimarket, hora, metodo_pago`);
  await sql.query(`INSERT INTO resumen_categoria_hora
    SELECT id_minimarket, hora, metodo_pago, categoria, ${AGREGADOS}, ${CONTADAS}, ${GRAMOS}
    FROM lineas_bloque GROUP BY id_minimarket, hora, metodo_pago, categoria`);
  await sql.query(`INSERT INTO resumen_categoria_hora_total
    SELECT id_minimarket, hora, categoria, ${AGREGADOS}, ${CONTADAS}, ${GRAMOS} FROM lineas_bloque GROUP BY id_minimarket, hora, categoria`);
  await sql.query(`INSERT INTO resumen_producto_dia
    SELECT id_minimarket, dia, metodo_pago, categoria, id_producto, ${AGREGADOS}, ${GRAMOS}
    FROM lineas_bloque GROUP BY id_minimarket, dia, metodo_pago, categoria, id_producto`);
  const {
    rows: [{ dias }],
  } = await sql.query<{ dias: number }>('SELECT count(DISTINCT (id_minimarket, dia))::int AS dias FROM lineas_bloque');
  await sql.query('DROP TABLE lineas_bloque');
  return dias;
}

/** Each summary table of `tiendas` against what the worker's functions give for the same days: they must be equal. */
async function comprobarResumenes(sql: import('pg').Client, tiendas: number[]) {
  for (const t of tiendas) {
    const dias = `(SELECT array_agg(DISTINCT (fecha_venta AT TIME ZONE 'America/Santiago')::date) FROM venta WHERE id_minimarket = ${t})`;
    for (const [tabla, funcion] of [
      ['resumen_venta_hora', 'sumar_venta_hora'],
      ['resumen_categoria_hora', 'sumar_categoria_hora'],
      ['resumen_categoria_hora_total', 'sumar_categoria_hora_total'],
      ['resumen_producto_dia', 'sumar_producto_dia'],
    ] as const) {
      const {
        rows: [{ distintas }],
      } = await sql.query<{ distintas: number }>(
        `SELECT count(*)::int AS distintas FROM (
           (SELECT * FROM ${tabla} WHERE id_minimarket = ${t} EXCEPT ALL SELECT * FROM ${funcion}(${t}, ${dias}))
           UNION ALL
           (SELECT * FROM ${funcion}(${t}, ${dias}) EXCEPT ALL SELECT * FROM ${tabla} WHERE id_minimarket = ${t})) x`,
      );
      if (distintas > 0) throw new Error(`${tabla} de la tienda ${t}: ${distintas} filas distintas de ${funcion}`);
    }
  }
}

interface Analitica {
  nombre: string;
  api: number[];
  piso: number[];
}

/** CONEXIONES tills posting sales of 2–3 of the shop's products for `segundos`; every answer must be 201. */
async function medirVentas(port: number, token: string, tienda: number, productos: Producto[], segundos: number) {
  const azar = mulberry32(tienda + segundos);
  const tiempos: number[] = [];
  let ok = 0;
  let primeraFalla: string | undefined;
  let fallas = 0;
  const vender = async () => {
    const elegidos = new Map<number, { p: Producto; n: number }>();
    const k = 2 + Math.floor(azar() * 2);
    while (elegidos.size < k) {
      const p = productos[Math.floor(azar() * productos.length)]!;
      elegidos.set(p.id, { p, n: 1 + Math.floor(azar() * 3) });
    }
    const detalles = [...elegidos.values()].map(({ p, n }) => ({
      id_producto: p.id,
      num_unidades: n,
      precio_unitario: p.precio,
      subtotal: p.precio * n,
    }));
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/ventas/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': `multitienda-${crypto.randomUUID()}`,
      },
      body: JSON.stringify({
        id_minimarket: tienda,
        total: detalles.reduce((s, d) => s + d.subtotal, 0),
        metodo_pago: METODOS[Math.floor(azar() * METODOS.length)],
        detalles,
      }),
    });
    const cuerpo = await res.text();
    return { ms: performance.now() - t0, status: res.status, cuerpo };
  };
  const correr = async (ms: number, contar: boolean) => {
    const fin = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONEXIONES }, async () => {
        while (performance.now() < fin) {
          const r = await vender();
          if (!contar) continue;
          if (r.status === 201) {
            ok++;
            tiempos.push(r.ms);
          } else {
            fallas++;
            primeraFalla ??= `HTTP ${r.status}: ${r.cuerpo.slice(0, 300)}`;
          }
        }
      }),
    );
  };
  await correr(2000, false);
  const t0 = performance.now();
  await correr(segundos * 1000, true);
  const duracion = (performance.now() - t0) / 1000;
  if (fallas > 0) throw new Error(`${fallas} ventas fallaron; la primera: ${primeraFalla}`);
  return { ok, duracion, tiempos };
}

/**
 * The analytics calls of Visualizar (its default range, the last 30 days, and the year) with the
 * range ending yesterday: the sales this bench posts today change no figure measured here, so
 * phases A and B ask about exactly the same data. Each beside its straightforward SQL aggregate.
 */
function casosAnalitica(tienda: number, hoy: string): Array<[string, string, string]> {
  const ayer = desplazarDia(hoy, -1);
  const casos: Array<[string, string, string]> = [];
  for (const dias of [30, 365]) {
    const desde = desplazarDia(ayer, -(dias - 1));
    const rango = `id_minimarket=${tienda}&desde=${desde}&hasta=${ayer}`;
    const lineas = `FROM venta v JOIN detalle_venta d ON d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta
      WHERE v.id_minimarket = ${tienda} AND v.estado_venta = 'Completada'
        AND v.fecha_venta >= ('${desde}'::date::timestamp AT TIME ZONE 'America/Santiago')
        AND v.fecha_venta < (('${ayer}'::date + 1)::timestamp AT TIME ZONE 'America/Santiago')`;
    const local = `(v.fecha_venta AT TIME ZONE 'America/Santiago')`;
    casos.push(
      [
        `resumen (${dias} días)`,
        `resumen?${rango}`,
        `SELECT count(DISTINCT v.id_venta), sum(d.subtotal), sum(d.num_unidades), sum(d.costo_unitario * d.num_unidades) ${lineas}`,
      ],
      [`serie (${dias} días)`, `serie?${rango}`, `SELECT ${local}::date, count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} GROUP BY 1`],
      [
        `por-categoria (${dias} días)`,
        `por-categoria?${rango}`,
        `SELECT d.categoria, count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} GROUP BY 1`,
      ],
    );
  }
  return casos;
}

async function medirAnalitica(port: number, token: string, sql: import('pg').Client, tienda: number, hoy: string) {
  const salida: Analitica[] = [];
  for (const [nombre, ruta, crudo] of casosAnalitica(tienda, hoy)) {
    const api = await cronometrar(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/analitica/${ruta}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${ruta}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }, PEDIDOS);
    const piso = await cronometrar(() => sql.query(crudo), Math.min(PEDIDOS, 20));
    salida.push({ nombre, api, piso });
  }
  return salida;
}

/** One database of the cluster: its app, its connection, and what was measured on it so far. */
interface Fase {
  sql: import('pg').Client;
  servidor: Awaited<ReturnType<typeof iniciarServidor>>;
  token: string;
  ventas: { ok: number; duracion: number; tiempos: number[] };
  analitica: Analitica[];
}

/** A database of the same cluster as `url`, created empty. */
async function otraBase(url: string, nombre: string) {
  const c = new pg.Client({ connectionString: url, types: TIPOS_PG });
  await c.connect();
  await c.query(`CREATE DATABASE ${nombre}`);
  await c.end();
  const u = new URL(url);
  u.pathname = `/${nombre}`;
  return u.toString();
}

/** Migrated, the demo's shops without sales (the measured shop's year is this bench's), and the measured shop loaded. */
async function prepararBase(url: string, hoy: string) {
  await migrate(url);
  const seedDb = createDb(url, 2);
  await seedDemo(seedDb, { dias: 0 });
  await seedDb.$disconnect();
  const medida = await tiendaMedida(url);
  const carga = await cargar(url, medida, VENTAS_DIA_MEDIDA, hoy, true);
  const dias = await resumir(url, [medida[0]!.id]);
  return { ...carga, tienda: medida[0]!.id, dias };
}

async function main() {
  const inicio = Date.now();
  const cargaInicial = os.loadavg()[0]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-multitienda-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await puertoLibre(), database: 'minimarket_multitienda_bench' });
  const conexiones: Array<import('pg').Client> = [];
  const fases: Fase[] = [];
  try {
    const hoy = diaLocal(new Date());
    // Two databases of one PostgreSQL: A holds the measured shop alone, B the same shop (the same
    // generator, the same ids) among all the others. Both stay up and are measured in turns, so a
    // change in the machine's load (it is shared) lands on both instead of on whichever ran second.
    const urlA = embedded.url;
    const urlB = await otraBase(embedded.url, 'minimarket_multitienda_b');
    let t = performance.now();
    const a = await prepararBase(urlA, hoy);
    conexiones.push(a.sql);
    const tienda = a.tienda;
    const productos = a.catalogos.get(tienda)!;
    console.log(
      `A: 1 tienda, ${PRODUCTOS} productos, ${miles(a.filas.ventas)} ventas y ${miles(a.filas.lineas)} líneas en ${DIAS} días; ${a.dias} días resumidos; ${seg(performance.now() - t)}`,
    );
    t = performance.now();
    const b0 = await prepararBase(urlB, hoy);
    conexiones.push(b0.sql);
    if (b0.tienda !== tienda || b0.filas.ventas !== a.filas.ventas || b0.catalogos.get(tienda)![0]!.id !== productos[0]!.id) {
      throw new Error('la tienda medida no quedó igual en las dos bases');
    }
    const { rows: otras } = await b0.sql.query<Tienda>(
      `WITH u AS (
         INSERT INTO usuario (nombre, correo, contrasena_hash, empresa, rut_usuario, rut_empresa, rol)
         SELECT 'Dueña ' || g, 'tienda' || g || '@multitienda.bench', 'sin-clave', 'Minimarket ' || g, '11111111-1', '76111111-1', 'pyme'
         FROM generate_series(1, $1::int) AS g
         RETURNING id_usuario, empresa)
       INSERT INTO minimarket (id_usuario, nombre_minimarket, direccion, comuna, tamano, rubro)
       SELECT id_usuario, empresa, 'Pasaje Los Aromos ' || id_usuario, 'Santiago', 'pequeño', 'minimarket' FROM u
       RETURNING id_minimarket AS id, id_usuario AS usuario`,
      [Math.max(0, TIENDAS - 1)],
    );
    const b = await cargar(urlB, otras, VENTAS_DIA, hoy, false);
    conexiones.push(b.sql);
    const cargaB = performance.now() - t;
    t = performance.now();
    const idsOtras = otras.map((o) => o.id);
    const diasB = await resumirEnBloque(b.sql, idsOtras);
    const muestra = [idsOtras[0], idsOtras[Math.floor(idsOtras.length / 2)], idsOtras.at(-1)].filter((x) => x !== undefined);
    await comprobarResumenes(b.sql, muestra);
    const resumirB = performance.now() - t;
    for (const c of [a.sql, b.sql]) {
      // As after autovacuum, with nothing of the load left to write back while measuring.
      await c.query('VACUUM ANALYZE');
      await c.query('CHECKPOINT');
    }
    const {
      rows: [tamano],
    } = await b.sql.query<{ ventas: string; lineas: string; resumen: string; mb: string }>(
      `SELECT (SELECT count(*) FROM venta)::text AS ventas, (SELECT count(*) FROM detalle_venta)::text AS lineas,
              (SELECT count(*) FROM resumen_venta_hora)::text AS resumen, (pg_database_size(current_database()) / 1048576)::text AS mb`,
    );
    console.log(
      `B: la misma tienda y ${miles(otras.length)} tiendas más (${VENTAS_DIA} ventas/día cada una): ${miles(b.filas.productos)} productos, ${miles(b.filas.ventas)} ventas, ${miles(b.filas.lineas)} líneas por COPY en ${seg(b.copyMs)} (base B completa en ${seg(cargaB)}); ${miles(diasB)} días resumidos en bloque en ${seg(resumirB)} (${muestra.length} tiendas comprobadas contra las funciones del resumidor)`,
    );
    console.log(
      `Base B: ${miles(Number(tamano!.ventas))} ventas, ${miles(Number(tamano!.lineas))} líneas, ${miles(Number(tamano!.resumen))} filas de resumen_venta_hora, ${miles(Number(tamano!.mb))} MB`,
    );

    for (const [url, sql] of [
      [urlA, a.sql],
      [urlB, b.sql],
    ] as const) {
      // Enough stock that no sale of the run is refused for it.
      await sql.query('UPDATE producto SET stock = 1000000 WHERE id_minimarket = $1', [tienda]);
      const servidor = await iniciarServidor(ESTE_ARCHIVO, url);
      fases.push({ sql, servidor, token: await login(servidor.port, CUENTA), ventas: { ok: 0, duracion: 0, tiempos: [] }, analitica: [] });
    }
    for (let ronda = 0; ronda < RONDAS; ronda++) {
      for (const f of fases) {
        const an = await medirAnalitica(f.servidor.port, f.token, f.sql, tienda, hoy);
        if (f.analitica.length === 0) f.analitica = an;
        else
          an.forEach((x, i) => {
            f.analitica[i]!.api.push(...x.api);
            f.analitica[i]!.piso.push(...x.piso);
          });
      }
      for (const f of fases) {
        const v = await medirVentas(f.servidor.port, f.token, tienda, productos, SEGUNDOS);
        f.ventas.ok += v.ok;
        f.ventas.duracion += v.duracion;
        f.ventas.tiempos.push(...v.tiempos);
      }
      console.log(`Ronda ${ronda + 1} de ${RONDAS} (carga ${decimales(os.loadavg()[0]!, 1)})`);
    }

    const [fa, fb] = fases as [Fase, Fase];
    const razon = (x: number, y: number) => (y > 0 ? decimales(x / y, 2) : '—');
    const vs = (f: Fase) => f.ventas.ok / f.ventas.duracion;
    const p5095 = (xs: number[]) => `${decimales(pct(xs, 50), 1)} / ${decimales(pct(xs, 95), 1)} ms`;
    let sinDegradar = vs(fb) >= RAZON_VENTAS_MIN * vs(fa);
    const filas: string[][] = [
      [
        `ventas por la API (${CONEXIONES} conexiones, ${RONDAS} × ${SEGUNDOS} s), ventas/s`,
        decimales(vs(fa), 0),
        decimales(vs(fb), 0),
        razon(vs(fb), vs(fa)),
        `≥ ${decimales(RAZON_VENTAS_MIN, 2)}`,
      ],
      [
        'ventas: p50 / p95',
        p5095(fa.ventas.tiempos),
        p5095(fb.ventas.tiempos),
        razon(pct(fb.ventas.tiempos, 95), pct(fa.ventas.tiempos, 95)),
        '',
      ],
    ];
    for (const [i, x] of fa.analitica.entries()) {
      const y = fb.analitica[i]!;
      if (pct(y.api, 95) > RAZON_P95_MAX * pct(x.api, 95)) sinDegradar = false;
      filas.push(
        [
          `${x.nombre}: API p50 / p95`,
          p5095(x.api),
          p5095(y.api),
          razon(pct(y.api, 95), pct(x.api, 95)),
          `≤ ${decimales(RAZON_P95_MAX, 2)}`,
        ],
        ['  piso: SQL crudo p50 / p95', p5095(x.piso), p5095(y.piso), razon(pct(y.piso, 95), pct(x.piso, 95)), ''],
      );
    }
    const filasA = a.filas.productos + a.filas.ventas + a.filas.lineas;
    const filasB = b.filas.productos + b.filas.ventas + b.filas.lineas;
    filas.push([
      'piso de la carga: COPY (productos, ventas, líneas), filas/s',
      miles(filasA / (a.copyMs / 1000)),
      miles(filasB / (b.copyMs / 1000)),
      razon(filasB / b.copyMs, filasA / a.copyMs),
      '',
    ]);
    console.log(
      `\nLa misma tienda (${PRODUCTOS} productos, ${miles(a.filas.ventas)} ventas en ${DIAS} días), sola (A) y entre ${miles(TIENDAS)} tiendas (B): dos bases del mismo PostgreSQL, medidas por turnos en ${RONDAS} rondas; analítica: ${PEDIDOS} pedidos secuenciales por fila y ronda tras 3 de calentamiento, rangos que terminan ayer:`,
    );
    console.log(tablaMarkdown(['medición', 'A: 1 tienda', `B: ${miles(TIENDAS)} tiendas`, 'B/A', 'sin degradarse'], filas));
    console.log(
      `\n${sinDegradar ? 'No se degrada' : 'SE DEGRADA'} con el número de tiendas (ventas/s B/A ≥ ${decimales(RAZON_VENTAS_MIN, 2)} y cada p95 B/A ≤ ${decimales(RAZON_P95_MAX, 2)}).`,
    );
    console.log(
      `Máquina: ${os.cpus().length} CPU, Node ${process.version}, carga ${decimales(cargaInicial, 1)} al empezar y ${decimales(os.loadavg()[0]!, 1)} al terminar. Total: ${seg(Date.now() - inicio)}.`,
    );
  } finally {
    for (const f of fases) await detenerServidor(f.servidor.child);
    for (const c of conexiones) await c.end().catch(() => {});
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The demo's pyme@demo.cl shop: the one measured in both phases. */
async function tiendaMedida(url: string): Promise<Tienda[]> {
  const c = new pg.Client({ connectionString: url, types: TIPOS_PG });
  await c.connect();
  try {
    const { rows } = await c.query<Tienda>(
      `SELECT m.id_minimarket AS id, m.id_usuario AS usuario FROM minimarket m JOIN usuario u ON u.id_usuario = m.id_usuario
       WHERE u.correo = $1 ORDER BY m.id_minimarket LIMIT 1`,
      [CUENTA.correo],
    );
    return rows;
  } finally {
    await c.end();
  }
}

void (process.env.BENCH_ROLE === 'server' ? servirComoHijo({ LOG_LEVEL: 'silent', IMPORT_CONCURRENCY: '0' }) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
