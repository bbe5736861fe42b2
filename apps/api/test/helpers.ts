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

  async function login(cuenta: { correo: string; password: string }) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: `username=${encodeURIComponent(cuenta.correo)}&password=${encodeURIComponent(cuenta.password)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`login ${cuenta.correo}: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  }

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
): Promise<{ id_producto: number; precio_venta_actual: number; codigo_barra: string; nombre_producto: string }> {
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
