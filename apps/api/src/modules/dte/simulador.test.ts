// The stand-in itself, over plain HTTP (docs/boleta.md «El simulador»): what a fake provider must do
// for the outbox's tests to mean anything — folios per issuer and type, idempotency as OpenFactura
// documents it (OF-06 with the first document's token), a TED that verifies with its CAF's key, the
// status sequence, each mode, also switched over HTTP, and the refusals SII's schemas and OpenFactura
// would give (esquema-sii.ts; each rule on its own in esquema-sii.test.ts).
import { createPublicKey, verify } from 'node:crypto';
import { esTextoLatin1, TOPE_BOLETA_PESOS } from '@minimarket/contracts/dte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cuerpoOpenFactura } from './openfactura.js';
import type { DocumentoDte } from './proveedor.js';
import { API_KEY_SIMULADOR, crearSimuladorDte, leerModo, type SimuladorDte } from './simulador.js';

const documento = (rut = '76543210-3', tipo: 39 | 41 = 39, monto = 1190): DocumentoDte => ({
  tipo,
  fecha: '2026-11-26',
  emisor: { rut, razon_social: 'Almacén La Esquina', giro: 'Almacén', direccion: 'Calle 1', comuna: 'Maipú', codigo_sucursal: null },
  lineas: [{ nombre: 'Aceite 1 L', cantidad: 1, unidad: 'unidad', precio_unitario: monto, monto, exento: tipo === 41 }],
});

let sim: SimuladorDte;
beforeAll(async () => {
  sim = await crearSimuladorDte();
});
afterEach(() => sim.fijarModo({ tipo: 'normal' }));
afterAll(() => sim.cerrar());

const enviar = (cuerpo: unknown, { clave = '', apiKey = API_KEY_SIMULADOR }: { clave?: string; apiKey?: string } = {}) =>
  fetch(`${sim.url}/v2/dte/document`, {
    method: 'POST',
    headers: { apikey: apiKey, 'content-type': 'application/json', ...(clave ? { 'Idempotency-Key': clave } : {}) },
    body: typeof cuerpo === 'string' ? cuerpo : JSON.stringify(cuerpo),
  });
const emitir = async (doc: DocumentoDte, clave: string) => {
  const res = await enviar(cuerpoOpenFactura(doc), { clave });
  expect(res.status).toBe(200);
  return (await res.json()) as { TOKEN: string; FOLIO: number; XML: string };
};
const estado = async (token: string) =>
  (await (await fetch(`${sim.url}/v2/dte/document/${token}/status`, { headers: { apikey: API_KEY_SIMULADOR } })).json()) as {
    estado: string;
    motivo?: string;
  };

describe('the provider contract', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses a missing or wrong api key with 401, as OpenFactura does', async () => {
    const res = await enviar(cuerpoOpenFactura(documento()), { apiKey: 'otra' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ statusCode: 401 });
  });

  it('numbers folios per (RUT, type) from its fake CAF, starting at 1', async () => {
    const a = await emitir(documento('11111111-1', 39), 's-1');
    const b = await emitir(documento('11111111-1', 39), 's-2');
    const c = await emitir(documento('11111111-1', 41), 's-3');
    const d = await emitir(documento('22222222-2', 39), 's-4');
    expect([a.FOLIO, b.FOLIO, c.FOLIO, d.FOLIO]).toEqual([1, 2, 1, 1]);
  });

  it('a repeated key is 400 OF-06 with the first document’s token, as OpenFactura: with the same body or another one', async () => {
    const cuerpo = cuerpoOpenFactura(documento('33333333-3'));
    const { TOKEN } = (await (await enviar(cuerpo, { clave: 's-10' })).json()) as { TOKEN: string };
    for (const otra of [cuerpo, cuerpoOpenFactura(documento('33333333-3', 39, 2000))]) {
      const res = await enviar(otra, { clave: 's-10' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { message: 'Este DTE ya fue emitido (Idempotency-Key)', code: 'OF-06', token: TOKEN } });
    }
    expect(sim.emitidos().filter((r) => r.rut === '33333333-3')).toHaveLength(1);
  });

  it('a key is remembered 24 hours (RECUERDA_CLAVE_MS); after that the same key issues a new document', async () => {
    const corto = await crearSimuladorDte({ recuerdaClaveMs: 30 });
    try {
      const enviarA = (clave: string) =>
        fetch(`${corto.url}/v2/dte/document`, {
          method: 'POST',
          headers: { apikey: API_KEY_SIMULADOR, 'content-type': 'application/json', 'Idempotency-Key': clave },
          body: JSON.stringify(cuerpoOpenFactura(documento())),
        });
      expect((await enviarA('k-1')).status).toBe(200);
      expect((await enviarA('k-1')).status).toBe(400);
      await expect.poll(async () => (await enviarA('k-1')).status, { interval: 20 }).toBe(200);
      expect(corto.emitidos().map((r) => r.folio)).toEqual([1, 2]);
    } finally {
      await corto.cerrar();
    }
  });

  it('stamps a TED whose FRMT verifies with the public key inside its own CAF', async () => {
    const { XML } = await emitir(documento('44444444-4', 39, 5950), 's-20');
    const xml = Buffer.from(XML, 'base64').toString('latin1');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="ISO-8859-1"\?>/);
    const ted = /<TED\b[\s\S]*<\/TED>/.exec(xml)![0];
    expect(ted).toMatch(
      /^<TED version="1.0"><DD><RE>44444444-4<\/RE><TD>39<\/TD><F>1<\/F><FE>2026-11-26<\/FE><RR>66666666-6<\/RR><RSR>[^<]+<\/RSR><MNT>5950<\/MNT><IT1>Aceite 1 L<\/IT1><CAF version="1.0"><DA>.*<RNG><D>1<\/D><H>1000000<\/H><\/RNG>.*<\/DA><FRMA algoritmo="SHA1withRSA">[^<]+<\/FRMA><\/CAF><TSTED>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d<\/TSTED><\/DD><FRMT algoritmo="SHA1withRSA">[^<]+<\/FRMT><\/TED>$/,
    );
    const dd = /<DD>[\s\S]*<\/DD>/.exec(ted)![0];
    const frmt = /<FRMT[^>]*>([^<]+)<\/FRMT>/.exec(ted)![1];
    const m = /<M>([^<]+)<\/M>/.exec(ted)![1];
    const e = /<E>([^<]+)<\/E>/.exec(ted)![1];
    const clave = createPublicKey({
      key: { kty: 'RSA', n: Buffer.from(m, 'base64').toString('base64url'), e: Buffer.from(e, 'base64').toString('base64url') },
      format: 'jwk',
    });
    expect(verify('sha1', Buffer.from(dd, 'latin1'), clave, Buffer.from(frmt, 'base64'))).toBe(true);
    // A TED the size of SII's (512-bit keys), so it fits a PDF417 on 58 mm paper.
    expect(ted.length).toBeLessThan(1000);
  });

  it('refuses totals that do not add up, field by field (OF-10)', async () => {
    const cuerpo = cuerpoOpenFactura(documento('55555555-5', 39, 1190));
    cuerpo.dte.Encabezado.Totales = { ...cuerpo.dte.Encabezado.Totales, MntNeto: 1190, IVA: 0 };
    const res = await enviar(cuerpo, { clave: 's-30' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: 'Validación de Campos',
        code: 'OF-10',
        details: [
          { field: 'MntNeto', issue: 'Monto erróneo : 1190' },
          { field: 'IVA', issue: 'Monto erróneo : 0' },
        ],
      },
    });
    expect(sim.emitidos().some((r) => r.rut === '55555555-5')).toBe(false);
  });

  it('refuses what SII’s schemas and OpenFactura refuse, with OpenFactura’s codes; a 61 needs no receiver address', async () => {
    const nota = (acteco: number | null): DocumentoDte => ({
      ...documento('56565656-2'),
      tipo: 61,
      emisor: { ...documento('56565656-2').emisor, acteco },
      referencia: { tipo: 39, folio: 1, fecha: '2026-11-26', codigo: 1, razon: 'Anula la boleta' },
    });
    const ok = cuerpoOpenFactura(nota(472101));
    expect(ok.dte.Encabezado.Receptor).not.toHaveProperty('DirRecep');
    expect((await enviar(ok, { clave: 's-31' })).status).toBe(200);

    const sinActeco = structuredClone(ok) as { dte: { Encabezado: { Emisor: { Acteco?: number } } } };
    delete sinActeco.dte.Encabezado.Emisor.Acteco;
    const r1 = await enviar(sinActeco, { clave: 's-32' });
    expect(r1.status).toBe(400);
    expect(await r1.json()).toEqual({
      error: { message: 'Faltan campos obligatorios en el dte', code: 'OF-02', details: [{ field: 'Acteco', issue: 'Requerido' }] },
    });

    const gratis = cuerpoOpenFactura(documento('57575757-K'));
    Object.assign(gratis.dte.Detalle[0]!, { PrcItem: 0, MontoItem: 0 });
    Object.assign(gratis.dte.Encabezado.Totales, { MntNeto: 0, IVA: 0, MntTotal: 0, TotalPeriodo: 0, VlrPagar: 0 });
    const r2 = await enviar(gratis, { clave: 's-33' });
    expect(await r2.json()).toMatchObject({
      error: { code: 'OF-08', details: [{ field: 'PrcItem', issue: 'línea 1: Debe ser mayor que 0 : 0' }] },
    });

    const raya = cuerpoOpenFactura(documento('58585858-7'));
    raya.dte.Encabezado.Emisor = { ...raya.dte.Encabezado.Emisor, RznSocEmisor: 'Almacén — La Esquina' };
    const r3 = await enviar(raya, { clave: 's-34' });
    expect(await r3.json()).toMatchObject({ error: { code: 'OF-08', details: [{ field: 'RznSocEmisor' }] } });

    const codRef = structuredClone(ok) as { dte: { Referencia: Array<{ CodRef: string }> } };
    codRef.dte.Referencia[0]!.CodRef = '9';
    expect(await (await enviar(codRef, { clave: 's-35' })).json()).toMatchObject({
      error: { code: 'OF-08', details: [{ field: 'CodRef' }] },
    });

    const sinRef = structuredClone(ok) as { dte: { Referencia?: unknown } };
    delete sinRef.dte.Referencia;
    expect(await (await enviar(sinRef, { clave: 's-36' })).json()).toMatchObject({
      error: { code: 'OF-09', details: [{ field: 'Referencia' }] },
    });

    const caro = cuerpoOpenFactura(documento('59595959-4', 39, TOPE_BOLETA_PESOS + 10));
    const r4 = await enviar(caro, { clave: 's-37' });
    expect(await r4.json()).toMatchObject({
      error: { code: 'OF-10', details: [{ field: 'MedioPago' }, { field: 'RUTRecep' }, { field: 'RznSocRecep' }] },
    });
    expect(sim.emitidos().filter((r) => ['56565656-2', '57575757-K', '58585858-7', '59595959-4'].includes(r.rut))).toHaveLength(1);
  });

  it('what our client sends is ISO-8859-1, so the TED is too: an em dash and an emoji in the names become Latin-1', async () => {
    const doc = documento('60606060-2');
    doc.emisor = { ...doc.emisor, razon_social: 'Almacén “La Esquina” — Ñuñoa' };
    doc.lineas = [{ ...doc.lineas[0]!, nombre: 'Aceite 🫒 1 L…' }];
    const { XML } = await emitir(doc, 's-38');
    const xml = Buffer.from(XML, 'base64').toString('latin1');
    const ted = /<TED\b[\s\S]*<\/TED>/.exec(xml)![0];
    expect(esTextoLatin1(ted)).toBe(true);
    expect(ted).toContain('<RS>Almacén "La Esquina" - Ñuñoa</RS>');
    expect(ted).toContain('<IT1>Aceite 1 L...</IT1>');
  });

  it('answers Pendiente to the first status query, then Aceptado, by token or by RUT/type/folio; xml by token', async () => {
    const { TOKEN, FOLIO } = await emitir(documento('66666666-6'), 's-40');
    expect(await estado(TOKEN)).toEqual({ estado: 'Pendiente', token: TOKEN });
    const porFolio = await fetch(`${sim.url}/v2/dte/document/66666666-6/39/${FOLIO}/status`, { headers: { apikey: API_KEY_SIMULADOR } });
    expect(await porFolio.json()).toEqual({ estado: 'Aceptado', token: TOKEN });
    const xml = await fetch(`${sim.url}/v2/dte/document/${TOKEN}/xml`, { headers: { apikey: API_KEY_SIMULADOR } });
    expect(Buffer.from(((await xml.json()) as { xml: string }).xml, 'base64').toString('latin1')).toContain(`<Folio>${FOLIO}</Folio>`);
  });
});

describe('its modes', () => {
  it('caido: 503 for everything, switched over HTTP (POST /__simulador/modo)', async () => {
    const res = await fetch(`${sim.url}/__simulador/modo`, { method: 'POST', body: JSON.stringify({ tipo: 'caido' }) });
    expect(res.status).toBe(200);
    expect((await enviar(cuerpoOpenFactura(documento()), { clave: 's-50' })).status).toBe(503);
    const vuelta = await fetch(`${sim.url}/__simulador/modo`, { method: 'POST', body: JSON.stringify({ tipo: 'normal' }) });
    expect(vuelta.status).toBe(200);
    expect((await enviar(cuerpoOpenFactura(documento()), { clave: 's-50' })).status).toBe(200);
  });

  it('a mode that is not one is a 400 and changes nothing', async () => {
    const res = await fetch(`${sim.url}/__simulador/modo`, { method: 'POST', body: JSON.stringify({ tipo: 'lento' }) });
    expect(res.status).toBe(400);
    expect((await enviar(cuerpoOpenFactura(documento()), { clave: 's-51' })).status).toBe(200);
  });

  it("limite: 429 with Retry-After and OpenFactura's message", async () => {
    sim.fijarModo({ tipo: 'limite', retryAfterS: 3 });
    const res = await enviar(cuerpoOpenFactura(documento()), { clave: 's-60' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 3 seconds.' });
  });

  it('perder_respuesta: stores the document and spends its folio, then drops the connection', async () => {
    sim.fijarModo({ tipo: 'perder_respuesta' });
    const antes = sim.emitidos().length;
    await expect(enviar(cuerpoOpenFactura(documento('77777777-7')), { clave: 's-70' })).rejects.toThrow();
    expect(sim.emitidos().length - antes).toBe(1);
    sim.fijarModo({ tipo: 'normal' });
    // The retry with the same key: OF-06 and the stored document's token, which reads its folio back.
    const otra = await enviar(cuerpoOpenFactura(documento('77777777-7')), { clave: 's-70' });
    const { error } = (await otra.json()) as { error: { code: string; token: string } };
    expect(error).toMatchObject({ code: 'OF-06', token: sim.emitidos().at(-1)!.token });
    const xml = await fetch(`${sim.url}/v2/dte/document/${error.token}/xml`, { headers: { apikey: API_KEY_SIMULADOR } });
    const texto = Buffer.from(((await xml.json()) as { xml: string }).xml, 'base64').toString('latin1');
    expect(texto).toContain(`<Folio>${sim.emitidos().at(-1)!.folio}</Folio>`);
    expect(sim.emitidos().length - antes).toBe(1);
  });

  it('rechazo: refuses new documents with its reason; a document already issued ends Rechazado with it', async () => {
    const { TOKEN } = await emitir(documento('88888888-8'), 's-80');
    await estado(TOKEN);
    sim.fijarModo({ tipo: 'rechazo', motivo: 'CAF vencido' });
    const res = await enviar(cuerpoOpenFactura(documento('88888888-8')), { clave: 's-81' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'OF-10', details: [{ field: 'dte', issue: 'CAF vencido' }] } });
    expect(await estado(TOKEN)).toMatchObject({ estado: 'Rechazado', motivo: 'CAF vencido' });
  });

  it('reparos: accepted, and the status says so with the reason', async () => {
    sim.fijarModo({ tipo: 'reparos', motivo: 'Dirección incompleta' });
    const { TOKEN } = await emitir(documento('99999999-9'), 's-90');
    await estado(TOKEN);
    expect(await estado(TOKEN)).toMatchObject({ estado: 'Aceptado con Reparo', motivo: 'Dirección incompleta' });
  });

  it('cerrar returns at once, cutting a request still in its slow wait', async () => {
    const otro = await crearSimuladorDte();
    otro.fijarModo({ tipo: 'lento', ms: 60_000 });
    const pendiente = fetch(`${otro.url}/v2/dte/document`, { method: 'POST', headers: { apikey: API_KEY_SIMULADOR }, body: '{}' }).catch(
      () => 'cortada',
    );
    await otro.cerrar();
    await expect(pendiente).resolves.toBe('cortada');
  });
});

describe('leerModo', () => {
  it.each([
    ['{"tipo":"normal"}', { tipo: 'normal' }],
    ['{"tipo":"lento","ms":250}', { tipo: 'lento', ms: 250 }],
    ['{"tipo":"limite","retryAfterS":5}', { tipo: 'limite', retryAfterS: 5 }],
    ['{"tipo":"rechazo","motivo":"x"}', { tipo: 'rechazo', motivo: 'x' }],
    ['{"tipo":"perder_respuesta"}', { tipo: 'perder_respuesta' }],
    ['{"tipo":"lento","ms":-1}', null],
    ['{"tipo":"reparos"}', null],
    ['{"tipo":"otro"}', null],
    ['no es json', null],
  ])('%s', (texto, modo) => {
    expect(leerModo(texto)).toEqual(modo);
  });
});
