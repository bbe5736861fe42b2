// The electronic boleta (issue 23, docs/boleta.md) through the API, the database and the local
// stand-in of the provider (a real HTTP server speaking OpenFactura's contract): the outbox row in
// the sale's transaction, one folio per sale whatever fails, the amounts as SII rounds them, the
// notas de crédito of a return and a void, and the API key never shown.
import crypto from 'node:crypto';
import { montosDte } from '@minimarket/contracts/dte';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmisorBoletas } from '../src/modules/boletas/emisor.js';
import { createCifrado } from '../src/modules/boletas/cifrado.js';
import { createOpenFactura } from '../src/modules/dte/openfactura.js';
import { crearSimuladorDte, type SimuladorDte } from '../src/modules/dte/simulador.js';
import { createDb } from '../src/db/client.js';
import { tomarDocumentos } from '../src/data/documento-dte.js';
import { buildTestApp, createTestContext, DEMO, JWT_SECRET_PRUEBAS, nuevoProducto, type TestContext } from './helpers.js';

const CLAVE_REAL = 'clave-openfactura-de-prueba-7f3a';
let simulador: SimuladorDte;
/** Plays OpenFactura itself: the shop whose provider is 'openfactura' reaches it with its own key. */
let openfactura: SimuladorDte;
let ctx: TestContext;
let donPepe: number;
let laEsquina: number;

beforeAll(async () => {
  simulador = await crearSimuladorDte();
  openfactura = await crearSimuladorDte({ apiKey: CLAVE_REAL });
  ctx = await createTestContext({ DTE_SIMULADOR_URL: simulador.url, DTE_OPENFACTURA_URL: openfactura.url, DTE_TIMEOUT_MS: '3000' });
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  laEsquina = await ctx.shopOf(DEMO.pyme2.correo);
});
afterAll(async () => {
  await ctx.close();
  await simulador.cerrar();
  await openfactura.cerrar();
});
beforeEach(() => {
  simulador.fijarModo({ tipo: 'normal' });
});

const pyme = () => ctx.as(DEMO.pyme);
const emisor = {
  rut: '76.543.210-3',
  razon_social: 'Comercial Don Pepe SpA',
  giro: 'Almacén de barrio',
  direccion: 'Av. Matta 1234',
  comuna: 'Santiago',
  resolucion_numero: 80,
  resolucion_anio: 2014,
};

async function configurar(datos: Record<string, unknown> = {}) {
  const res = await (
    await pyme()
  ).request({
    method: 'PUT',
    url: '/api/boletas/emisor',
    payload: { id_minimarket: donPepe, ...emisor, proveedor: 'simulador', emitir: true, ...datos },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function vender(
  lineas: Array<{ id_producto: number; precio: number; n: number }>,
  tienda: { id: number; dueno: { correo: string; password: string } } = { id: donPepe, dueno: DEMO.pyme },
) {
  const total = lineas.reduce((s, l) => s + l.precio * l.n, 0);
  const res = await (
    await ctx.as(tienda.dueno)
  ).request({
    method: 'POST',
    url: '/api/ventas/',
    payload: {
      id_minimarket: tienda.id,
      total,
      metodo_pago: 'Tarjeta de Débito',
      detalles: lineas.map((l) => ({ id_producto: l.id_producto, num_unidades: l.n, precio_unitario: l.precio, subtotal: l.precio * l.n })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_venta: number; numero_venta: number; total: number };
}

const documentosDe = (idVenta: number) =>
  ctx.db.documentoDte.findMany({ where: { id_minimarket: donPepe, id_venta: idVenta }, orderBy: { id_documento: 'asc' } });

/** Due rows made due now (a backoff or a 429's wait, skipped), then the worker run until idle. */
async function enviarTodo() {
  await ctx.db.documentoDte.updateMany({ where: { estado: { in: ['pendiente', 'en_proceso'] } }, data: { proximo_intento: new Date() } });
  await ctx.app.services.emisorBoletas.vaciar();
}

async function boleta(idVenta: number) {
  const res = await (await pyme()).request({ method: 'GET', url: `/api/ventas/${idVenta}/boleta` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const folios = (clave: string, s = simulador) =>
  new Set(
    s
      .emitidos()
      .filter((r) => r.claveIdempotencia === clave)
      .map((r) => r.folio),
  );

describe('the issuer and its provider', () => {
  it('is saved by the owner, read back without the key; another shop’s owner is refused, a bad RUT explained', async () => {
    const guardado = await configurar({ proveedor: 'openfactura', api_key: CLAVE_REAL, emitir: false });
    expect(guardado).toMatchObject({
      configurado: true,
      razon_social: 'Comercial Don Pepe SpA',
      proveedor: 'openfactura',
      tiene_api_key: true,
    });
    expect(JSON.stringify(guardado)).not.toContain(CLAVE_REAL);
    const leido = await (await pyme()).request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${donPepe}` });
    expect(leido.body).not.toContain(CLAVE_REAL);
    // Encrypted at rest: the column holds neither the key nor anything that reads as it.
    const fila = await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } });
    expect(fila.api_key_cifrada).not.toContain(CLAVE_REAL);
    expect(createCifrado(JWT_SECRET_PRUEBAS).descifrar(fila.api_key_cifrada!)).toBe(CLAVE_REAL);

    const ajeno = await (await ctx.as(DEMO.pyme2)).request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${donPepe}` });
    expect(ajeno.statusCode).toBe(403);
    const malo = await (
      await pyme()
    ).request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: donPepe, ...emisor, rut: '76.543.210-9', proveedor: 'simulador', emitir: true },
    });
    expect(malo.statusCode).toBe(422);
    expect(malo.body).toMatch(/RUT/);
    const admin = await (await ctx.as(DEMO.admin)).request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${laEsquina}` });
    expect(admin.json()).toMatchObject({ configurado: false, emitir: false, tiene_api_key: false });
  });

  it('a real provider without its key cannot be turned on', async () => {
    await ctx.db.emisorDte.deleteMany({ where: { id_minimarket: laEsquina } });
    const res = await (
      await ctx.as(DEMO.pyme2)
    ).request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: laEsquina, ...emisor, proveedor: 'openfactura', emitir: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toContainEqual({ campo: 'api_key', mensaje: 'Escribe la API key del proveedor.' });
  });
});

describe('a sale’s boleta', () => {
  it('is requested in the sale’s transaction, printed «en proceso», then with its folio and timbre', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 1190, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 1190, n: 2 }]);
    const [doc] = await documentosDe(venta.id_venta);
    expect(doc).toMatchObject({
      tipo: 39,
      estado: 'pendiente',
      clave: `venta-${venta.id_venta}`,
      total: 2380,
      neto: 2000,
      iva: 380,
      exento: 0,
    });

    const antes = await boleta(venta.id_venta);
    expect(antes.boleta_electronica).toMatchObject({ folio: null, estado: 'pendiente', total: 2380 });
    expect(antes.leyenda).toBe('Comprobante de venta — no válido como boleta');

    await enviarTodo();
    const despues = await boleta(venta.id_venta);
    expect(despues.boleta_electronica.folio).toBeGreaterThan(0);
    expect(despues.boleta_electronica.ted).toMatch(/^<TED version="1.0">/);
    expect(despues.boleta_electronica.ted).toContain(`<F>${despues.boleta_electronica.folio}</F>`);
    expect(despues.boleta_electronica).toMatchObject({
      emisor: { rut: '76.543.210-3', razon_social: 'Comercial Don Pepe SpA' },
      resolucion: { numero: 80, anio: 2014 },
    });
    expect(despues.leyenda).toBeNull();
    // SII's answer comes by polling: en proceso (the stand-in says so once), then accepted.
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]!.estado).toBe('en_proceso');
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]!.estado).toBe('aceptado');
    const lista = await (await pyme()).request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${donPepe}&estado=aceptado` });
    expect(lista.json().documentos.map((d: { id_venta: number }) => d.id_venta)).toContain(venta.id_venta);
    // Per day: what got a folio and what those boletas charged, from the same rows.
    const hoy = lista.json().por_dia[0];
    const conFolio = await ctx.db.documentoDte.findMany({ where: { id_minimarket: donPepe, folio: { not: null } } });
    expect(hoy).toEqual({
      dia: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      emitidos: conFolio.length,
      monto: conFolio.filter((d) => d.tipo !== 61).reduce((s, d) => s + d.total, 0),
    });
  });

  it('amounts as SII rounds them: exempt lines apart; only exempt lines make a boleta exenta (41)', async () => {
    await configurar();
    const api = await pyme();
    const afecto = await nuevoProducto(api, donPepe, { precio_venta: 995, stock: 50 });
    const exento = await nuevoProducto(api, donPepe, { precio_venta: 1500, stock: 50 });
    expect(
      (await api.request({ method: 'PUT', url: `/api/productos/${exento.id_producto}`, payload: { exento: true } })).json().exento,
    ).toBe(true);

    const mixta = await vender([
      { id_producto: afecto.id_producto, precio: 995, n: 3 },
      { id_producto: exento.id_producto, precio: 1500, n: 1 },
    ]);
    const [doc] = await documentosDe(mixta.id_venta);
    // 2.985 taxed: neto 2.985 / 1,19 = 2.508,4 → 2.508, IVA 477; 1.500 exempt.
    expect(doc).toMatchObject({ tipo: 39, neto: 2508, iva: 477, exento: 1500, total: 4485 });
    expect({ neto: doc!.neto, iva: doc!.iva, exento: doc!.exento, total: doc!.total }).toEqual(
      montosDte([
        { monto: 2985, exento: false },
        { monto: 1500, exento: true },
      ]),
    );
    const solo = await vender([{ id_producto: exento.id_producto, precio: 1500, n: 2 }]);
    expect((await documentosDe(solo.id_venta))[0]).toMatchObject({ tipo: 41, neto: 0, iva: 0, exento: 3000, total: 3000 });
    // The receipt prints the boleta's own neto and IVA.
    expect(await boleta(mixta.id_venta)).toMatchObject({ neto: 2508, iva: 477, total: 4485 });
  });

  it('a sale made offline gets its boleta when it reaches the server', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 990, stock: 50 });
    const res = await (
      await pyme()
    ).request({
      method: 'POST',
      url: '/api/ventas/',
      payload: {
        id_minimarket: donPepe,
        total: 990,
        metodo_pago: 'Efectivo',
        detalles: [{ id_producto: p.id_producto, num_unidades: 1, precio_unitario: 990, subtotal: 990 }],
        origen: 'offline',
        fecha_venta: new Date(Date.now() - 3_600_000).toISOString(),
        referencia_local: 'CBOL1-0001',
      },
      headers: { 'idempotency-key': 'c0ffee00-0000-4000-8000-00000000b01e' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await documentosDe(res.json().id_venta)).toEqual([expect.objectContaining({ tipo: 39, estado: 'pendiente', total: 990 })]);
    await enviarTodo();
    expect((await documentosDe(res.json().id_venta))[0]!.folio).toBeGreaterThan(0);
  });

  it('a shop that does not issue boletas writes none, and its receipt says so', async () => {
    await configurar({ emitir: false });
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 500, stock: 5 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 500, n: 1 }]);
    expect(await documentosDe(venta.id_venta)).toEqual([]);
    expect(await boleta(venta.id_venta)).toMatchObject({
      boleta_electronica: null,
      leyenda: 'Comprobante de venta — no válido como boleta',
    });
  });
});

describe('exactly one folio per sale', () => {
  it('the provider stored it and the answer was lost: the retry with the same key gets the same folio', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 700, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 700, n: 1 }]);
    simulador.fijarModo({ tipo: 'perder_respuesta' });
    await ctx.app.services.emisorBoletas.vaciar();
    const [perdida] = await documentosDe(venta.id_venta);
    expect(perdida).toMatchObject({ estado: 'pendiente', folio: null });
    expect(perdida!.motivo).toBeTruthy();
    expect(folios(`venta-${venta.id_venta}`).size).toBe(1);

    simulador.fijarModo({ tipo: 'normal' });
    await enviarTodo();
    const [doc] = await documentosDe(venta.id_venta);
    expect(doc!.folio).toBe([...folios(`venta-${venta.id_venta}`)][0]);
    expect(folios(`venta-${venta.id_venta}`).size).toBe(1);
  });

  it('the worker died after sending: its lease runs out and the resend gets the folio it was given', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 800, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 800, n: 1 }]);
    const [doc] = await documentosDe(venta.id_venta);
    // The dead worker: took the row, sent it, never wrote the answer.
    await ctx.db.documentoDte.update({
      where: { id_minimarket_id_documento: { id_minimarket: donPepe, id_documento: doc!.id_documento } },
      data: { tomado_por: '00000000-0000-4000-8000-000000000000', tomado_hasta: new Date(Date.now() + 60_000), intentos: 1 },
    });
    const { documentoParaProveedor } = await import('../src/modules/boletas/documento.js');
    const guardado = await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } });
    const enviado = await createOpenFactura({ baseUrl: simulador.url, timeoutMs: 3000 }).emitir(
      documentoParaProveedor(doc!, { ...guardado }, null),
      { claveIdempotencia: doc!.clave, apiKey: 'simulador-boletas-local' },
    );
    // While the lease holds, nobody else sends it.
    await ctx.app.services.emisorBoletas.vaciar();
    expect((await documentosDe(venta.id_venta))[0]!.folio).toBeNull();
    // The lease ran out.
    await ctx.db.documentoDte.update({
      where: { id_minimarket_id_documento: { id_minimarket: donPepe, id_documento: doc!.id_documento } },
      data: { tomado_hasta: new Date(Date.now() - 1000) },
    });
    await ctx.app.services.emisorBoletas.vaciar();
    expect((await documentosDe(venta.id_venta))[0]!.folio).toBe(enviado.folio);
    expect(folios(doc!.clave).size).toBe(1);
  });

  it('two replicas racing the same rows: each document sent by one, one folio each', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 300, stock: 500 });
    const ventas = [];
    for (let i = 0; i < 12; i++) ventas.push(await vender([{ id_producto: p.id_producto, precio: 300, n: 1 }]));
    const db2 = createDb(ctx.databaseUrl, 5);
    const replica = await buildTestApp(ctx.databaseUrl, db2, { DTE_SIMULADOR_URL: simulador.url });
    try {
      simulador.fijarModo({ tipo: 'lento', ms: 50 });
      await Promise.all([ctx.app.services.emisorBoletas.vaciar(), replica.services.emisorBoletas.vaciar()]);
    } finally {
      await replica.close();
      await db2.$disconnect();
    }
    for (const v of ventas) {
      const clave = `venta-${v.id_venta}`;
      expect(simulador.emitidos().filter((r) => r.claveIdempotencia === clave)).toHaveLength(1);
      expect((await documentosDe(v.id_venta))[0]!.folio).toBe([...folios(clave)][0]);
    }
  });

  it('a 429 storm: the shop waits what the provider asked, then one folio per sale', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 400, stock: 500 });
    const ventas = [];
    for (let i = 0; i < 5; i++) ventas.push(await vender([{ id_producto: p.id_producto, precio: 400, n: 1 }]));
    simulador.fijarModo({ tipo: 'limite', retryAfterS: 30 });
    await ctx.app.services.emisorBoletas.vaciar();
    const esperando = await ctx.db.documentoDte.findMany({ where: { id_minimarket: donPepe, estado: 'pendiente' } });
    expect(esperando.length).toBeGreaterThanOrEqual(5);
    // Every pending row of the shop waits about the 30 s asked (not only the ones that got the 429).
    for (const d of esperando) expect(d.proximo_intento.getTime()).toBeGreaterThan(Date.now() + 20_000);
    simulador.fijarModo({ tipo: 'normal' });
    await enviarTodo();
    for (const v of ventas) {
      expect(folios(`venta-${v.id_venta}`).size).toBe(1);
      expect((await documentosDe(v.id_venta))[0]!.folio).toBeGreaterThan(0);
    }
  });

  it('the provider down: the sale is made at once, its boleta waits pending with the reason', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 600, stock: 50 });
    simulador.fijarModo({ tipo: 'caido' });
    const venta = await vender([{ id_producto: p.id_producto, precio: 600, n: 1 }]);
    await ctx.app.services.emisorBoletas.vaciar();
    const [doc] = await documentosDe(venta.id_venta);
    expect(doc).toMatchObject({ estado: 'pendiente', folio: null });
    expect(doc!.proximo_intento.getTime()).toBeGreaterThan(Date.now());
    const lista = (
      await (await pyme()).request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${donPepe}&estado=pendiente` })
    ).json();
    expect(lista.documentos.find((d: { id_venta: number }) => d.id_venta === venta.id_venta).motivo).toBeTruthy();
    expect(lista.por_estado.pendiente).toBeGreaterThan(0);
  });

  it('a rejected document is shown with its reason and retried as a new request', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 650, stock: 50 });
    simulador.fijarModo({ tipo: 'rechazo', motivo: 'RUT emisor no autorizado' });
    const venta = await vender([{ id_producto: p.id_producto, precio: 650, n: 1 }]);
    await enviarTodo();
    const [doc] = await documentosDe(venta.id_venta);
    expect(doc).toMatchObject({ estado: 'rechazado', folio: null });
    expect(doc!.motivo).toContain('RUT emisor no autorizado');
    simulador.fijarModo({ tipo: 'normal' });
    const api = await pyme();
    const otra = await api.request({
      method: 'POST',
      url: `/api/boletas/documentos/${doc!.id_documento}/reintento?id_minimarket=${donPepe}`,
    });
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toMatchObject({ estado: 'pendiente', motivo: null });
    const dosVeces = await api.request({
      method: 'POST',
      url: `/api/boletas/documentos/${doc!.id_documento}/reintento?id_minimarket=${donPepe}`,
    });
    expect(dosVeces.statusCode).toBe(409);
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]!.folio).toBeGreaterThan(0);
  });
});

describe('notas de crédito', () => {
  it('a return credits what came back, a void what is left; each references the boleta', async () => {
    await configurar();
    const api = await pyme();
    const p = await nuevoProducto(api, donPepe, { precio_venta: 1190, stock: 50 });
    const q = await nuevoProducto(api, donPepe, { precio_venta: 2000, stock: 50 });
    const venta = await vender([
      { id_producto: p.id_producto, precio: 1190, n: 3 },
      { id_producto: q.id_producto, precio: 2000, n: 1 },
    ]);
    const dev = await api.request({
      method: 'POST',
      url: `/api/ventas/${venta.id_venta}/devoluciones`,
      payload: { motivo: 'Venía vencido', detalles: [{ id_producto: p.id_producto, num_unidades: 1 }] },
    });
    expect(dev.statusCode, dev.body).toBe(201);
    const anul = await api.request({
      method: 'POST',
      url: `/api/ventas/${venta.id_venta}/anulacion`,
      payload: { motivo: 'Error de caja' },
    });
    expect(anul.statusCode, anul.body).toBeLessThan(300);

    const [bol, ncDev, ncAnul] = await documentosDe(venta.id_venta);
    expect(bol).toMatchObject({ tipo: 39, total: 5570 });
    expect(ncDev).toMatchObject({
      tipo: 61,
      id_devolucion: dev.json().id_devolucion,
      id_documento_ref: bol!.id_documento,
      total: 1190,
      neto: 1000,
      iva: 190,
    });
    expect(ncAnul).toMatchObject({ tipo: 61, id_devolucion: null, id_documento_ref: bol!.id_documento, total: 5570 - 1190 });
    expect(ncAnul!.lineas).toEqual([
      expect.objectContaining({ id_producto: p.id_producto, cantidad: 2, monto: 2380 }),
      expect.objectContaining({ id_producto: q.id_producto, cantidad: 1, monto: 2000 }),
    ]);

    // Sent after the boleta has its folio, referencing it: 3 (corrects amounts) for the return, 1 (voids) for the void.
    await enviarTodo();
    await enviarTodo();
    const [b, d, a] = await documentosDe(venta.id_venta);
    const ref = (clave: string) =>
      simulador.emitidos().find((r) => r.claveIdempotencia === clave)!.dte as unknown as Record<string, unknown>;
    expect(d!.folio).toBeGreaterThan(0);
    expect(a!.folio).toBeGreaterThan(0);
    expect(JSON.stringify(ref(d!.clave))).toContain(`"FolioRef":"${b!.folio}"`);
    expect(JSON.stringify(ref(d!.clave))).toContain('"CodRef":"3"');
    expect(JSON.stringify(ref(a!.clave))).toContain('"CodRef":"1"');
  });
});

describe('the API key', () => {
  it('never in an answer, an error, the documents list or a log line, even when the provider refuses it', async () => {
    await configurar({ proveedor: 'openfactura', api_key: 'clave-equivocada-0000-xyz' });
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 900, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 900, n: 1 }]);
    const lineas: string[] = [];
    const registro = {
      warn: (...a: unknown[]) => lineas.push(JSON.stringify(a)),
      error: (...a: unknown[]) => lineas.push(JSON.stringify(a)),
      info: (...a: unknown[]) => lineas.push(JSON.stringify(a)),
    };
    const emisorPropio = createEmisorBoletas({
      db: ctx.db,
      log: registro as never,
      cifrado: createCifrado(JWT_SECRET_PRUEBAS),
      proveedores: {
        simulador: createOpenFactura({ baseUrl: simulador.url, timeoutMs: 3000 }),
        openfactura: createOpenFactura({ baseUrl: openfactura.url, timeoutMs: 3000 }),
      },
      intervaloMs: 0,
      timeoutMs: 3000,
    });
    await ctx.db.documentoDte.updateMany({ where: { estado: 'pendiente' }, data: { proximo_intento: new Date() } });
    await emisorPropio.vaciar();
    const [doc] = await documentosDe(venta.id_venta);
    expect(doc).toMatchObject({ estado: 'pendiente', folio: null });
    expect(doc!.motivo).toBe(
      'El proveedor de boletas no aceptó la clave de API. Revisa la clave en la configuración de la boleta electrónica.',
    );
    const lista = await (await pyme()).request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${donPepe}` });
    const emisorLeido = await (await pyme()).request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${donPepe}` });
    for (const texto of [lista.body, emisorLeido.body, doc!.motivo ?? '', ...lineas])
      expect(texto).not.toContain('clave-equivocada-0000-xyz');

    // With the right key, the same document goes through.
    await configurar({ proveedor: 'openfactura', api_key: CLAVE_REAL });
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]!.folio).toBeGreaterThan(0);
    expect(folios(`venta-${venta.id_venta}`, openfactura).size).toBe(1);
  });
});

describe('the queue, shop by shop', () => {
  it('is fair: a shop with many boletas due leaves a place in the first round to a shop with one', async () => {
    // Nothing else due: what earlier tests left waiting (a backoff of seconds, due again while this test
    // runs on a busy machine) is put off a day, so only this test's rows are in the queue.
    await enviarTodo();
    await ctx.db.documentoDte.updateMany({
      where: { estado: { in: ['pendiente', 'en_proceso'] } },
      data: { proximo_intento: new Date(Date.now() + 86_400_000) },
    });
    await configurar();
    const esquina = { id: laEsquina, dueno: DEMO.pyme2 };
    const configurada = await (
      await ctx.as(DEMO.pyme2)
    ).request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: laEsquina, ...emisor, razon_social: 'La Esquina SpA', proveedor: 'simulador', emitir: true },
    });
    expect(configurada.statusCode, configurada.body).toBe(200);
    const pA = await nuevoProducto(await pyme(), donPepe, { precio_venta: 500, stock: 500 });
    const pB = await nuevoProducto(await ctx.as(DEMO.pyme2), laEsquina, { precio_venta: 500, stock: 50 });
    // Don Pepe: more boletas due than one round takes (10), and due for an hour; La Esquina: one, due now.
    for (let i = 0; i < 14; i++) await vender([{ id_producto: pA.id_producto, precio: 500, n: 1 }]);
    const ventaB = await vender([{ id_producto: pB.id_producto, precio: 500, n: 1 }], esquina);
    await ctx.db.documentoDte.updateMany({
      where: { id_minimarket: donPepe, estado: 'pendiente' },
      data: { proximo_intento: new Date(Date.now() - 3_600_000) },
    });

    // First come, first served would take ten of Don Pepe's. Shop by shop, the round takes (in
    // this order) Don Pepe's oldest-waiting share and La Esquina's one.
    const ronda = await tomarDocumentos(ctx.db, crypto.randomUUID(), 60_000, 10);
    expect(ronda.map((f) => f.id_minimarket)).toEqual([...Array<number>(9).fill(donPepe), laEsquina]);
    expect(ronda.at(-1)!.clave).toBe(`venta-${ventaB.id_venta}`);
    // One replica per row still: what this round holds, nobody else takes; the rest of Don Pepe's is there.
    const otra = await tomarDocumentos(ctx.db, crypto.randomUUID(), 60_000, 10);
    expect(otra.map((f) => f.id_minimarket)).toEqual(Array<number>(5).fill(donPepe));
    expect(new Set([...ronda, ...otra].map((f) => f.id_documento)).size).toBe(15);

    // Handed back (as leases that ran out), then all sent: one folio each.
    await ctx.db.documentoDte.updateMany({ where: { tomado_por: { not: null } }, data: { tomado_hasta: new Date(Date.now() - 1000) } });
    await enviarTodo();
    const [docB] = await ctx.db.documentoDte.findMany({ where: { id_minimarket: laEsquina, id_venta: ventaB.id_venta } });
    expect(docB!.folio).toBeGreaterThan(0);
    expect(folios(`venta-${ventaB.id_venta}`).size).toBe(1);
  });
});
