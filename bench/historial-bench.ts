// History benchmark (issue #18): a shop moving from another POS imports 420 days of a busy shop's
// sales on day one (about 138,600 sales and 347,000 lines, through the real upload), and then asks
// every analytics endpoint for the first time. Before issue #18 the first read summed every pending
// day inside its own 5-second transaction and answered 500 after 7 s. Now reads answer at once
// (adding the last week of pending days themselves and saying how many older ones are still being
// prepared), while the summary worker sums the rest in short batches. Printed: the import, each
// first call (with its figures' state), how long the worker took, each call once summed, and the
// floors measured in the same run: COPY of the same rows into a plain table, and the straightforward
// SQL aggregate over the raw lines for the same question. Asserts nothing.
//
//   cd apps/api && npx tsx ../../bench/historial-bench.ts        (or: npm run bench, from the root)
//
// Knobs: BENCH_HISTORIAL_DIAS (420), BENCH_HISTORIAL_VENTAS_DIA (330).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb } from '../apps/api/src/db/client.js';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres.js';
import { migrate } from '../apps/api/src/db/migrate.js';
import { mulberry32 } from '../apps/api/src/db/seed/azar.js';
import { seedDemo } from '../apps/api/src/db/seed/seed.js';
import { diaLocal } from '../apps/api/src/lib/tiempo.js';
import { desplazarDia } from '../packages/contracts/src/dias.js';
import { detenerServidor, iniciarServidor, login, puertoLibre, servirComoHijo } from './servidor-hijo.js';
import { tablaMarkdown } from './tabla.js';
import { TIPOS_PG } from '../apps/api/src/db/ids.js';

const ESTE_ARCHIVO = path.resolve(process.argv[1]!);
const DIAS = Number(process.env.BENCH_HISTORIAL_DIAS ?? 420);
const VENTAS_DIA = Number(process.env.BENCH_HISTORIAL_VENTAS_DIA ?? 330);
const CUENTA = { correo: 'pyme@demo.cl', password: 'Pyme1234' };
/** A first call answering in more than this would be a shop owner staring at a spinner. */
const OBJETIVO_PRIMERA_MS = 1000;

const ms = (x: number) => `${x.toFixed(0)} ms`;
const s = (x: number) => `${(x / 1000).toFixed(1)} s`;

/** 420 days of a busy shop as the sales template's CSV: 1–4 lines a sale, shop hours, four methods. */
function escribirHistorial(ruta: string, codigos: string[], hoy: string): { ventas: number; lineas: number } {
  const azar = mulberry32(18);
  const metodos = ['Efectivo', 'Tarjeta de Débito', 'Tarjeta de Crédito', 'Transferencia Bancaria'];
  const partes: string[] = ['id_venta_csv;fecha_venta;metodo_pago;codigo_barra;num_unidades'];
  let ventas = 0;
  let lineas = 0;
  for (let d = DIAS; d >= 1; d--) {
    const dia = desplazarDia(hoy, -d);
    for (let v = 0; v < VENTAS_DIA; v++) {
      ventas++;
      const hora = String(8 + Math.floor(azar() * 14)).padStart(2, '0');
      const minuto = String(Math.floor(azar() * 60)).padStart(2, '0');
      const metodo = metodos[Math.floor(azar() * metodos.length)]!;
      const n = 1 + Math.floor(azar() * 4);
      for (let l = 0; l < n; l++) {
        lineas++;
        partes.push(
          `H-${ventas};${dia} ${hora}:${minuto}:00;${metodo};${codigos[Math.floor(azar() * codigos.length)]};${1 + Math.floor(azar() * 3)}`,
        );
      }
    }
  }
  fs.writeFileSync(ruta, partes.join('\r\n') + '\r\n');
  return { ventas, lineas };
}

async function main() {
  const inicio = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-historial-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await puertoLibre(), database: 'minimarket_historial_bench' });
  let servidor: Awaited<ReturnType<typeof iniciarServidor>> | undefined;
  const sql = new pg.Client({ connectionString: embedded.url, types: TIPOS_PG });
  try {
    await migrate(embedded.url);
    const seedDb = createDb(embedded.url, 2);
    // A shop with no history of its own: this bench's file is all it has.
    await seedDemo(seedDb, { dias: 0 });
    await seedDb.$disconnect();
    await sql.connect();
    const {
      rows: [tienda],
    } = await sql.query<{ id_minimarket: number; id_usuario: number }>(
      `SELECT m.id_minimarket, m.id_usuario FROM minimarket m JOIN usuario u ON u.id_usuario = m.id_usuario WHERE u.correo = $1`,
      [CUENTA.correo],
    );
    const { rows: productos } = await sql.query<{ codigo_barra: string }>(
      `SELECT codigo_barra FROM producto WHERE id_minimarket = $1 AND estado = 'activo' ORDER BY id_producto`,
      [tienda!.id_minimarket],
    );
    const hoy = diaLocal(new Date());
    const ruta = path.join(dataDir, 'historial.csv');
    const { ventas, lineas } = escribirHistorial(
      ruta,
      productos.map((p) => p.codigo_barra),
      hoy,
    );
    const mb = fs.statSync(ruta).size / 1024 / 1024;
    console.log(
      `Historial: ${DIAS} días, ${ventas.toLocaleString('es-CL')} ventas, ${lineas.toLocaleString('es-CL')} líneas (${mb.toFixed(1)} MB de CSV)`,
    );

    // Floor of the import: PostgreSQL's own COPY of the same file into a plain table.
    await sql.query('CREATE TEMP TABLE piso_copy (id text, fecha text, metodo text, codigo text, unidades int)');
    let t = performance.now();
    await pipeline(
      fs.createReadStream(ruta),
      sql.query(copyFrom(`COPY piso_copy FROM STDIN WITH (FORMAT csv, DELIMITER ';', HEADER true)`)),
    );
    const pisoCopyMs = performance.now() - t;

    servidor = await iniciarServidor(ESTE_ARCHIVO, embedded.url);
    const api = `http://127.0.0.1:${servidor.port}/api`;
    const token = await login(servidor.port, CUENTA);
    const headers = { authorization: `Bearer ${token}` };

    t = performance.now();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(ruta), 'historial.csv');
    const subida = await fetch(
      `${api}/upload/files/?id_minimarket=${tienda!.id_minimarket}&id_usuario=${tienda!.id_usuario}&upload_type=ventas`,
      {
        method: 'POST',
        headers,
        body: form,
      },
    );
    if (subida.status !== 201) throw new Error(`subida: ${subida.status} ${await subida.text()}`);
    const { id_archivo } = (await subida.json()) as { id_archivo: number };
    let estadoCarga = 'En revisión';
    while (estadoCarga === 'En revisión') {
      await new Promise((r) => setTimeout(r, 100));
      const h = (await (await fetch(`${api}/upload/history/${tienda!.id_minimarket}`, { headers })).json()) as Array<{
        id_archivo: number;
        estado_procesamiento: string;
      }>;
      estadoCarga = h.find((c) => c.id_archivo === id_archivo)!.estado_procesamiento;
    }
    const importMs = performance.now() - t;
    const finImport = performance.now();
    console.log(`Importación por HTTP: ${s(importMs)} (${estadoCarga}); COPY del mismo archivo a una tabla simple: ${s(pisoCopyMs)}`);

    const desde = desplazarDia(hoy, -364);
    const rango = `desde=${desde}&hasta=${hoy}`;
    const lineasSql = `FROM venta v JOIN detalle_venta d ON d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta
      WHERE v.id_minimarket = ${tienda!.id_minimarket} AND v.estado_venta = 'Completada'
        AND v.fecha_venta >= ('${desde}'::date::timestamp AT TIME ZONE 'America/Santiago')
        AND v.fecha_venta < (('${hoy}'::date + 1)::timestamp AT TIME ZONE 'America/Santiago')`;
    const local = `(v.fecha_venta AT TIME ZONE 'America/Santiago')`;
    const casos: Array<[string, string, string]> = [
      ['resumen', `resumen?${rango}`, `SELECT count(DISTINCT v.id_venta), sum(d.subtotal) ${lineasSql}`],
      ['serie', `serie?${rango}`, `SELECT ${local}::date, count(DISTINCT v.id_venta), sum(d.subtotal) ${lineasSql} GROUP BY 1`],
      ['por-categoria', `por-categoria?${rango}`, `SELECT d.categoria, sum(d.subtotal) ${lineasSql} GROUP BY 1`],
      ['por-metodo-pago', `por-metodo-pago?${rango}`, `SELECT v.metodo_pago, sum(d.subtotal) ${lineasSql} GROUP BY 1`],
      [
        'mapa-calor',
        `mapa-calor?${rango}`,
        `SELECT extract(isodow FROM ${local}), extract(hour FROM ${local}), sum(d.subtotal) ${lineasSql} GROUP BY 1, 2`,
      ],
      ['ranking', `ranking?${rango}`, `SELECT d.id_producto, sum(d.subtotal) AS x ${lineasSql} GROUP BY 1 ORDER BY x DESC LIMIT 10`],
      ['recomendaciones', 'recomendaciones', `SELECT d.id_producto, sum(d.subtotal) ${lineasSql} GROUP BY 1`],
      ['lineas', `lineas?${rango}`, `SELECT count(*) ${lineasSql}`],
      [
        'cubo',
        `cubo?${rango}`,
        `SELECT d.categoria, extract(isodow FROM ${local}), extract(hour FROM ${local}), sum(d.subtotal) ${lineasSql} GROUP BY 1, 2, 3`,
      ],
      ['informe', 'informe', `SELECT ${local}::date, sum(d.subtotal) ${lineasSql} GROUP BY 1`],
    ];
    const pedir = async (ruta: string) => {
      const t0 = performance.now();
      const res = await fetch(`${api}/analitica/${ruta}`, { headers });
      const cuerpo = await res.text();
      return { ms: performance.now() - t0, estado: res.status, cuerpo };
    };

    // First calls, right after the import: the worker has barely begun.
    const primeras: Array<{ nombre: string; ms: number; estado: number; preparando: string }> = [];
    for (const [nombre, ruta] of casos) {
      const r = await pedir(ruta);
      const enPrep = ruta.startsWith('resumen')
        ? String((JSON.parse(r.cuerpo) as { dias_en_preparacion?: number }).dias_en_preparacion)
        : '';
      primeras.push({ nombre, ms: r.ms, estado: r.estado, preparando: enPrep });
    }
    const estado0 = JSON.parse((await pedir('estado')).cuerpo) as { dias_en_preparacion: number };

    // The worker, until nothing is left to prepare.
    for (;;) {
      const e = JSON.parse((await pedir('estado')).cuerpo) as { dias_en_preparacion: number };
      const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM resumen_pendiente WHERE id_minimarket = $1', [
        tienda!.id_minimarket,
      ]);
      if (e.dias_en_preparacion === 0 && rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const trabajadorMs = performance.now() - finImport;

    const filas: string[][] = [];
    let todasAlInstante = true;
    for (const [i, [nombre, ruta, crudo]] of casos.entries()) {
      const despues = await pedir(ruta);
      const t0 = performance.now();
      await sql.query(crudo);
      const piso = performance.now() - t0;
      const p = primeras[i]!;
      if (p.estado !== 200 || p.ms > OBJETIVO_PRIMERA_MS) todasAlInstante = false;
      filas.push([nombre, `${p.estado}`, ms(p.ms), p.preparando || '—', ms(despues.ms), ms(piso)]);
    }

    const encabezado = ['endpoint (365 días)', 'primera: estado', 'primera: tiempo', 'días en preparación', 'ya resumido', 'SQL crudo'];
    console.log(
      `\nPrimera llamada a cada endpoint justo después de la importación (días por preparar entonces: ${estado0.dias_en_preparacion}):`,
    );
    console.log(tablaMarkdown(encabezado, filas));
    console.log(
      `\nEl trabajador resumió los ${DIAS} días en ${s(trabajadorMs)} después de la importación. ${
        todasAlInstante ? 'Todas' : 'NO todas'
      } las primeras llamadas respondieron 200 en menos de ${OBJETIVO_PRIMERA_MS} ms.`,
    );
    console.log(`Máquina: ${os.cpus().length} CPU, Node ${process.version}, carga ${os.loadavg()[0]!.toFixed(2)}.`);
  } finally {
    if (servidor) await detenerServidor(servidor.child);
    await sql.end().catch(() => {});
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Total del benchmark: ${((Date.now() - inicio) / 1000).toFixed(0)} s.`);
}

void (process.env.BENCH_ROLE === 'server' ? servirComoHijo({ LOG_LEVEL: 'warn', MAX_UPLOAD_MB: '128' }) : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
