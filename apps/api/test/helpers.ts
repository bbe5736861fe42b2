// Each test file gets a fresh database cloned from the seeded template, and the app
// built on it, driven through inject(): no port, no browser, a real PostgreSQL.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDb } from '../src/db/client.js';
import { readEnv } from '../src/env.js';

export const JWT_SECRET_PRUEBAS = 'secreto-de-pruebas-'.padEnd(48, 'x');

export const DEMO = {
  admin: { correo: 'admin@demo.cl', password: 'Admin1234' },
  pyme: { correo: 'pyme@demo.cl', password: 'Pyme1234' },
  pyme2: { correo: 'pyme2@demo.cl', password: 'Pyme1234' },
} as const;

/** The app as the tests build it, on a given database (a second replica, a restart). */
export async function buildTestApp(databaseUrl: string, db: ReturnType<typeof createDb>, envOverrides: Record<string, string> = {}) {
  // TEST_LOG_LEVEL=error shows what the app logs while a test runs (silent otherwise).
  const env = readEnv({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    ...envOverrides,
  });
  const app = await buildApp({ env, db, jwtSecret: JWT_SECRET_PRUEBAS, serveWeb: false });
  await app.ready();
  return app;
}

/** Signs in on an app the way the login form does and gives the bearer token (any app: a replica, a restart). */
export async function tokenDe(app: Awaited<ReturnType<typeof buildTestApp>>, cuenta: { correo: string; password: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: `username=${encodeURIComponent(cuenta.correo)}&password=${encodeURIComponent(cuenta.password)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.statusCode !== 200) throw new Error(`login ${cuenta.correo}: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

export async function createTestContext(envOverrides: Record<string, string> = {}) {
  const serverUrl = inject('pgServerUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  await admin.end();

  const databaseUrl = `${serverUrl}/${name}`;
  const db = createDb(databaseUrl, 25);
  const app = await buildTestApp(databaseUrl, db, envOverrides);

  const login = (cuenta: { correo: string; password: string }) => tokenDe(app, cuenta);

  /** A logged-in caller: inject() with its bearer token. */
  async function as(cuenta: { correo: string; password: string }) {
    const token = await login(cuenta);
    return {
      token,
      request: (opts: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) =>
        app.inject({
          method: opts.method as 'GET',
          url: opts.url,
          payload: opts.payload as string,
          headers: { authorization: `Bearer ${token}`, ...opts.headers },
        }),
    };
  }

  /** The demo shops by owner. */
  async function shopOf(correo: string) {
    const m = await db.minimarket.findFirstOrThrow({ where: { usuario: { correo } } });
    return m.id_minimarket;
  }

  return {
    app,
    db,
    databaseUrl,
    login,
    as,
    shopOf,
    async close() {
      await app.close();
      await db.$disconnect();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** A test file's context and the ids of the two demo shops: Don Pepe (pyme) and La Esquina (pyme2). */
export interface TiendasDemo {
  ctx: TestContext;
  donPepe: number;
  laEsquina: number;
}

/**
 * The usual setup of a test file: its own database and app, opened before the file's tests and
 * closed after them. `listo` gets the context and the demo shops once they are there (the file keeps
 * them in its own variables: `conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t))`) and may do
 * more setup of its own.
 */
export function conTiendasDemo(listo: (t: TiendasDemo) => unknown, envOverrides: Record<string, string> = {}) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext(envOverrides);
    await listo({ ctx, donPepe: await ctx.shopOf(DEMO.pyme.correo), laEsquina: await ctx.shopOf(DEMO.pyme2.correo) });
  });
  afterAll(() => ctx?.close());
}

let productosCreados = 0;
/**
 * A new product of the shop through the API (a barcode no other test uses), with plenty of stock:
 * 'Abarrotes' at $990 unless `datos` says otherwise. Fails the test if the API refuses it.
 */
export async function nuevoProducto(
  api: { request: Awaited<ReturnType<TestContext['as']>>['request'] },
  idMinimarket: number,
  datos: Record<string, unknown> = {},
): Promise<{
  id_producto: number;
  precio_venta_actual: number;
  codigo_barra: string;
  nombre_producto: string;
  stock: number;
  unidad: string;
  codigo_plu: string | null;
}> {
  productosCreados += 1;
  const res = await api.request({
    method: 'POST',
    url: '/api/productos/',
    payload: {
      id_minimarket: idMinimarket,
      codigo_barra: `PRUEBA-${process.pid}-${productosCreados}-${Date.now()}`,
      nombre_producto: `Producto de prueba ${productosCreados}`,
      categoria: 'Abarrotes',
      precio_venta: 990,
      stock: 1000,
      ...datos,
    },
  });
  if (res.statusCode !== 201) throw new Error(`producto: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * The request of a cash sale of `unidades` of `p` at its price, for an `as()` caller to send: the sale
 * most tests start from, written once (`extra` adds to or overrides the payload, `subtotal` the line's amount).
 */
export function pedidoVenta(
  idMinimarket: number,
  p: { id_producto: number; precio_venta_actual: number },
  unidades: number,
  extra: Record<string, unknown> = {},
  subtotal = p.precio_venta_actual * unidades,
) {
  return {
    method: 'POST',
    url: '/api/ventas/',
    payload: {
      id_minimarket: idMinimarket,
      total: subtotal,
      metodo_pago: 'Efectivo',
      detalles: [{ id_producto: p.id_producto, num_unidades: unidades, precio_unitario: p.precio_venta_actual, subtotal }],
      ...extra,
    },
  };
}

/** The request of a cash sale of several lines, each `n` units at `precio`, its total their sum: a basket in one request. */
export function pedidoVentaDe(
  idMinimarket: number,
  lineas: Array<{ id_producto: number; precio: number; n: number }>,
  extra: Record<string, unknown> = {},
) {
  return {
    method: 'POST',
    url: '/api/ventas/',
    payload: {
      id_minimarket: idMinimarket,
      total: lineas.reduce((s, l) => s + l.precio * l.n, 0),
      metodo_pago: 'Efectivo',
      detalles: lineas.map((l) => ({ id_producto: l.id_producto, num_unidades: l.n, precio_unitario: l.precio, subtotal: l.precio * l.n })),
      ...extra,
    },
  };
}

/**
 * A product written straight to the table, in 'Abarrotes' (no API call, no ledger row): for the tests
 * that need many products fast and name each one themselves.
 */
export function productoEnTabla(
  db: TestContext['db'],
  idMinimarket: number,
  p: { nombre: string; codigo: string; precio: number; costo: number | null; stock: number },
) {
  return db.producto.create({
    data: {
      id_minimarket: idMinimarket,
      nombre_producto: p.nombre,
      categoria: 'Abarrotes',
      precio_venta_actual: p.precio,
      precio_compra_actual: p.costo,
      stock: p.stock,
      codigo_barra: p.codigo,
    },
  });
}

/** The request of a password change on /perfil (POST /users/me/password), for a signed-in caller to send. */
export const cambioDeContrasena = (actual: string, nueva: string) => ({
  method: 'POST' as const,
  url: '/api/users/me/password',
  payload: { contrasena_actual: actual, nueva_contrasena: nueva },
});
