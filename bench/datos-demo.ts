// What the benches that need one big shop share: an embedded PostgreSQL in a temporary folder,
// migrated and seeded with the demo, and a year and a bit of sales for the demo owner's shop
// written by plain SQL (no API, no ledger: the analytics and the exports read the lines).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '../apps/api/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { seedDemo } from '../apps/api/src/db/seed/seed.js';
import { puertoLibre } from './servidor-hijo.js';
import { TIPOS_PG } from '../apps/api/src/db/ids.js';

const ESTE_ARCHIVO = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
const requireApi = createRequire(path.join(path.resolve(path.dirname(ESTE_ARCHIVO), '../apps/api'), 'package.json'));
const pg = requireApi('pg') as typeof import('pg');

export const CUENTA_DEMO = { correo: 'pyme@demo.cl', password: 'Pyme1234' };

/** A fresh embedded PostgreSQL with the demo, a client on it, and the demo owner's shop. */
export async function baseDemo(nombre: string) {
  const inicio = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `minimarket-${nombre}-bench-`));
  fs.chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await puertoLibre(),
    database: `minimarket_${nombre.replace(/-/g, '_')}_bench`,
  });
  const sql = new pg.Client({ connectionString: embedded.url, types: TIPOS_PG });
  await migrate(embedded.url);
  const seedDb = createDb(embedded.url, 2);
  await seedDemo(seedDb);
  await seedDb.$disconnect();
  await sql.connect();
  const { rows } = await sql.query<{ id_minimarket: number; id_usuario: number }>(
    `SELECT m.id_minimarket, m.id_usuario FROM minimarket m JOIN usuario u ON u.id_usuario = m.id_usuario WHERE u.correo = $1`,
    [CUENTA_DEMO.correo],
  );
  const { id_minimarket: tienda, id_usuario: idUsuario } = rows[0]!;
  console.log(`PostgreSQL embebido, migrado y con datos de demostración en ${((Date.now() - inicio) / 1000).toFixed(1)} s`);
  return { dataDir, embedded, sql, tienda, idUsuario };
}

/**
 * `lineas` sale lines for the shop, 2.5 per sale, over the last 400 days at shop hours (8 to 22
 * local), of its products sold by the unit (a kg line is grams at montoPorPeso, docs/granel.md, not
 * precio × n). Sale ids from 50,000,001 on. The caller runs ANALYZE.
 */
export async function insertarVentas(sql: import('pg').Client, tienda: number, idUsuario: number, lineas: number) {
  const ventas = Math.round(lineas / 2.5);
  await sql.query('SELECT setseed(0.42)');
  await sql.query(
    `CREATE TEMP TABLE prods AS
     SELECT id_producto, precio_venta_actual AS precio, precio_compra_actual AS costo, nombre_producto, categoria,
            (row_number() OVER (ORDER BY id_producto) - 1)::int AS i
     FROM producto WHERE id_minimarket = $1 AND unidad = 'unidad'`,
    [tienda],
  );
  const {
    rows: [{ n: productos }],
  } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM prods');
  await sql.query(
    `INSERT INTO venta (id_venta, id_minimarket, id_usuario, fecha_venta, total, metodo_pago, estado_venta)
     SELECT 50000000 + g, $1, $2,
            ((current_date - (random() * 400)::int)::timestamp + make_interval(hours => 8 + (random() * 14)::int, mins => (random() * 59)::int))
              AT TIME ZONE 'America/Santiago',
            0, (ARRAY['Efectivo','Tarjeta de Débito','Tarjeta de Crédito','Transferencia Bancaria'])[1 + (g % 4)], 'Completada'
     FROM generate_series(1, $3::int) AS g`,
    [tienda, idUsuario, ventas],
  );
  await sql.query(
    `INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal, nombre_producto, costo_unitario, categoria)
     SELECT 50000000 + 1 + (g % $3::int), $1, p.id_producto, u, p.precio, p.precio * u, p.nombre_producto, p.costo, p.categoria
     FROM generate_series(0, $2::int - 1) AS g
     CROSS JOIN LATERAL (SELECT 1 + (g % 3) AS u) AS x
     JOIN prods p ON p.i = ((g::bigint * 7919) % $4::int)`,
    [tienda, lineas, ventas, productos],
  );
  await sql.query(
    `UPDATE venta v SET total = s.t FROM (SELECT id_venta, sum(subtotal)::int AS t FROM detalle_venta WHERE id_venta > 50000000 GROUP BY 1) s WHERE s.id_venta = v.id_venta`,
  );
  return { ventas, productos };
}
