// What the boleta tests share (boletas.test.ts, boletas-produccion.test.ts): an API key stored the way
// it was before keys were bound to their shop, and a provider that holds a call until told.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { crearSimuladorDte, type SimuladorDte } from '../src/modules/dte/simulador.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

/** What a boleta test file runs against: the stand-in provider, a fake OpenFactura, the app reaching both, the demo shops. */
export interface ProveedoresDte {
  ctx: TestContext;
  simulador: SimuladorDte;
  /** Plays OpenFactura itself: it takes only the key it was given. */
  openfactura: SimuladorDte;
  donPepe: number;
  laEsquina: number;
}

/**
 * The setup both boleta test files share, opened before their tests and closed after them: `listo`
 * gets it (the file keeps it in its own variables, as with conTiendasDemo).
 */
export function conProveedoresDte(claveOpenfactura: string, env: Record<string, string>, listo: (p: ProveedoresDte) => void) {
  const abiertos: Partial<ProveedoresDte> = {};
  beforeAll(async () => {
    const simulador = (abiertos.simulador = await crearSimuladorDte());
    const openfactura = (abiertos.openfactura = await crearSimuladorDte({ apiKey: claveOpenfactura }));
    const ctx = (abiertos.ctx = await createTestContext({
      ...env,
      DTE_SIMULADOR_URL: simulador.url,
      DTE_OPENFACTURA_URL: openfactura.url,
      DTE_TIMEOUT_MS: '3000',
    }));
    listo({ ctx, simulador, openfactura, donPepe: await ctx.shopOf(DEMO.pyme.correo), laEsquina: await ctx.shopOf(DEMO.pyme2.correo) });
  });
  afterAll(async () => {
    await abiertos.ctx?.close();
    await abiertos.simulador?.cerrar();
    await abiertos.openfactura?.cerrar();
  });
}

/**
 * An API key encrypted as the server stored it before issue 31 ("v1": AES-256-GCM, no additional
 * data, under the HKDF of DTE_CLAVE_CIFRADO or the session secret). Written out here, not with the
 * app's own code, so the test says what those rows hold.
 */
export function cifrarComoAntes(texto: string, secreto: string): string {
  const clave = Buffer.from(crypto.hkdfSync('sha256', secreto, 'minimarket', 'api-key-dte', 32));
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', clave, iv);
  const datos = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), datos].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/**
 * A provider that answers nothing until `soltar()`: each call it receives is told (`llegada`, with
 * the time it arrived), then answered 503 (a temporary failure: the row waits its backoff).
 */
export async function proveedorRetenido() {
  let soltar!: () => void;
  const suelto = new Promise<void>((resolve) => (soltar = resolve));
  let llego!: (ms: number) => void;
  const llegada = new Promise<number>((resolve) => (llego = resolve));
  const servidor = http.createServer((req, res) => {
    req.resume();
    llego(Date.now());
    void suelto.then(() => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'retenido' }));
    });
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`,
    /** Resolves when the first call arrives, to the time it did (Date.now()). */
    llegada,
    soltar,
    async cerrar() {
      soltar();
      servidor.closeAllConnections();
      await new Promise<void>((resolve) => servidor.close(() => resolve()));
    },
  };
}

/** Don Pepe's details as a boleta issuer: the one set both boleta test files configure. */
export const EMISOR_DON_PEPE = {
  rut: '76.543.210-3',
  razon_social: 'Comercial Don Pepe SpA',
  giro: 'Almacén de barrio',
  direccion: 'Av. Matta 1234',
  comuna: 'Santiago',
  resolucion_numero: 80,
  resolucion_anio: 2014,
  // Venta al por menor de alimentos en comercios especializados (almacenes pequeños y minimarket).
  acteco: '472101',
};

/** The same, issuing through the stand-in provider: what a test sets up when it wants boletas written. */
export const EMISOR_SIMULADOR = { ...EMISOR_DON_PEPE, proveedor: 'simulador', emitir: true };
