// The electronic boleta in production (issue 31, docs/boleta.md «El simulador» and «La clave de
// API»): NODE_ENV=production as a deployment sets it. The local stand-in issues documents that look
// real and are not, so without DTE_PERMITIR_SIMULADOR the server starts none, a shop cannot choose it
// to issue, and the worker sends nothing to it. The providers' API keys are never encrypted under the
// session secret there: without DTE_CLAVE_CIFRADO a key cannot be saved (503), and the app still runs.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MENSAJE_CLAVE_CIFRADO_AUSENTE, MENSAJE_SIMULADOR_DESACTIVADO, MOTIVO_SIMULADOR_DESACTIVADO } from '@minimarket/contracts/boletas';
import { describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client.js';
import { createCifrado } from '../src/modules/boletas/cifrado.js';
import type { SimuladorDte } from '../src/modules/dte/simulador.js';
import { puertoLibre } from './base-propia.js';
import { conProveedoresDte, EMISOR_DON_PEPE as emisor, cifrarComoAntes } from './boletas-helpers.js';
import { buildTestApp, DEMO, JWT_SECRET_PRUEBAS, nuevoProducto, pedidoVenta, tokenDe, type TestContext } from './helpers.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLAVE_REAL = 'clave-openfactura-de-produccion-9b2c';
const CLAVE_CIFRADO = 'clave-de-cifrado-propia-del-operador-0123456789';
/** A production replica in these tests: its background workers off (the tests run them on demand). */
const PRODUCCION = {
  NODE_ENV: 'production',
  DTE_PERMITIR_SIMULADOR: 'false',
  DTE_INTERVALO_MS: '0',
  RESUMEN_INTERVALO_MS: '0',
  AVISO_RECOMENDACIONES_MIN: '0',
  IMPORT_CONCURRENCY: '0',
};

let simulador: SimuladorDte;
/** Plays OpenFactura itself, with its own key. */
let openfactura: SimuladorDte;
let ctx: TestContext;
let donPepe: number;

conProveedoresDte(CLAVE_REAL, PRODUCCION, (p) => ({ ctx, simulador, openfactura, donPepe } = p));

const pyme = () => ctx.as(DEMO.pyme);
const guardarEmisor = async (datos: Record<string, unknown>) =>
  (await pyme()).request({ method: 'PUT', url: '/api/boletas/emisor', payload: { id_minimarket: donPepe, ...emisor, ...datos } });

async function vender(precio: number) {
  const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: precio, stock: 20 });
  const res = await (await pyme()).request(pedidoVenta(donPepe, { id_producto: p.id_producto, precio_venta_actual: precio }, 1));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_venta: number };
}

const documentoDe = async (idVenta: number) =>
  (await ctx.db.documentoDte.findFirstOrThrow({ where: { id_minimarket: donPepe, id_venta: idVenta, tipo: { in: [39, 41] } } }))!;

async function enviarTodo() {
  await ctx.db.documentoDte.updateMany({ where: { estado: { in: ['pendiente', 'en_proceso'] } }, data: { proximo_intento: new Date() } });
  await ctx.app.services.emisorBoletas.vaciar();
}

describe('the stand-in in production, without DTE_PERMITIR_SIMULADOR', () => {
  it('cannot be chosen to issue: 422 with the reason; chosen without issuing, it is saved', async () => {
    const res = await guardarEmisor({ proveedor: 'simulador', emitir: true });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ detail: MENSAJE_SIMULADOR_DESACTIVADO, code: 'VALIDATION_ERROR' });
    expect(MENSAJE_SIMULADOR_DESACTIVADO).toBe(
      'El simulador de boletas no emite documentos válidos ante el SII y está desactivado en producción. Elige OpenFactura o pide al operador que active DTE_PERMITIR_SIMULADOR.',
    );
    expect(await ctx.db.emisorDte.findUnique({ where: { id_minimarket: donPepe } })).toBeNull();
    const sinEmitir = await guardarEmisor({ proveedor: 'simulador', emitir: false });
    expect(sinEmitir.statusCode, sinEmitir.body).toBe(200);
    expect(sinEmitir.json()).toMatchObject({ proveedor: 'simulador', emitir: false });
  });

  it('the worker sends nothing to it: a shop set up before keeps its boletas pending, with the reason', async () => {
    // A shop that chose the stand-in before this server ran in production.
    await ctx.db.emisorDte.update({ where: { id_minimarket: donPepe }, data: { proveedor: 'simulador', emitir: true } });
    const venta = await vender(990);
    const antes = Date.now();
    await enviarTodo();
    const doc = await documentoDe(venta.id_venta);
    expect(doc).toMatchObject({
      estado: 'pendiente',
      folio: null,
      de_prueba: false,
      motivo: MOTIVO_SIMULADOR_DESACTIVADO,
      tomado_por: null,
    });
    // Asked again slowly (the owner has to change the provider), not in a tight loop.
    expect(doc.proximo_intento.getTime()).toBeGreaterThan(antes + 60_000);
    expect(simulador.emitidos().filter((r) => r.claveIdempotencia === doc.clave)).toEqual([]);
    // The owner sees why on the Boletas screen.
    const lista = await (await pyme()).request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${donPepe}&estado=pendiente` });
    expect(lista.json().documentos.find((d: { id_venta: number }) => d.id_venta === venta.id_venta)).toMatchObject({
      motivo: MOTIVO_SIMULADOR_DESACTIVADO,
      de_prueba: false,
    });
    await ctx.db.emisorDte.update({ where: { id_minimarket: donPepe }, data: { emitir: false } });
  });
});

describe('the API key in production, without DTE_CLAVE_CIFRADO', () => {
  it('a key cannot be saved (503 with the reason, nothing stored), and the app keeps serving', async () => {
    const res = await guardarEmisor({ proveedor: 'openfactura', api_key: CLAVE_REAL, emitir: true });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ detail: MENSAJE_CLAVE_CIFRADO_AUSENTE, code: 'DTE_ENCRYPTION_KEY_MISSING' });
    expect(res.body).not.toContain(CLAVE_REAL);
    expect((await ctx.db.emisorDte.findUnique({ where: { id_minimarket: donPepe } }))?.api_key_cifrada ?? null).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/salud' })).statusCode).toBe(200);
  });

  it('a key stored before under the session secret still sends the shop’s boletas (it cannot be rewritten here)', async () => {
    await ctx.db.emisorDte.update({
      where: { id_minimarket: donPepe },
      data: { proveedor: 'openfactura', emitir: true, api_key_cifrada: cifrarComoAntes(CLAVE_REAL, JWT_SECRET_PRUEBAS) },
    });
    const venta = await vender(1090);
    await enviarTodo();
    const doc = await documentoDe(venta.id_venta);
    expect(doc.folio).toBeGreaterThan(0);
    expect(doc.de_prueba).toBe(false);
    expect(await ctx.app.services.boletas.reescribirClavesAnticuadas()).toBe(0);
    expect((await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } })).api_key_cifrada!.startsWith('v1.')).toBe(true);
  });
});

describe('production with DTE_CLAVE_CIFRADO', () => {
  it('the start rewrites a key from before under it, bound to the shop; a new key is saved under it, never the session secret', async () => {
    // The row as the previous test left it: v1 under the session secret.
    const db2 = createDb(ctx.databaseUrl, 5);
    const replica = await buildTestApp(ctx.databaseUrl, db2, {
      ...PRODUCCION,
      DTE_CLAVE_CIFRADO: CLAVE_CIFRADO,
      DTE_OPENFACTURA_URL: openfactura.url,
    });
    try {
      const propia = createCifrado({ secreto: CLAVE_CIFRADO });
      const sesion = createCifrado({ secreto: JWT_SECRET_PRUEBAS });
      const reescrita = (await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } })).api_key_cifrada!;
      expect(reescrita.startsWith('v2.')).toBe(true);
      expect(propia.descifrar(reescrita, donPepe)).toBe(CLAVE_REAL);
      expect(() => sesion.descifrar(reescrita, donPepe)).toThrow();

      const token = await tokenDe(replica, DEMO.pyme);
      const res = await replica.inject({
        method: 'PUT',
        url: '/api/boletas/emisor',
        headers: { authorization: `Bearer ${token}` },
        payload: { id_minimarket: donPepe, ...emisor, proveedor: 'openfactura', api_key: 'otra-clave-de-openfactura-77', emitir: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ tiene_api_key: true });
      const nueva = (await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } })).api_key_cifrada!;
      expect(propia.descifrar(nueva, donPepe)).toBe('otra-clave-de-openfactura-77');
      expect(() => sesion.descifrar(nueva, donPepe)).toThrow();
    } finally {
      await replica.close();
      await db2.$disconnect();
    }
    await ctx.db.emisorDte.update({ where: { id_minimarket: donPepe }, data: { emitir: false } });
  });
});

describe('production with DTE_PERMITIR_SIMULADOR=true (a demo, a staging server)', () => {
  it('the stand-in issues, and what it issues is de prueba', async () => {
    const db2 = createDb(ctx.databaseUrl, 5);
    const replica = await buildTestApp(ctx.databaseUrl, db2, {
      ...PRODUCCION,
      DTE_PERMITIR_SIMULADOR: 'true',
      DTE_SIMULADOR_URL: simulador.url,
    });
    try {
      const token = await tokenDe(replica, DEMO.pyme);
      const res = await replica.inject({
        method: 'PUT',
        url: '/api/boletas/emisor',
        headers: { authorization: `Bearer ${token}` },
        payload: { id_minimarket: donPepe, ...emisor, proveedor: 'simulador', emitir: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      const venta = await vender(590);
      await ctx.db.documentoDte.updateMany({ where: { estado: 'pendiente' }, data: { proximo_intento: new Date() } });
      await replica.services.emisorBoletas.vaciar();
      const doc = await documentoDe(venta.id_venta);
      expect(doc.folio).toBeGreaterThan(0);
      expect(doc.de_prueba).toBe(true);
      const boleta = await replica.inject({
        method: 'GET',
        url: `/api/ventas/${venta.id_venta}/boleta`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(boleta.json()).toMatchObject({ de_prueba: true, boleta_electronica: { de_prueba: true } });
    } finally {
      await replica.close();
      await db2.$disconnect();
    }
  });
});

describe('server.ts in production', () => {
  /** Starts the API as an operator would; resolves with its output once it says it is ready. */
  async function arrancar(extra: Record<string, string>) {
    const port = await puertoLibre();
    const puertoSimulador = await puertoLibre();
    const env: Record<string, string | undefined> = {
      ...process.env,
      ...PRODUCCION,
      DATABASE_URL: ctx.databaseUrl,
      JWT_SECRET: JWT_SECRET_PRUEBAS,
      PORT: String(port),
      DTE_SIMULADOR_PORT: String(puertoSimulador),
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...extra,
    };
    delete env.DTE_SIMULADOR_URL;
    delete env.DTE_CLAVE_CIFRADO;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let salida = '';
    const listo = new Promise<void>((resolve, reject) => {
      const leer = (c: Buffer) => {
        salida += c.toString();
        if (salida.includes('Minimarket está listo')) resolve();
      };
      child.stdout!.on('data', leer);
      child.stderr!.on('data', leer);
      child.once('exit', (code) => reject(new Error(`la API terminó (código ${code}) antes de estar lista:\n${salida}`)));
    });
    const detener = async () => {
      if (child.exitCode !== null) return;
      const fin = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await fin;
    };
    try {
      await listo;
    } catch (err) {
      await detener();
      throw err;
    }
    return { salida: () => salida, puertoSimulador, detener };
  }

  /** Whether something accepts connections on the port (127.0.0.1). */
  const escucha = (port: number) =>
    new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port });
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });

  it('starts no stand-in without DTE_PERMITIR_SIMULADOR; with it, starts one', async () => {
    const sin = await arrancar({});
    try {
      expect(sin.salida()).not.toContain('Simulador de boletas');
      expect(await escucha(sin.puertoSimulador)).toBe(false);
    } finally {
      await sin.detener();
    }
    const con = await arrancar({ DTE_PERMITIR_SIMULADOR: 'true' });
    try {
      expect(con.salida()).toContain(`Simulador de boletas (no válidas ante el SII): http://127.0.0.1:${con.puertoSimulador}`);
      expect(await escucha(con.puertoSimulador)).toBe(true);
    } finally {
      await con.detener();
    }
  }, 120_000);
});
