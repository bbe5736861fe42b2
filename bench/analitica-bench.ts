// Analytics benchmark: one shop with 1,000,000 sale lines (plus the demo shops), every
// /api/analitica endpoint timed through HTTP for a 30-day and a 365-day range, each beside the
// straightforward SQL aggregate over the raw lines for the same question (its floor without
// summaries). Prints figures next to the target; asserts nothing.
//
//   cd apps/api && npx tsx ../../bench/analitica-bench.ts        (or: npm run bench, from the root)
//
// Knobs (environment): BENCH_LINEAS (1000000), BENCH_REPETICIONES (30 requests per endpoint and range).
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { detenerServidor, iniciarServidor, login, servirComoHijo } from './servidor-hijo.js';
import { cronometrar, pct } from './medir.js';
import { tablaMarkdown } from './tabla.js';
import { baseDemo, CUENTA_DEMO as CUENTA, insertarVentas } from './datos-demo.js';

const ESTE_ARCHIVO = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);

const LINEAS = Number(process.env.BENCH_LINEAS ?? 1_000_000);
const REPETICIONES = Number(process.env.BENCH_REPETICIONES ?? 30);
const OBJETIVO_P95_MS = 100;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const diaDe = (d: Date) => d.toISOString().slice(0, 10);

async function main() {
  const inicio = Date.now();
  const { dataDir, embedded, sql, tienda, idUsuario: id_usuario } = await baseDemo('analitica');
  let servidor: Awaited<ReturnType<typeof iniciarServidor>> | undefined;
  try {
    let t = Date.now();
    const { ventas, productos: nProductos } = await insertarVentas(sql, tienda, id_usuario, LINEAS);
    await sql.query('ANALYZE');
    console.log(
      `${LINEAS.toLocaleString('es-CL')} líneas (${ventas.toLocaleString('es-CL')} ventas, ${nProductos} productos, 400 días) en ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );

    t = Date.now();
    await sql.query(
      `INSERT INTO resumen_pendiente SELECT DISTINCT $1::int, (fecha_venta AT TIME ZONE 'America/Santiago')::date FROM venta WHERE id_minimarket = $1 ON CONFLICT (id_minimarket, dia) DO NOTHING`,
      [tienda],
    );
    const {
      rows: [{ dias }],
    } = await sql.query<{ dias: number }>('SELECT refrescar_resumen_ventas($1, NULL) AS dias', [tienda]);
    await sql.query('ANALYZE');
    const { rows: tamanos } = await sql.query<{ tabla: string; filas: string }>(
      `SELECT relname AS tabla, n_live_tup::text AS filas FROM pg_stat_user_tables WHERE relname LIKE 'resumen_%' ORDER BY relname`,
    );
    console.log(
      `Resúmenes de ${dias} días sumados desde cero en ${((Date.now() - t) / 1000).toFixed(1)} s (${tamanos.map((x) => `${x.tabla} ${Number(x.filas).toLocaleString('es-CL')}`).join(', ')})`,
    );

    servidor = await iniciarServidor(ESTE_ARCHIVO, embedded.url);
    const base = `http://127.0.0.1:${servidor.port}/api/analitica`;
    const token = await login(servidor.port, CUENTA);
    const pedir = async (ruta: string) => {
      const res = await fetch(`${base}/${ruta}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${ruta}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    const hoy = new Date();
    const filas: string[][] = [];
    let cumple = true;
    for (const dias of [30, 365]) {
      const desde = diaDe(new Date(hoy.getTime() - (dias - 1) * 86_400_000));
      const hasta = diaDe(hoy);
      const rango = `desde=${desde}&hasta=${hasta}`;
      // The raw lines of the range, as the straightforward aggregate reads them.
      const lineas = `FROM venta v JOIN detalle_venta d ON d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta
        WHERE v.id_minimarket = ${tienda} AND v.estado_venta = 'Completada'
          AND v.fecha_venta >= ('${desde}'::date::timestamp AT TIME ZONE 'America/Santiago')
          AND v.fecha_venta < (('${hasta}'::date + 1)::timestamp AT TIME ZONE 'America/Santiago')`;
      const local = `(v.fecha_venta AT TIME ZONE 'America/Santiago')`;
      const casos: Array<[string, string, string]> = [
        [
          'resumen',
          `resumen?${rango}`,
          `SELECT count(DISTINCT v.id_venta), sum(d.subtotal), sum(d.num_unidades), sum(d.costo_unitario * d.num_unidades) ${lineas}`,
        ],
        ['serie (día)', `serie?${rango}`, `SELECT ${local}::date, count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} GROUP BY 1`],
        [
          'serie (mes)',
          `serie?${rango}&agrupar=mes`,
          `SELECT date_trunc('month', ${local}), count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} GROUP BY 1`,
        ],
        ['por-categoria', `por-categoria?${rango}`, `SELECT d.categoria, count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} GROUP BY 1`],
        [
          'por-metodo-pago',
          `por-metodo-pago?${rango}`,
          `SELECT v.metodo_pago, count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} GROUP BY 1`,
        ],
        [
          'mapa-calor',
          `mapa-calor?${rango}`,
          `SELECT extract(isodow FROM ${local}), extract(hour FROM ${local}), count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} GROUP BY 1, 2`,
        ],
        [
          'ranking',
          `ranking?${rango}&limite=10`,
          `SELECT d.id_producto, sum(d.subtotal) AS s ${lineas} GROUP BY 1 ORDER BY s DESC LIMIT 10`,
        ],
        [
          'resumen · categoría',
          `resumen?${rango}&categoria=Abarrotes`,
          `SELECT count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas} AND d.categoria = 'Abarrotes'`,
        ],
        [
          'ranking · método',
          `ranking?${rango}&metodo_pago=Efectivo`,
          `SELECT d.id_producto, sum(d.subtotal) AS s ${lineas} AND v.metodo_pago = 'Efectivo' GROUP BY 1 ORDER BY s DESC LIMIT 10`,
        ],
        [
          'cubo',
          `cubo?${rango}`,
          `SELECT d.categoria, extract(isodow FROM ${local}), extract(hour FROM ${local}), sum(d.subtotal), sum(d.num_unidades),
                  sum(d.subtotal - d.costo_unitario * d.num_unidades) ${lineas} GROUP BY 1, 2, 3`,
        ],
        [
          'lineas (página, las más nuevas)',
          `lineas?${rango}`,
          `SELECT (SELECT count(*) ${lineas}), (SELECT array_agg(x) FROM (SELECT d.id_detalle_venta AS x ${lineas} ORDER BY v.fecha_venta DESC LIMIT 25) p)`,
        ],
        [
          'lineas (por subtotal, página 3)',
          `lineas?${rango}&orden=subtotal&skip=50`,
          `SELECT (SELECT count(*) ${lineas}), (SELECT array_agg(x) FROM (SELECT d.id_detalle_venta AS x ${lineas} ORDER BY d.subtotal DESC OFFSET 50 LIMIT 25) p)`,
        ],
      ];
      if (dias === 30) {
        // Fixed windows ending today: asked once. The floor sums the 90 days of lines per product (the ABC part).
        const noventa = lineas.replace(`'${desde}'`, `'${diaDe(new Date(hoy.getTime() - 89 * 86_400_000))}'`);
        casos.push(
          ['recomendaciones', 'recomendaciones', `SELECT d.id_producto, sum(d.num_unidades), sum(d.subtotal) ${noventa} GROUP BY 1`],
          [
            'informe (mes actual)',
            'informe',
            `SELECT ${local}::date, d.categoria, v.metodo_pago, count(DISTINCT v.id_venta), sum(d.subtotal) ${lineas.replace(`'${desde}'`, `'${hasta.slice(0, 8)}01'`)} GROUP BY 1, 2, 3`,
          ],
        );
      }
      for (const [nombre, ruta, crudo] of casos) {
        const api = await cronometrar(() => pedir(ruta), REPETICIONES);
        const piso = await cronometrar(() => sql.query(crudo), Math.min(10, REPETICIONES));
        const p95 = pct(api, 95);
        if (p95 >= OBJETIVO_P95_MS) cumple = false;
        filas.push([`${nombre} (${dias} días)`, ms(pct(api, 50)), ms(p95), ms(pct(piso, 50)), p95 < OBJETIVO_P95_MS ? 'sí' : 'NO']);
      }
    }

    // A sale at the counter makes today pending: the next read sums today again first.
    const {
      rows: [producto],
    } = await sql.query<{ id_producto: number; precio: number }>(
      "SELECT id_producto, precio_venta_actual AS precio FROM producto WHERE id_minimarket = $1 AND stock > 5 AND unidad = 'unidad' ORDER BY id_producto LIMIT 1",
      [tienda],
    );
    const tras: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`http://127.0.0.1:${servidor.port}/api/ventas/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          id_minimarket: tienda,
          total: producto!.precio,
          metodo_pago: 'Efectivo',
          detalles: [
            { id_producto: producto!.id_producto, num_unidades: 1, precio_unitario: producto!.precio, subtotal: producto!.precio },
          ],
        }),
      });
      if (res.status !== 201) throw new Error(`venta: ${res.status} ${await res.text()}`);
      const t0 = performance.now();
      await pedir(`resumen?desde=${diaDe(new Date(hoy.getTime() - 29 * 86_400_000))}&hasta=${diaDe(hoy)}`);
      tras.push(performance.now() - t0);
    }
    filas.push([
      'resumen justo después de una venta (30 días)',
      ms(pct(tras, 50)),
      ms(pct(tras, 95)),
      '—',
      pct(tras, 95) < OBJETIVO_P95_MS ? 'sí' : 'NO',
    ]);

    const encabezado = ['consulta', 'API p50', 'API p95', 'SQL crudo p50', `p95 < ${OBJETIVO_P95_MS} ms`];
    console.log(
      `\nAPI por HTTP (${REPETICIONES} pedidos secuenciales por fila, 3 de calentamiento); piso = el agregado directo sobre las líneas crudas:`,
    );
    console.log(tablaMarkdown(encabezado, filas));
    console.log(
      `\n${cumple ? 'Todas' : 'No todas'} las consultas bajo ${OBJETIVO_P95_MS} ms de p95. Máquina: ${os.cpus().length} CPU, Node ${process.version}, carga ${os.loadavg()[0]!.toFixed(2)}.`,
    );
  } finally {
    if (servidor) await detenerServidor(servidor.child);
    await sql.end().catch(() => {});
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Total del benchmark: ${((Date.now() - inicio) / 1000).toFixed(0)} s.`);
}

void (process.env.BENCH_ROLE === 'server' ? servirComoHijo({ LOG_LEVEL: 'silent', IMPORT_CONCURRENCY: '0' }) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
