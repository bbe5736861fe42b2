// A shop's data export (GET /api/minimarkets/:id/exportacion): the .zip is opened with yauzl and
// each CSV compared with the database, table by table, for that shop only.
import Papa from 'papaparse';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJE_DEMASIADAS_PESADAS } from '../src/modules/analitica/lectura-pesada.js';
import { EMISOR_SIMULADOR } from './boletas-helpers.js';
import { importar } from './cargas-helpers.js';
import { createTestContext, DEMO, nuevoProducto, pedidoVentaDe, type TestContext } from './helpers.js';

let ctx: TestContext;
/** A connection closed or ended comes back to the pool in its own time: long on a machine running other work. */
const ESPERA_TURNOS_MS = 30_000;

/** Whether each of the user's two heavy-read turns can be taken now (each given back at once). */
async function turnosLibres(idUsuario: number) {
  const { pesadas } = ctx.app.services;
  const abiertas = await Promise.allSettled([pesadas.abrir(idUsuario), pesadas.abrir(idUsuario)]);
  for (const a of abiertas) if (a.status === 'fulfilled') await a.value.cerrar();
  return abiertas.map((a) => a.status);
}
let tienda: number;
let otra: number;
beforeAll(async () => {
  ctx = await createTestContext();
  tienda = await ctx.shopOf(DEMO.pyme.correo);
  otra = await ctx.shopOf(DEMO.pyme2.correo);
  await poblar();
});
afterAll(() => ctx.close());

/** Each file of the .zip and the table (and id column) it must match. */
const ARCHIVOS = {
  'minimarket.csv': ['minimarket', 'id_minimarket'],
  'productos.csv': ['producto', 'id_producto'],
  'ventas.csv': ['venta', 'id_venta'],
  'detalle_ventas.csv': ['detalle_venta', 'id_detalle_venta'],
  'pagos_venta.csv': ['pago_venta', 'id_venta'],
  'devoluciones.csv': ['devolucion', 'id_devolucion'],
  'detalle_devoluciones.csv': ['detalle_devolucion', 'id_detalle_devolucion'],
  'pagos_devolucion.csv': ['devolucion_pago', 'id_devolucion'],
  'turnos_caja.csv': ['turno_caja', 'id_turno'],
  'movimientos_caja.csv': ['movimiento_caja', 'id_movimiento'],
  'movimientos_stock.csv': ['movimiento_stock', 'id_movimiento'],
  'cargas.csv': ['archivo_carga', 'id_archivo'],
  'filas_rechazadas.csv': ['fila_rechazada', 'id_fila_rechazada'],
  'clientes.csv': ['cliente', 'id_cliente'],
  'abonos.csv': ['abono', 'id_abono'],
  'documentos_dte.csv': ['documento_dte', 'id_documento'],
  // A cashier's account names its shop in its own column (docs/cajeros.md).
  'cajeros.csv': ['usuario', 'id_usuario', 'id_minimarket_cajero'],
  'auditoria.csv': ['auditoria', 'id_auditoria'],
  'ventas_rechazadas.csv': ['venta_rechazada', 'id_venta_rechazada'],
} as const;

/** Columns that must never leave: credentials, tokens, keys, leases, the boleta's stamp and PDF. */
const SECRETAS = [
  'contrasena_hash',
  'correo',
  'token',
  'token_hash',
  'api_key_cifrada',
  'ted',
  'pdf',
  'lease_hasta',
  'tomado_por',
  'tomado_hasta',
  'idempotency_key',
  'clave',
  'datos',
];

function descomprimir(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, archivo) => {
      if (err) return reject(err);
      const entradas = new Map<string, string>();
      archivo.on('error', reject);
      archivo.on('end', () => resolve(entradas));
      archivo.on('entry', (entrada: yauzl.Entry) => {
        archivo.openReadStream(entrada, (e, flujo) => {
          if (e) return reject(e);
          const trozos: Buffer[] = [];
          flujo.on('data', (t: Buffer) => trozos.push(t));
          flujo.on('error', reject);
          flujo.on('end', () => {
            entradas.set(entrada.fileName, Buffer.concat(trozos).toString('utf8'));
            archivo.readEntry();
          });
        });
      });
      archivo.readEntry();
    });
  });
}

/** A CSV as the export writes it (BOM, ';', CRLF): header and rows. */
function leerCsv(texto: string) {
  expect(texto.startsWith('\uFEFF')).toBe(true);
  const { data } = Papa.parse<string[]>(texto.slice(1), { delimiter: ';', skipEmptyLines: true });
  const [encabezado, ...filas] = data;
  return { encabezado: encabezado!, filas };
}

/**
 * What the demo data lacks, so no file of the export is compared empty: a cash shift with a
 * movement, a split sale on credit with a return, a boleta, an upload with a rejected row.
 */
async function poblar() {
  const api = await ctx.as(DEMO.pyme);
  const pedir = async (method: string, url: string, payload: unknown, estado = 201) => {
    const res = await api.request({ method, url, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(estado);
    return res.json();
  };
  await pedir('PUT', '/api/boletas/emisor', { id_minimarket: tienda, ...EMISOR_SIMULADOR }, 200);
  // A cashier (cajeros.csv; its creation is in auditoria.csv) and a sale it made offline that was
  // refused for good (ventas_rechazadas.csv): a product of another shop.
  await pedir('POST', `/api/minimarkets/${tienda}/cajeros`, { nombre: 'Cajera Exportación', pin: '4455' });
  const ajeno = await ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: otra } });
  const rechazada = await api.request({
    method: 'POST',
    url: '/api/ventas/',
    headers: { 'idempotency-key': 'exportacion-rechazada' },
    payload: {
      id_minimarket: tienda,
      origen: 'offline',
      fecha_venta: new Date().toISOString(),
      referencia_local: 'CEXP-0001',
      total: ajeno.precio_venta_actual,
      metodo_pago: 'Efectivo',
      detalles: [
        {
          id_producto: ajeno.id_producto,
          num_unidades: 1,
          precio_unitario: ajeno.precio_venta_actual,
          subtotal: ajeno.precio_venta_actual,
        },
      ],
    },
  });
  expect(rechazada.statusCode, rechazada.body).toBe(404);
  const turno = await pedir('POST', '/api/caja/turnos', { id_minimarket: tienda, monto_inicial: 10_000 });
  await pedir('POST', `/api/caja/turnos/${turno.id_turno}/movimientos`, { tipo: 'ingreso', monto: 5000, motivo: 'Sencillo del banco' });
  const cliente = await pedir('POST', '/api/clientes', { id_minimarket: tienda, nombre: 'Vecina Exportación' });
  const p = await nuevoProducto(api, tienda, { precio_venta: 500 });
  const venta = await pedir('POST', '/api/ventas/', {
    id_minimarket: tienda,
    total: 10_000,
    id_cliente: cliente.id_cliente,
    detalles: [{ id_producto: p.id_producto, num_unidades: 20, precio_unitario: 500, subtotal: 10_000 }],
    pagos: [
      { metodo_pago: 'Efectivo', monto: 5000 },
      { metodo_pago: 'Fiado', monto: 5000 },
    ],
  });
  await pedir('POST', `/api/ventas/${venta.id_venta}/devoluciones`, {
    motivo: 'Venían rotas',
    detalles: [{ id_producto: p.id_producto, num_unidades: 13 }],
  });
  const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
  const { detalle } = await importar(
    api,
    { id_minimarket: tienda, id_usuario, upload_type: 'productos' },
    'productos.csv',
    `nombre_producto;categoria;precio_venta;stock;codigo_barra\r\nLeche Exportación;Lácteos;990;10;7800000000017\r\nSin precio;Lácteos;abc;1;7800000000024\r\n`,
  );
  expect(detalle.detalle_errores.length).toBeGreaterThan(0);
}

async function exportar(cuenta: (typeof DEMO)[keyof typeof DEMO], id: number) {
  const api = await ctx.as(cuenta);
  return api.request({ method: 'GET', url: `/api/minimarkets/${id}/exportacion` });
}

async function idsEnLaBase(tabla: string, columna: string, id: number, columnaTienda = 'id_minimarket'): Promise<string[]> {
  const filas = await ctx.db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT ${columna}::text AS id FROM ${tabla} WHERE ${columnaTienda} = $1 ORDER BY 1`,
    id,
  );
  return filas.map((f) => f.id);
}

describe('GET /api/minimarkets/:id/exportacion', () => {
  it('the owner gets every table of the shop, row for row, and nothing of another shop', async () => {
    // Something of the other shop's libreta, to be sure it does not leak.
    const pyme2 = await ctx.as(DEMO.pyme2);
    const ajeno = await pyme2.request({
      method: 'POST',
      url: '/api/clientes',
      payload: { id_minimarket: otra, nombre: 'Cliente Ajeno Exportación' },
    });
    expect(ajeno.statusCode).toBe(201);

    const res = await exportar(DEMO.pyme, tienda);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    expect(res.headers['content-disposition']).toContain(`attachment; filename="minimarket-${tienda}-${hoy}.zip"`);

    const entradas = await descomprimir(res.rawPayload);
    expect([...entradas.keys()].sort()).toEqual(['README.txt', ...Object.keys(ARCHIVOS)].sort());

    const readme = entradas.get('README.txt')!;
    expect(readme).toContain('Minimarket Don Pepe');
    expect(readme).toContain('pesos');
    expect(readme).toContain('gramos');
    for (const archivo of Object.keys(ARCHIVOS)) expect(readme).toContain(archivo);

    const vacias: string[] = [];
    for (const [archivo, [tabla, columna, columnaTienda]] of Object.entries(ARCHIVOS) as [string, readonly [string, string, string?]][]) {
      const { encabezado, filas } = leerCsv(entradas.get(archivo)!);
      for (const secreta of SECRETAS) expect(encabezado, archivo).not.toContain(secreta);
      const esperados = await idsEnLaBase(tabla, columna, tienda, columnaTienda);
      const i = encabezado.indexOf(columna);
      expect(i, `${archivo} has ${columna}`).toBeGreaterThanOrEqual(0);
      // Same rows as the database's for this shop: the count, and the very ids (none of another shop).
      expect(filas.length, archivo).toBe(esperados.length);
      expect(filas.map((f) => f[i]!).sort(), archivo).toEqual([...esperados].sort());
      if (filas.length === 0) vacias.push(archivo);
    }
    // The demo data and poblar() leave rows in every table: no file above was compared empty.
    expect(vacias).toEqual([]);

    const todo = [...entradas.values()].join('\n');
    expect(todo).not.toContain('Cliente Ajeno Exportación');
    expect(todo).not.toMatch(/\$2[aby]\$/); // no bcrypt hash anywhere
  });

  it('writes dates with Chile offset, amounts as whole pesos and kg lines in grams', async () => {
    const entradas = await descomprimir((await exportar(DEMO.pyme, tienda)).rawPayload);
    const { encabezado, filas } = leerCsv(entradas.get('ventas.csv')!);
    const fecha = filas[0]![encabezado.indexOf('fecha_venta')]!;
    expect(fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[34]:00$/);
    expect(filas.every((f) => /^\d+$/.test(f[encabezado.indexOf('total')]!))).toBe(true);

    const lineas = leerCsv(entradas.get('detalle_ventas.csv')!);
    const kg = lineas.filas.filter((f) => f[lineas.encabezado.indexOf('unidad')] === 'kg');
    const [gramos] = await ctx.db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*)::bigint AS n FROM detalle_venta WHERE id_minimarket = ${tienda} AND unidad = 'kg'`;
    expect(kg.length).toBe(Number(gramos!.n));
    expect(kg.every((f) => /^\d+$/.test(f[lineas.encabezado.indexOf('cantidad')]!))).toBe(true);
  });

  it('an administrador exports any shop; another owner gets 403; no such shop 404; no session 401', async () => {
    const admin = await exportar(DEMO.admin, otra);
    expect(admin.statusCode).toBe(200);
    const entradas = await descomprimir(admin.rawPayload);
    const { filas } = leerCsv(entradas.get('clientes.csv')!);
    expect(filas.map((f) => f[1])).toContain('Cliente Ajeno Exportación');

    const ajena = await exportar(DEMO.pyme2, tienda);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json()).toEqual({ detail: 'No tiene acceso a este minimarket.', code: 'FORBIDDEN_MINIMARKET' });

    expect((await exportar(DEMO.admin, 999_999)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/minimarkets/${tienda}/exportacion` })).statusCode).toBe(401);
  });

  it('shows one instant: a sale made while the file is written is not in it, in no file', async () => {
    const u = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const usuario = { id_usuario: u.id_usuario, nombre: u.nombre, correo: u.correo, rol: 'pyme' as const, id_minimarket_cajero: null };
    const antes = await idsEnLaBase('venta', 'id_venta', tienda);
    const { contenido } = await ctx.app.services.exportacion.exportar(usuario, tienda);
    const api = await ctx.as(DEMO.pyme);
    const p = await nuevoProducto(api, tienda, { precio_venta: 700 });
    const venta = await api.request(pedidoVentaDe(tienda, [{ id_producto: p.id_producto, precio: 700, n: 1 }]));
    expect(venta.statusCode, venta.body).toBe(201);
    const trozos: Buffer[] = [];
    for await (const t of contenido) trozos.push(t as Buffer);
    const entradas = await descomprimir(Buffer.concat(trozos));
    const ventas = leerCsv(entradas.get('ventas.csv')!);
    expect(ventas.filas.map((f) => f[0]).sort()).toEqual([...antes].sort());
    const productos = leerCsv(entradas.get('productos.csv')!);
    expect(productos.filas.map((f) => f[0])).not.toContain(String(p.id_producto));
    const lineas = leerCsv(entradas.get('detalle_ventas.csv')!);
    expect(lineas.filas.map((f) => f[1])).not.toContain(String(venta.json().id_venta));
  });

  it("is a heavy read: with the user's two turns taken, 429 in Spanish before any byte", async () => {
    const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const { pesadas } = ctx.app.services;
    // The export before this test gives its turn back when its connection closes, just after its last
    // byte: both turns are taken once that has happened.
    const turnos: Array<Awaited<ReturnType<typeof pesadas.abrir>>> = [];
    await expect
      .poll(
        async () => {
          while (turnos.length < 2) turnos.push(await pesadas.abrir(id_usuario));
          return turnos.length;
        },
        { timeout: ESPERA_TURNOS_MS },
      )
      .toBe(2);
    try {
      const res = await exportar(DEMO.pyme, tienda);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ detail: MENSAJE_DEMASIADAS_PESADAS, code: 'TOO_MANY_HEAVY_READS' });
    } finally {
      for (const t of turnos) await t.cerrar();
    }
    expect((await exportar(DEMO.pyme, tienda)).statusCode).toBe(200);
  });

  it('gives its heavy-read turn and connection back when it ends: three in a row all answer', async () => {
    for (let i = 0; i < 3; i++) expect((await exportar(DEMO.pyme, tienda)).statusCode).toBe(200);
  });

  it('an export abandoned midway gives its turn and connection back', async () => {
    const u = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const usuario = { id_usuario: u.id_usuario, nombre: u.nombre, correo: u.correo, rol: 'pyme' as const, id_minimarket_cajero: null };
    const { contenido } = await ctx.app.services.exportacion.exportar(usuario, tienda);
    // The first bytes arrive (the .zip is being written), then the client goes away.
    await new Promise<void>((resolve) => contenido.once('data', () => resolve()));
    contenido.destroy();
    // Both of the user's turns free again: the abandoned export held one until its connection closed.
    await expect.poll(() => turnosLibres(u.id_usuario), { timeout: ESPERA_TURNOS_MS }).toEqual(['fulfilled', 'fulfilled']);
  });

  it('the database gone midway: the .zip fails (cut, never complete-looking), the app stays up, the turn comes back', async () => {
    const u = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const usuario = { id_usuario: u.id_usuario, nombre: u.nombre, correo: u.correo, rol: 'pyme' as const, id_minimarket_cajero: null };
    const { contenido } = await ctx.app.services.exportacion.exportar(usuario, tienda);
    // Read the first bytes and stop reading (a slow client): the export's connection waits, idle in its transaction.
    await new Promise<void>((resolve) => contenido.once('readable', () => resolve()));
    const trozos: Buffer[] = [contenido.read() as Buffer];
    const fin = new Promise<'error' | 'end'>((resolve) => {
      contenido.once('error', () => resolve('error'));
      contenido.once('end', () => resolve('end'));
    });
    // A failover, a restart: PostgreSQL ends the connection under the paused export (once the
    // reading ahead has stopped and it waits, idle in its transaction).
    await expect
      .poll(
        async () => {
          const [f] = await ctx.db.$queryRaw<{ terminadas: number }[]>`
          SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS terminadas FROM pg_stat_activity
          WHERE application_name = 'minimarket-descargas' AND datname = current_database() AND state = 'idle in transaction'`;
          return f!.terminadas;
        },
        { timeout: ESPERA_TURNOS_MS },
      )
      .toBe(1);
    contenido.on('data', (t: Buffer) => trozos.push(t));
    expect(await fin).toBe('error');
    await expect(descomprimir(Buffer.concat(trozos))).rejects.toThrow();
    // The app still answers, and the user's turns are both free.
    expect((await exportar(DEMO.pyme, tienda)).statusCode).toBe(200);
    await expect.poll(() => turnosLibres(u.id_usuario), { timeout: ESPERA_TURNOS_MS }).toEqual(['fulfilled', 'fulfilled']);
  });
});
