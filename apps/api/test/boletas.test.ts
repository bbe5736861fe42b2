// The electronic boleta (issue 23, docs/boleta.md) through the API, the database and the local
// stand-in of the provider (a real HTTP server speaking OpenFactura's contract): the outbox row in
// the sale's transaction, one folio per sale whatever fails, the amounts as SII rounds them, the
// notas de crédito of a return and a void, and the API key never shown. Issue 31: what the stand-in
// issues is marked de prueba, each API key is bound to its shop, and the worker's lease outlasts its
// call to the provider. (Production, where the stand-in is off: boletas-produccion.test.ts.)
// Issue 32: the Acteco the notas de crédito need, CodRef 3 for a void after returns, and what the
// stand-in refuses as SII and OpenFactura would (every document it takes passes esquema-sii.ts).
import crypto from 'node:crypto';
import {
  LEYENDA_DOCUMENTO_PRUEBA,
  MENSAJE_ACTECO_FORMATO,
  MENSAJE_ACTECO_REQUERIDO,
  MENSAJE_API_KEY_ILEGIBLE,
  MOTIVO_NOTA_SIN_ACTECO,
} from '@minimarket/contracts/boletas';
import { mensajeBoletaSobreTope, montosDte, TOPE_BOLETA_PESOS } from '@minimarket/contracts/dte';
import { beforeEach, describe, expect, it } from 'vitest';
import { arriendoMs, createEmisorBoletas } from '../src/modules/boletas/emisor.js';
import { createCifrado } from '../src/modules/boletas/cifrado.js';
import { createOpenFactura } from '../src/modules/dte/openfactura.js';
import type { SimuladorDte } from '../src/modules/dte/simulador.js';
import { createDb } from '../src/db/client.js';
import { renovarArriendo, tomarDocumentos } from '../src/data/documento-dte.js';
import { conProveedoresDte, EMISOR_DON_PEPE as emisor, EMISOR_SIMULADOR, cifrarComoAntes, proveedorRetenido } from './boletas-helpers.js';
import { buildTestApp, DEMO, JWT_SECRET_PRUEBAS, nuevoProducto, pedidoVenta, pedidoVentaDe, type TestContext } from './helpers.js';

const CLAVE_REAL = 'clave-openfactura-de-prueba-7f3a';
let simulador: SimuladorDte;
/** Plays OpenFactura itself: the shop whose provider is 'openfactura' reaches it with its own key. */
let openfactura: SimuladorDte;
let ctx: TestContext;
let donPepe: number;
let laEsquina: number;

conProveedoresDte(CLAVE_REAL, {}, (p) => ({ ctx, simulador, openfactura, donPepe, laEsquina } = p));
beforeEach(() => {
  simulador.fijarModo({ tipo: 'normal' });
});

const pyme = () => ctx.as(DEMO.pyme);

async function configurar(datos: Record<string, unknown> = {}) {
  const res = await (
    await pyme()
  ).request({
    method: 'PUT',
    url: '/api/boletas/emisor',
    payload: { id_minimarket: donPepe, ...EMISOR_SIMULADOR, ...datos },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function vender(
  lineas: Array<{ id_producto: number; precio: number; n: number }>,
  tienda: { id: number; dueno: { correo: string; password: string } } = { id: donPepe, dueno: DEMO.pyme },
) {
  const res = await (await ctx.as(tienda.dueno)).request(pedidoVentaDe(tienda.id, lineas, { metodo_pago: 'Tarjeta de Débito' }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_venta: number; numero_venta: number; total: number };
}

/** Don Pepe, issuing, sells 3 × $1.190 of p and 1 × $2.000 of q (a boleta of $5.570): the sale notas de crédito start from. */
async function ventaParaNotas(datosP: Record<string, unknown> = {}, datosQ: Record<string, unknown> = {}) {
  await configurar();
  const api = await pyme();
  const p = await nuevoProducto(api, donPepe, { precio_venta: 1190, stock: 50, ...datosP });
  const q = await nuevoProducto(api, donPepe, { precio_venta: 2000, stock: 50, ...datosQ });
  const venta = await vender([
    { id_producto: p.id_producto, precio: 1190, n: 3 },
    { id_producto: q.id_producto, precio: 2000, n: 1 },
  ]);
  return { api, p, q, venta };
}

type Api = Awaited<ReturnType<TestContext['as']>>;
/** Returns `n` units of one product of a sale (the tests check the answer themselves). */
const devolver = (api: Api, idVenta: number, idProducto: number, motivo: string, n = 1) =>
  api.request({
    method: 'POST',
    url: `/api/ventas/${idVenta}/devoluciones`,
    payload: { motivo, detalles: [{ id_producto: idProducto, num_unidades: n }] },
  });
/** Voids a sale, giving `motivo`. */
const anular = (api: Api, idVenta: number, motivo: string) =>
  api.request({ method: 'POST', url: `/api/ventas/${idVenta}/anulacion`, payload: { motivo } });

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
      acteco: '472101',
    });
    expect(JSON.stringify(guardado)).not.toContain(CLAVE_REAL);
    const leido = await (await pyme()).request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${donPepe}` });
    expect(leido.body).not.toContain(CLAVE_REAL);
    // Encrypted at rest: the column holds neither the key nor anything that reads as it.
    const fila = await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } });
    expect(fila.api_key_cifrada).not.toContain(CLAVE_REAL);
    expect(createCifrado({ secreto: JWT_SECRET_PRUEBAS }).descifrar(fila.api_key_cifrada!, donPepe)).toBe(CLAVE_REAL);

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
    // Per day: the boletas and notas de crédito that got a folio, what each charged or credited, and
    // the net, from the same rows.
    const hoy = lista.json().por_dia[0];
    const conFolio = await ctx.db.documentoDte.findMany({ where: { id_minimarket: donPepe, folio: { not: null } } });
    const boletas = conFolio.filter((d) => d.tipo !== 61);
    const notas = conFolio.filter((d) => d.tipo === 61);
    const suma = (ds: typeof conFolio) => ds.reduce((s, d) => s + d.total, 0);
    expect(hoy).toEqual({
      dia: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      boletas: boletas.length,
      monto_boletas: suma(boletas),
      notas_credito: notas.length,
      monto_notas_credito: suma(notas),
      neto: suma(boletas) - suma(notas),
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
      ...pedidoVenta(donPepe, { id_producto: p.id_producto, precio_venta_actual: 990 }, 1, {
        origen: 'offline',
        fecha_venta: new Date(Date.now() - 3_600_000).toISOString(),
        referencia_local: 'CBOL1-0001',
      }),
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
    const { api, p, q, venta } = await ventaParaNotas();
    const dev = await devolver(api, venta.id_venta, p.id_producto, 'Venía vencido');
    expect(dev.statusCode, dev.body).toBe(201);
    const anul = await anular(api, venta.id_venta, 'Error de caja');
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
    // The void came after a return: it credits what was left, so it corrects amounts (3), it does not annul (1).
    expect(ref(a!.clave)).toMatchObject({
      Referencia: [{ TpoDocRef: '39', FolioRef: String(b!.folio), CodRef: '3' }],
      Encabezado: {
        Emisor: { Acteco: 472101 },
        Receptor: { RUTRecep: '66666666-6', RznSocRecep: 'Consumidor final', GiroRecep: 'Particular' },
        Totales: { MntTotal: 5570 - 1190 },
      },
    });
    expect(ref(a!.clave).Encabezado).not.toHaveProperty('Receptor.DirRecep');
  });

  it('a void with no returns before annuls the boleta: CodRef 1, with all it charged', async () => {
    await configurar();
    const api = await pyme();
    const p = await nuevoProducto(api, donPepe, { precio_venta: 1500, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 1500, n: 2 }]);
    const anul = await anular(api, venta.id_venta, 'Error de caja');
    expect(anul.statusCode, anul.body).toBeLessThan(300);
    await enviarTodo();
    await enviarTodo();
    const [b, a] = await documentosDe(venta.id_venta);
    expect(a).toMatchObject({ tipo: 61, id_devolucion: null, total: 3000 });
    expect(a!.folio).toBeGreaterThan(0);
    const enviado = simulador.emitidos().find((r) => r.claveIdempotencia === a!.clave)!.dte as unknown as Record<string, unknown>;
    expect(enviado.Referencia).toEqual([
      {
        NroLinRef: 1,
        TpoDocRef: '39',
        FolioRef: String(b!.folio),
        FchRef: expect.any(String),
        CodRef: '1',
        RazonRef: 'Anula la boleta (venta anulada)',
      },
    ]);
  });
});

describe('issue 32: a nota de crédito printed as its own document; issued per day, net', () => {
  it('a sale’s notas de crédito as their paper shows them: folio, timbre, the boleta they reference, lines and amounts', async () => {
    const { api, p, venta } = await ventaParaNotas({ nombre_producto: 'Galletas de agua' }, { nombre_producto: 'Aceite maravilla' });
    const dev = await devolver(api, venta.id_venta, p.id_producto, 'Venía rota');
    expect(dev.statusCode, dev.body).toBe(201);
    expect((await anular(api, venta.id_venta, 'Error')).statusCode).toBe(200);
    const url = `/api/boletas/notas-credito?id_minimarket=${donPepe}&id_venta=${venta.id_venta}`;
    // Before the provider answers: both listed, no folio yet, the boleta's folio not known either.
    const enProceso = (await api.request({ method: 'GET', url })).json();
    expect(enProceso.map((n: { folio: number | null; estado: string }) => [n.folio, n.estado])).toEqual([
      [null, 'pendiente'],
      [null, 'pendiente'],
    ]);
    await enviarTodo();
    await enviarTodo();
    const [boletaDoc] = await documentosDe(venta.id_venta);
    const res = await api.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const [ncDev, ncAnul] = res.json();
    expect(ncDev).toMatchObject({
      tipo: 61,
      id_venta: venta.id_venta,
      referencia_venta: `N° ${venta.numero_venta}`,
      id_devolucion: dev.json().id_devolucion,
      razon: 'Devolución de productos',
      referencia: { tipo: 39, folio: boletaDoc!.folio },
      nombre_tienda: 'Minimarket Don Pepe',
      emisor: { rut: '76.543.210-3', razon_social: 'Comercial Don Pepe SpA', giro: 'Almacén de barrio' },
      resolucion: { numero: 80, anio: 2014 },
      lineas: [{ nombre: 'Galletas de agua', cantidad: 1, unidad: 'unidad', precio_unitario: 1190, monto: 1190, exento: false }],
      neto: 1000,
      iva: 190,
      exento: 0,
      total: 1190,
      // Issued by the stand-in: its paper says so.
      de_prueba: true,
    });
    expect(ncDev.folio).toBeGreaterThan(0);
    expect(ncDev.ted).toContain('<TD>61</TD>');
    expect(ncDev.ted).toContain(`<F>${ncDev.folio}</F>`);
    // The void after the return credits what was left.
    expect(ncAnul).toMatchObject({
      id_devolucion: null,
      razon: 'Venta anulada: acredita lo que quedaba tras las devoluciones',
      total: 5570 - 1190,
      lineas: [
        { nombre: 'Galletas de agua', cantidad: 2, monto: 2380 },
        { nombre: 'Aceite maravilla', cantidad: 1, monto: 2000 },
      ],
    });
    // One by its id, the same; a boleta's id is no nota; another shop's owner is refused.
    const una = await api.request({ method: 'GET', url: `/api/boletas/notas-credito/${ncAnul.id_documento}?id_minimarket=${donPepe}` });
    expect(una.json()).toEqual(ncAnul);
    const deBoleta = await api.request({
      method: 'GET',
      url: `/api/boletas/notas-credito/${boletaDoc!.id_documento}?id_minimarket=${donPepe}`,
    });
    expect(deBoleta.statusCode).toBe(404);
    expect(deBoleta.json().detail).toBe('La nota de crédito no existe.');
    const ajena = await (await ctx.as(DEMO.pyme2)).request({ method: 'GET', url });
    expect(ajena.statusCode).toBe(403);
    // A sale with no notas: an empty list.
    const otra = await vender([{ id_producto: p.id_producto, precio: 1190, n: 1 }]);
    expect(
      (await api.request({ method: 'GET', url: `/api/boletas/notas-credito?id_minimarket=${donPepe}&id_venta=${otra.id_venta}` })).json(),
    ).toEqual([]);
  });

  it('«Emitidos por día»: boletas and notas de crédito apart, and the net; a sale voided the same day nets to $0', async () => {
    await configurar();
    const api = await pyme();
    const hoy = async () => {
      await enviarTodo();
      await enviarTodo();
      const lista = (await api.request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${donPepe}` })).json();
      return lista.por_dia[0] as {
        boletas: number;
        monto_boletas: number;
        notas_credito: number;
        monto_notas_credito: number;
        neto: number;
      };
    };
    const antes = await hoy();
    const p = await nuevoProducto(api, donPepe, { precio_venta: 3000, stock: 50 });
    const anulada = await vender([{ id_producto: p.id_producto, precio: 3000, n: 2 }]);
    expect((await anular(api, anulada.id_venta, 'Error')).statusCode).toBe(200);
    const despues = await hoy();
    expect(despues).toMatchObject({
      boletas: antes.boletas + 1,
      monto_boletas: antes.monto_boletas + 6000,
      notas_credito: antes.notas_credito + 1,
      monto_notas_credito: antes.monto_notas_credito + 6000,
      // The voided sale adds nothing to the day's net.
      neto: antes.neto,
    });
    // A sale that stays adds its total to the net.
    await vender([{ id_producto: p.id_producto, precio: 3000, n: 1 }]);
    expect((await hoy()).neto).toBe(antes.neto + 3000);
  });
});

describe('issue 32: the documents as SII and the provider need them', () => {
  it('the Acteco: required to issue (422 in Spanish), six digits, read back; left out, the stored one stays', async () => {
    await ctx.db.emisorDte.deleteMany({ where: { id_minimarket: laEsquina } });
    const esquina = await ctx.as(DEMO.pyme2);
    const guardar = (datos: Record<string, unknown>) =>
      esquina.request({
        method: 'PUT',
        url: '/api/boletas/emisor',
        payload: { id_minimarket: laEsquina, ...emisor, razon_social: 'La Esquina SpA', proveedor: 'simulador', ...datos },
      });
    const { acteco: _sin, ...sinActeco } = emisor;
    const sinEmitir = await esquina.request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: laEsquina, ...sinActeco, proveedor: 'simulador', emitir: false },
    });
    expect(sinEmitir.statusCode, sinEmitir.body).toBe(200);
    expect(sinEmitir.json()).toMatchObject({ acteco: null, emitir: false });

    const emitirSin = await guardar({ acteco: null, emitir: true });
    expect(emitirSin.statusCode).toBe(422);
    expect(emitirSin.json()).toMatchObject({
      detail: MENSAJE_ACTECO_REQUERIDO,
      errors: [{ campo: 'acteco', mensaje: MENSAJE_ACTECO_REQUERIDO }],
    });
    for (const malo of ['52111', '5211112', 'abc', '000000', -5, 1_000_000]) {
      const res = await guardar({ acteco: malo, emitir: true });
      expect(res.statusCode, String(malo)).toBe(422);
      expect(res.json().errors).toContainEqual({ campo: 'acteco', mensaje: MENSAJE_ACTECO_FORMATO });
    }
    // As text or as a number; a code that starts with 0 keeps it when read back.
    const conCero = await guardar({ acteco: 11101, emitir: true });
    expect(conCero.statusCode, conCero.body).toBe(200);
    expect(conCero.json()).toMatchObject({ acteco: '011101', emitir: true });
    expect((await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: laEsquina } })).acteco).toBe(11101);
    const texto = await guardar({ acteco: ' 472101 ', emitir: true });
    expect(texto.json()).toMatchObject({ acteco: '472101' });
    // Left out (an older client): the stored one stays, and issuing is still allowed.
    const { acteco: _otro, ...resto } = emisor;
    const sinCampo = await esquina.request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: laEsquina, ...resto, proveedor: 'simulador', emitir: true },
    });
    expect(sinCampo.statusCode, sinCampo.body).toBe(200);
    expect(sinCampo.json()).toMatchObject({ acteco: '472101' });
    const leido = await esquina.request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${laEsquina}` });
    expect(leido.json()).toMatchObject({ acteco: '472101' });
    await guardar({ emitir: false });
  });

  it('a shop saved before the Acteco (NULL): its boletas go out, its notas de crédito wait with the reason until the owner sets it', async () => {
    await configurar();
    await ctx.db.emisorDte.update({ where: { id_minimarket: donPepe }, data: { acteco: null } });
    const api = await pyme();
    const p = await nuevoProducto(api, donPepe, { precio_venta: 2000, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 2000, n: 2 }]);
    const dev = await devolver(api, venta.id_venta, p.id_producto, 'No le gustó');
    expect(dev.statusCode, dev.body).toBe(201);
    await enviarTodo();
    await enviarTodo();
    const [b, nc] = await documentosDe(venta.id_venta);
    expect(b!.folio).toBeGreaterThan(0);
    expect(nc).toMatchObject({ tipo: 61, estado: 'pendiente', folio: null, motivo: MOTIVO_NOTA_SIN_ACTECO });
    expect(simulador.emitidos().some((r) => r.claveIdempotencia === nc!.clave)).toBe(false);
    // Waiting is not failing: no attempt spent, and it looks again in a few minutes.
    expect(nc!.intentos).toBe(0);
    expect(nc!.proximo_intento.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const lista = (await api.request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${donPepe}&estado=pendiente` })).json();
    expect(lista.documentos.find((d: { id_documento: number }) => d.id_documento === nc!.id_documento).motivo).toBe(MOTIVO_NOTA_SIN_ACTECO);

    await configurar();
    await enviarTodo();
    const [, enviada] = await documentosDe(venta.id_venta);
    expect(enviada!.folio).toBeGreaterThan(0);
    const cuerpo = simulador.emitidos().find((r) => r.claveIdempotencia === nc!.clave)!.dte as unknown as Record<string, unknown>;
    expect(cuerpo).toMatchObject({ Encabezado: { Emisor: { Acteco: 472101 } }, Referencia: [{ CodRef: '3' }] });
  });

  it('a sale above 135 UF: its boleta is not sent (the generic receiver is not enough) and says why', async () => {
    await configurar();
    const precio = TOPE_BOLETA_PESOS + 1;
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: precio, stock: 5 });
    const venta = await vender([{ id_producto: p.id_producto, precio, n: 1 }]);
    const antes = simulador.emitidos().length;
    await enviarTodo();
    const [doc] = await documentosDe(venta.id_venta);
    expect(doc).toMatchObject({ tipo: 39, estado: 'rechazado', folio: null, motivo: mensajeBoletaSobreTope(precio) });
    expect(doc!.motivo).toContain('más de 135 UF ($5.357.205)');
    expect(simulador.emitidos().length).toBe(antes);
    // «Reintentar» asks again and gets the same answer: nothing can be sent without the buyer's data.
    const otra = await (
      await pyme()
    ).request({ method: 'POST', url: `/api/boletas/documentos/${doc!.id_documento}/reintento?id_minimarket=${donPepe}` });
    expect(otra.statusCode, otra.body).toBe(200);
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]).toMatchObject({ estado: 'rechazado', motivo: mensajeBoletaSobreTope(precio) });
    expect(simulador.emitidos().length).toBe(antes);
    // At the limit, it goes.
    const justo = await nuevoProducto(await pyme(), donPepe, { precio_venta: TOPE_BOLETA_PESOS, stock: 5 });
    const ventaJusta = await vender([{ id_producto: justo.id_producto, precio: TOPE_BOLETA_PESOS, n: 1 }]);
    await enviarTodo();
    expect((await documentosDe(ventaJusta.id_venta))[0]!.folio).toBeGreaterThan(0);
  });

  it('a $0 line and names pasted with an em dash, curly quotes or an emoji go out as SII takes them', async () => {
    await configurar({ razon_social: 'Comercial “Don Pepe” — SpA' });
    const api = await pyme();
    const raro = await nuevoProducto(api, donPepe, { precio_venta: 1000, stock: 50, nombre_producto: 'Café “Tostado” — 250 g ☕' });
    const regalo = await nuevoProducto(api, donPepe, { precio_venta: 500, stock: 50, nombre_producto: 'Bolsa reutilizable' });
    const venta = await vender([
      { id_producto: raro.id_producto, precio: 1000, n: 1 },
      { id_producto: regalo.id_producto, precio: 500, n: 1 },
    ]);
    // A sale's line at $0 (a gift; a promotion once sales take them) is written here into the row, as
    // encolar_boleta would write it: price 0, amount 0.
    const [fila] = await documentosDe(venta.id_venta);
    const lineas = (fila!.lineas as Array<Record<string, number | string | boolean>>).map((l) =>
      l.id_producto === regalo.id_producto ? { ...l, precio_unitario: 0, monto: 0 } : l,
    );
    await ctx.db.documentoDte.update({
      where: { id_minimarket_id_documento: { id_minimarket: donPepe, id_documento: fila!.id_documento } },
      data: { lineas, ...montosDte([{ monto: 1000, exento: false }]) },
    });
    const anul = await anular(api, venta.id_venta, 'Se arrepintió');
    expect(anul.statusCode, anul.body).toBeLessThan(300);
    await enviarTodo();
    await enviarTodo();
    const [b, a] = await documentosDe(venta.id_venta);
    expect(b!.folio, b!.motivo ?? '').toBeGreaterThan(0);
    expect(a!.folio, a!.motivo ?? '').toBeGreaterThan(0);
    const dte = simulador.emitidos().find((r) => r.claveIdempotencia === b!.clave)!.dte as unknown as {
      Encabezado: { Emisor: Record<string, unknown> };
      Detalle: Array<Record<string, unknown>>;
    };
    expect(dte.Encabezado.Emisor.RznSocEmisor).toBe('Comercial "Don Pepe" - SpA');
    expect(dte.Detalle).toEqual([
      { NroLinDet: 1, NmbItem: 'Café "Tostado" - 250 g', QtyItem: 1, PrcItem: 1000, MontoItem: 1000 },
      { NroLinDet: 2, NmbItem: 'Bolsa reutilizable', MontoItem: 0 },
    ]);
    // The timbre the receipt prints is ISO-8859-1 text.
    expect((await boleta(venta.id_venta)).boleta_electronica.ted).toContain('<RS>Comercial "Don Pepe" - SpA</RS>');
    await configurar();
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
      cifrado: createCifrado({ secreto: JWT_SECRET_PRUEBAS }),
      proveedores: {
        simulador: createOpenFactura({ baseUrl: simulador.url, timeoutMs: 3000 }),
        openfactura: createOpenFactura({ baseUrl: openfactura.url, timeoutMs: 3000 }),
      },
      intervaloMs: 0,
      timeoutMs: 3000,
      simuladorPermitido: true,
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

describe('documents of the stand-in are de prueba', () => {
  it('a boleta and its nota de crédito issued by the stand-in say so; the receipt and the list carry it', async () => {
    await configurar();
    expect(LEYENDA_DOCUMENTO_PRUEBA).toBe('DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII');
    const api = await pyme();
    const p = await nuevoProducto(api, donPepe, { precio_venta: 1190, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 1190, n: 2 }]);
    // Not issued yet: nothing is de prueba (the receipt says «Boleta en proceso» and «no válido como boleta»).
    const antes = await boleta(venta.id_venta);
    expect(antes.de_prueba).toBe(false);
    expect(antes.boleta_electronica.de_prueba).toBe(false);

    await enviarTodo();
    const despues = await boleta(venta.id_venta);
    expect(despues.boleta_electronica.folio).toBeGreaterThan(0);
    expect(despues.de_prueba).toBe(true);
    expect(despues.boleta_electronica.de_prueba).toBe(true);
    expect((await documentosDe(venta.id_venta))[0]!.de_prueba).toBe(true);

    const anul = await anular(api, venta.id_venta, 'Prueba');
    expect(anul.statusCode, anul.body).toBeLessThan(300);
    await enviarTodo();
    const lista = await api.request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${donPepe}` });
    const deLaVenta = lista.json().documentos.filter((d: { id_venta: number }) => d.id_venta === venta.id_venta);
    expect(deLaVenta.map((d: { tipo: number; de_prueba: boolean }) => [d.tipo, d.de_prueba]).sort()).toEqual([
      [39, true],
      [61, true],
    ]);
  });

  it('a boleta issued by OpenFactura is not; a shop that issues none has de_prueba false', async () => {
    await configurar({ proveedor: 'openfactura', api_key: CLAVE_REAL });
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 700, stock: 50 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 700, n: 1 }]);
    await enviarTodo();
    const real = await boleta(venta.id_venta);
    expect(real.boleta_electronica.folio).toBeGreaterThan(0);
    expect(real).toMatchObject({ de_prueba: false, boleta_electronica: { de_prueba: false } });
    // The shop moves to the stand-in meanwhile: SII's answer is still asked of OpenFactura, which issued it.
    await configurar();
    await enviarTodo();
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]).toMatchObject({ estado: 'aceptado', de_prueba: false });
    expect(openfactura.emitidos().find((r) => r.claveIdempotencia === `venta-${venta.id_venta}`)!.consultas).toBe(2);

    await configurar({ emitir: false });
    const sin = await vender([{ id_producto: p.id_producto, precio: 700, n: 1 }]);
    expect(await boleta(sin.id_venta)).toMatchObject({ boleta_electronica: null, de_prueba: false });
  });

  it('a rejected document retried goes back as not de prueba (the new request may go to another provider)', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 640, stock: 50 });
    simulador.fijarModo({ tipo: 'rechazo', motivo: 'Rechazo de prueba' });
    const venta = await vender([{ id_producto: p.id_producto, precio: 640, n: 1 }]);
    await enviarTodo();
    const [doc] = await documentosDe(venta.id_venta);
    expect(doc).toMatchObject({ estado: 'rechazado', de_prueba: false });
    // As if it had been issued by the stand-in and then rejected by SII.
    await ctx.db.documentoDte.update({
      where: { id_minimarket_id_documento: { id_minimarket: donPepe, id_documento: doc!.id_documento } },
      data: { de_prueba: true },
    });
    simulador.fijarModo({ tipo: 'normal' });
    const otra = await (
      await pyme()
    ).request({ method: 'POST', url: `/api/boletas/documentos/${doc!.id_documento}/reintento?id_minimarket=${donPepe}` });
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toMatchObject({ estado: 'pendiente', de_prueba: false });
  });
});

describe('each API key is bound to its shop', () => {
  it('copied into another shop’s row it does not decrypt: «no hay clave» there, and the worker says why, never a 500', async () => {
    await configurar({ proveedor: 'openfactura', api_key: CLAVE_REAL });
    const propia = (await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } })).api_key_cifrada!;
    expect(propia.startsWith('v2.')).toBe(true);
    // La Esquina issues through OpenFactura with Don Pepe's ciphertext pasted into its row.
    const esquina = await ctx.as(DEMO.pyme2);
    const guardada = await esquina.request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: laEsquina, ...emisor, razon_social: 'La Esquina SpA', proveedor: 'simulador', emitir: false },
    });
    expect(guardada.statusCode, guardada.body).toBe(200);
    await ctx.db.emisorDte.update({
      where: { id_minimarket: laEsquina },
      data: { proveedor: 'openfactura', emitir: true, api_key_cifrada: propia },
    });
    const leido = await esquina.request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${laEsquina}` });
    expect(leido.statusCode, leido.body).toBe(200);
    expect(leido.json()).toMatchObject({ proveedor: 'openfactura', tiene_api_key: false });
    // Saving it on again asks for the key, as with none stored.
    const otraVez = await esquina.request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: laEsquina, ...emisor, razon_social: 'La Esquina SpA', proveedor: 'openfactura', emitir: true },
    });
    expect(otraVez.statusCode).toBe(422);
    expect(otraVez.json().errors).toContainEqual({ campo: 'api_key', mensaje: 'Escribe la API key del proveedor.' });

    const p = await nuevoProducto(esquina, laEsquina, { precio_venta: 500, stock: 20 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 500, n: 1 }], { id: laEsquina, dueno: DEMO.pyme2 });
    await enviarTodo();
    const [doc] = await ctx.db.documentoDte.findMany({ where: { id_minimarket: laEsquina, id_venta: venta.id_venta } });
    expect(doc).toMatchObject({ estado: 'pendiente', folio: null, motivo: MENSAJE_API_KEY_ILEGIBLE });
    expect(folios(`venta-${venta.id_venta}`, openfactura).size).toBe(0);
    const lista = await esquina.request({ method: 'GET', url: `/api/boletas/documentos?id_minimarket=${laEsquina}` });
    expect(lista.statusCode).toBe(200);
    // Don Pepe's own row still reads.
    expect(createCifrado({ secreto: JWT_SECRET_PRUEBAS }).descifrar(propia, donPepe)).toBe(CLAVE_REAL);
    await ctx.db.emisorDte.update({ where: { id_minimarket: laEsquina }, data: { emitir: false, api_key_cifrada: null } });
  });

  it('a key stored before (v1, not bound) still sends, and is written again bound at the start and on every save', async () => {
    await configurar({ proveedor: 'openfactura', api_key: CLAVE_REAL });
    const v1 = cifrarComoAntes(CLAVE_REAL, JWT_SECRET_PRUEBAS);
    await ctx.db.emisorDte.update({ where: { id_minimarket: donPepe }, data: { api_key_cifrada: v1 } });
    expect(
      (await (await pyme()).request({ method: 'GET', url: `/api/boletas/emisor?id_minimarket=${donPepe}` })).json().tiene_api_key,
    ).toBe(true);
    // The worker reads it as it is.
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 450, stock: 20 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 450, n: 1 }]);
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]!.folio).toBeGreaterThan(0);
    expect(folios(`venta-${venta.id_venta}`, openfactura).size).toBe(1);

    // The start's pass rewrites it bound to the shop.
    expect(await ctx.app.services.boletas.reescribirClavesAnticuadas()).toBe(1);
    const v2 = (await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } })).api_key_cifrada!;
    expect(v2.startsWith('v2.')).toBe(true);
    const cifrado = createCifrado({ secreto: JWT_SECRET_PRUEBAS });
    expect(cifrado.descifrar(v2, donPepe)).toBe(CLAVE_REAL);
    expect(() => cifrado.descifrar(v2, laEsquina)).toThrow();
    expect(await ctx.app.services.boletas.reescribirClavesAnticuadas()).toBe(0);

    // A save of the issuer without a new key does it too.
    await ctx.db.emisorDte.update({
      where: { id_minimarket: donPepe },
      data: { api_key_cifrada: cifrarComoAntes(CLAVE_REAL, JWT_SECRET_PRUEBAS) },
    });
    expect(await configurar({ proveedor: 'openfactura' })).toMatchObject({ tiene_api_key: true });
    const guardada = (await ctx.db.emisorDte.findUniqueOrThrow({ where: { id_minimarket: donPepe } })).api_key_cifrada!;
    expect(guardada.startsWith('v2.')).toBe(true);
    expect(cifrado.descifrar(guardada, donPepe)).toBe(CLAVE_REAL);
  });
});

describe('the worker’s lease', () => {
  it('outlasts its call to the provider: with DTE_TIMEOUT_MS at its largest, no other replica takes a row mid-send', async () => {
    // The largest timeout the settings allow (env.ts): the old fixed 60 s lease ran out at half of it.
    const TIMEOUT_MS = 120_000;
    expect(arriendoMs(TIMEOUT_MS)).toBeGreaterThan(TIMEOUT_MS);
    await enviarTodo();
    await ctx.db.documentoDte.updateMany({
      where: { estado: { in: ['pendiente', 'en_proceso'] } },
      data: { proximo_intento: new Date(Date.now() + 86_400_000) },
    });
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 350, stock: 20 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 350, n: 1 }]);
    const retenido = await proveedorRetenido();
    const db2 = createDb(ctx.databaseUrl, 5);
    const replica = await buildTestApp(ctx.databaseUrl, db2, { DTE_SIMULADOR_URL: retenido.url, DTE_TIMEOUT_MS: String(TIMEOUT_MS) });
    try {
      const ronda = replica.services.emisorBoletas.ronda();
      // The send has reached the provider and waits there.
      const llego = await retenido.llegada;
      const [enviandose] = await documentosDe(venta.id_venta);
      expect(enviandose!.tomado_por).not.toBeNull();
      // Held at least for the whole call from when it started (and its result's write).
      expect(enviandose!.tomado_hasta!.getTime()).toBeGreaterThanOrEqual(llego + TIMEOUT_MS);
      // Another replica's round, even past the old 60 s, finds it held.
      const [{ dentro_de_60s }] = await ctx.db.$queryRaw<{ dentro_de_60s: boolean }[]>`
        SELECT tomado_hasta < now() + interval '61 seconds' AS dentro_de_60s FROM documento_dte
        WHERE id_minimarket = ${donPepe} AND id_documento = ${enviandose!.id_documento}`;
      expect(dentro_de_60s).toBe(false);
      const otra = await tomarDocumentos(ctx.db, crypto.randomUUID(), 60_000, 10);
      expect(otra.map((f) => f.id_documento)).not.toContain(enviandose!.id_documento);
      retenido.soltar();
      expect(await ronda).toBe(1);
    } finally {
      await replica.close();
      await db2.$disconnect();
      await retenido.cerrar();
    }
    const [despues] = await documentosDe(venta.id_venta);
    expect(despues).toMatchObject({ estado: 'pendiente', folio: null, tomado_por: null, tomado_hasta: null });
  });

  it('is renewed only by the worker that holds it: one whose lease another replica took sends nothing', async () => {
    await configurar();
    const p = await nuevoProducto(await pyme(), donPepe, { precio_venta: 360, stock: 20 });
    const venta = await vender([{ id_producto: p.id_producto, precio: 360, n: 1 }]);
    const [doc] = await documentosDe(venta.id_venta);
    await ctx.db.documentoDte.updateMany({
      where: { estado: { in: ['pendiente', 'en_proceso'] }, NOT: { id_documento: doc!.id_documento } },
      data: { proximo_intento: new Date(Date.now() + 86_400_000) },
    });
    const [deA] = await tomarDocumentos(ctx.db, crypto.randomUUID(), 60_000, 10);
    expect(deA!.id_documento).toBe(doc!.id_documento);
    expect(await renovarArriendo(ctx.db, deA!, 90_000)).toBe(true);
    // A's lease ran out (it stalled) and B took the row.
    await ctx.db.documentoDte.update({
      where: { id_minimarket_id_documento: { id_minimarket: donPepe, id_documento: doc!.id_documento } },
      data: { tomado_hasta: new Date(Date.now() - 1000) },
    });
    const [deB] = await tomarDocumentos(ctx.db, crypto.randomUUID(), 60_000, 10);
    expect(deB!.id_documento).toBe(doc!.id_documento);
    expect(await renovarArriendo(ctx.db, deA!, 90_000)).toBe(false);
    expect(await renovarArriendo(ctx.db, deB!, 90_000)).toBe(true);
    // Handed back; sent once.
    await ctx.db.documentoDte.update({
      where: { id_minimarket_id_documento: { id_minimarket: donPepe, id_documento: doc!.id_documento } },
      data: { tomado_hasta: new Date(Date.now() - 1000) },
    });
    await enviarTodo();
    expect((await documentosDe(venta.id_venta))[0]!.folio).toBeGreaterThan(0);
  });
});
