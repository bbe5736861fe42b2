// The real OpenFactura client driven against the local stand-in (docs/boleta.md): the exactly-once
// cases the outbox relies on, each failure sorted for the worker, and the api key never leaking.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import {
  MENSAJE_DTE_CONFLICTO_IDEMPOTENCIA,
  MENSAJE_DTE_CREDENCIALES,
  MENSAJE_DTE_LIMITE,
  MENSAJE_DTE_TEMPORAL,
  MENSAJE_DTE_TIEMPO_AGOTADO,
  montosDte,
} from '@minimarket/contracts/dte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cantidadSii, createOpenFactura, cuerpoOpenFactura, extraerTed } from './openfactura.js';
import { ErrorProveedor, type DocumentoDte, type Emitido, type LineaDte } from './proveedor.js';
import { crearSimuladorDte, type SimuladorDte } from './simulador.js';

const API_KEY = 'of-clave-secreta-7f3a9c1e5b';
const EMISOR = {
  rut: '76543210-3',
  razon_social: 'Minimarket Don Pepe SpA',
  giro: 'Venta al por menor en almacenes',
  direccion: 'Av. Siempre Viva 742',
  comuna: 'Ñuñoa',
  codigo_sucursal: '81303347',
  acteco: 471100,
};
const LINEAS: LineaDte[] = [
  { nombre: 'Leche entera 1 L', cantidad: 2, unidad: 'unidad', precio_unitario: 1190, monto: 2380, exento: false },
  // $8.990/kg × 350 g = 3.146,5 → 3.147
  { nombre: 'Queso mantecoso', cantidad: 350, unidad: 'kg', precio_unitario: 8990, monto: 3147, exento: false },
  { nombre: 'Plátanos', cantidad: 1, unidad: 'unidad', precio_unitario: 990, monto: 990, exento: true },
];
const boleta = (lineas: LineaDte[] = LINEAS): DocumentoDte => ({ tipo: 39, fecha: '2026-11-26', emisor: EMISOR, lineas });

let sim: SimuladorDte;
let proveedor: ReturnType<typeof createOpenFactura>;

beforeAll(async () => {
  sim = await crearSimuladorDte({ apiKey: API_KEY });
  proveedor = createOpenFactura({ baseUrl: sim.url, timeoutMs: 2000 });
});
afterEach(() => sim.fijarModo({ tipo: 'normal' }));
afterAll(() => sim.cerrar());

/** The rejection of a call, as an ErrorProveedor (fails the test if it resolved or threw something else). */
async function fallo(p: Promise<unknown>): Promise<ErrorProveedor> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ErrorProveedor);
  return e as ErrorProveedor;
}

/** Every way an error can be printed or stored, none of which may show the key. */
const sinClave = (e: unknown) => {
  const err = e as Error;
  for (const texto of [err.message, String(err.stack), JSON.stringify(err), inspect(err, { depth: 5 })])
    expect(texto).not.toContain(API_KEY);
};

describe('the body OpenFactura receives', () => {
  it('a boleta: Folio 0, IndServicio 3, the generic receiver, gross lines and the totals of montosDte', () => {
    const cuerpo = cuerpoOpenFactura(boleta());
    const { neto, iva, exento, total } = montosDte(LINEAS);
    expect(cuerpo.response).toEqual(['FOLIO', 'TIMBRE', 'PDF', '80MM', 'XML', 'RESOLUCION']);
    expect(cuerpo.dte.Encabezado).toEqual({
      IdDoc: { TipoDTE: 39, Folio: 0, FchEmis: '2026-11-26', IndServicio: 3 },
      Emisor: {
        RUTEmisor: '76543210-3',
        RznSocEmisor: 'Minimarket Don Pepe SpA',
        GiroEmisor: 'Venta al por menor en almacenes',
        CdgSIISucur: '81303347',
        DirOrigen: 'Av. Siempre Viva 742',
        CmnaOrigen: 'Ñuñoa',
      },
      Receptor: { RUTRecep: '66666666-6' },
      // 2.380 + 3.147 = 5.527 affected → 4.645 + 882; 990 exempt.
      Totales: { MntNeto: 4645, IVA: 882, MntExe: 990, MntTotal: 6517, TotalPeriodo: 6517, VlrPagar: 6517 },
    });
    expect({ neto, iva, exento, total }).toEqual({ neto: 4645, iva: 882, exento: 990, total: 6517 });
    expect(cuerpo.dte.Detalle).toEqual([
      { NroLinDet: 1, NmbItem: 'Leche entera 1 L', QtyItem: 2, PrcItem: 1190, MontoItem: 2380 },
      { NroLinDet: 2, NmbItem: 'Queso mantecoso', QtyItem: 0.35, UnmdItem: 'KG', PrcItem: 8990, MontoItem: 3147 },
      { NroLinDet: 3, NmbItem: 'Plátanos', QtyItem: 1, PrcItem: 990, MontoItem: 990, IndExe: 1 },
    ]);
  });

  it('a discounted line says its discount, so PrcItem × QtyItem − DescuentoMonto = MontoItem', () => {
    const [linea] = cuerpoOpenFactura(
      boleta([{ nombre: 'Pan', cantidad: 3, unidad: 'unidad', precio_unitario: 500, monto: 1200, exento: false }]),
    ).dte.Detalle;
    expect(linea).toMatchObject({ QtyItem: 3, PrcItem: 500, DescuentoMonto: 300, MontoItem: 1200 });
  });

  it('a boleta exenta (41) carries only MntExe', () => {
    const cuerpo = cuerpoOpenFactura({ ...boleta([LINEAS[2]]), tipo: 41 });
    expect(cuerpo.dte.Encabezado.Totales).toEqual({ MntExe: 990, MntTotal: 990, TotalPeriodo: 990, VlrPagar: 990 });
  });

  it('grams become kilos with three decimals only at this boundary', () => {
    expect([1, 350, 1000, 1500, 99_999].map((g) => cantidadSii({ cantidad: g, unidad: 'kg' }))).toEqual([0.001, 0.35, 1, 1.5, 99.999]);
    expect(cantidadSii({ cantidad: 7, unidad: 'unidad' })).toBe(7);
  });
});

describe('emitir against the stand-in', () => {
  it('returns the folio, the TED of that folio and total, the token and the resolution', async () => {
    const r = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-100', apiKey: API_KEY });
    expect(r.estado).toBe('en_proceso');
    expect(r.token).toMatch(/^[0-9a-f]{64}$/);
    expect(r.ted).toMatch(/^<TED version="1.0"><DD><RE>76543210-3<\/RE><TD>39<\/TD>/);
    expect(r.ted).toContain(`<F>${r.folio}</F>`);
    expect(r.ted).toContain('<MNT>6517</MNT>');
    expect(r.ted).toContain('<IT1>Leche entera 1 L</IT1>');
    expect(r.pdf).toEqual(expect.any(String));
    expect(r.resolucion).toEqual({ numero: 0, fecha: '2026-01-02' });
    expect(JSON.stringify(r)).not.toContain(API_KEY);
  });

  it('one folio per Idempotency-Key: the same sale sent again gets the same folio, another sale the next one', async () => {
    const antes = sim.emitidos().length;
    const a = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-200', apiKey: API_KEY });
    const b = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-200', apiKey: API_KEY });
    const c = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-201', apiKey: API_KEY });
    // Read back by the token of OF-06: the same folio, TED and token (the PDF and resolution came with the first answer).
    expect(b).toEqual({ ...a, pdf: null, resolucion: null });
    expect(c.folio).toBe(a.folio + 1);
    expect(sim.emitidos().length - antes).toBe(2);
  });

  it('the answer is lost after the provider stored it: the retry with the same key gets the same folio, nothing new is stamped', async () => {
    const antes = sim.emitidos().length;
    sim.fijarModo({ tipo: 'perder_respuesta' });
    const e = await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-300', apiKey: API_KEY }));
    expect(e.clase).toBe('temporal');
    expect(e.message).toBe(MENSAJE_DTE_TEMPORAL);
    expect(sim.emitidos().length - antes).toBe(1);
    const guardado = sim.emitidos().at(-1)!;

    sim.fijarModo({ tipo: 'normal' });
    const r = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-300', apiKey: API_KEY });
    expect(r.folio).toBe(guardado.folio);
    expect(r.ted).toBe(guardado.ted);
    expect(sim.emitidos().length - antes).toBe(1);
  });

  it('too slow: the client gives up, the provider finishes anyway, and the retry reads that same folio', async () => {
    const impaciente = createOpenFactura({ baseUrl: sim.url, timeoutMs: 150 });
    const antes = sim.emitidos().length;
    sim.fijarModo({ tipo: 'lento', ms: 1000 });
    const e = await fallo(impaciente.emitir(boleta(), { claveIdempotencia: 'venta-400', apiKey: API_KEY }));
    expect(e).toMatchObject({ clase: 'temporal', message: MENSAJE_DTE_TIEMPO_AGOTADO });
    sim.fijarModo({ tipo: 'normal' });
    await expect.poll(() => sim.emitidos().length - antes).toBe(1);
    const r = await impaciente.emitir(boleta(), { claveIdempotencia: 'venta-400', apiKey: API_KEY });
    expect(r.folio).toBe(sim.emitidos().at(-1)!.folio);
    expect(sim.emitidos().length - antes).toBe(1);
  });

  it("OpenFactura's own answer to a repeated key (400 OF-06 with the token) is read back into the same folio and TED", async () => {
    const antes = sim.emitidos().length;
    const a = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-500', apiKey: API_KEY });
    const b = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-500', apiKey: API_KEY });
    expect(b).toMatchObject({ folio: a.folio, ted: a.ted, token: a.token, estado: 'en_proceso' });
    expect(sim.emitidos().length - antes).toBe(1);
  });

  it('OF-06 without a token (or a 409) is a rechazo that says not to retry: the key is spent on a document we cannot read', async () => {
    for (const [status, cuerpo] of [
      [400, { error: { message: 'Este DTE ya fue emitido (Idempotency-Key)', code: 'OF-06' } }],
      [409, { message: 'Conflict' }],
    ] as const) {
      const servidor = http.createServer((req, res) => {
        req.resume();
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(cuerpo));
      });
      await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
      try {
        const cliente = createOpenFactura({ baseUrl: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`, timeoutMs: 2000 });
        const e = await fallo(cliente.emitir(boleta(), { claveIdempotencia: 'venta-501', apiKey: API_KEY }));
        expect(e).toMatchObject({ clase: 'rechazo', message: MENSAJE_DTE_CONFLICTO_IDEMPOTENCIA, reintentarEnMs: null });
      } finally {
        servidor.closeAllConnections();
        await new Promise<void>((resolve) => servidor.close(() => resolve()));
      }
    }
  });

  it('two workers racing one sale with the same key: one folio, stamped once', async () => {
    const antes = sim.emitidos().length;
    const [a, b] = await Promise.all([
      proveedor.emitir(boleta(), { claveIdempotencia: 'venta-550', apiKey: API_KEY }),
      proveedor.emitir(boleta(), { claveIdempotencia: 'venta-550', apiKey: API_KEY }),
    ]);
    expect(b.folio).toBe(a.folio);
    expect(sim.emitidos().length - antes).toBe(1);
  });

  it('a 429 storm spends no folio: once the provider lets us through, the sale gets exactly one', async () => {
    const antes = sim.emitidos().length;
    sim.fijarModo({ tipo: 'limite', retryAfterS: 1 });
    for (let i = 0; i < 5; i++) {
      expect((await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-560', apiKey: API_KEY }))).clase).toBe('limite');
    }
    expect(sim.emitidos().length).toBe(antes);
    sim.fijarModo({ tipo: 'normal' });
    const a = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-560', apiKey: API_KEY });
    const b = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-560', apiKey: API_KEY });
    expect(b.folio).toBe(a.folio);
    expect(sim.emitidos().length - antes).toBe(1);
  });

  it('the same key with another document gets the first one back (OF-06 and its token), never stamped twice', async () => {
    const antes = sim.emitidos().length;
    const a = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-600', apiKey: API_KEY });
    const b = await proveedor.emitir(boleta([LINEAS[0]]), { claveIdempotencia: 'venta-600', apiKey: API_KEY });
    expect(b).toMatchObject({ folio: a.folio, ted: a.ted });
    expect(b.ted).toContain('<MNT>6517</MNT>');
    expect(sim.emitidos().length - antes).toBe(1);
  });

  it('a 429 is a limit with the wait the provider asked for (Retry-After)', async () => {
    sim.fijarModo({ tipo: 'limite', retryAfterS: 7 });
    const e = await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-700', apiKey: API_KEY }));
    expect(e).toMatchObject({ clase: 'limite', reintentarEnMs: 7000, message: MENSAJE_DTE_LIMITE, codigo: 'HTTP 429' });
    sinClave(e);
  });

  it('down (503) is temporal', async () => {
    sim.fijarModo({ tipo: 'caido' });
    const e = await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-800', apiKey: API_KEY }));
    expect(e).toMatchObject({ clase: 'temporal', message: MENSAJE_DTE_TEMPORAL, codigo: 'HTTP 503' });
  });

  it('nobody listening is temporal', async () => {
    const muerto = await crearSimuladorDte({ apiKey: API_KEY });
    const url = muerto.url;
    await muerto.cerrar();
    const e = await fallo(
      createOpenFactura({ baseUrl: url, timeoutMs: 2000 }).emitir(boleta(), { claveIdempotencia: 'venta-801', apiKey: API_KEY }),
    );
    expect(e).toMatchObject({ clase: 'temporal', message: MENSAJE_DTE_TEMPORAL, codigo: null });
    sinClave(e);
  });

  it("a refusal is a rechazo with the provider's reason, and nothing is stamped", async () => {
    const antes = sim.emitidos().length;
    sim.fijarModo({ tipo: 'rechazo', motivo: 'El RUT del emisor no está autorizado a emitir boletas' });
    const e = await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-900', apiKey: API_KEY }));
    expect(e.clase).toBe('rechazo');
    expect(e.codigo).toBe('OF-10');
    expect(e.reintentarEnMs).toBeNull();
    expect(e.message).toBe(
      'El proveedor de boletas rechazó el documento: hay campos con valores no válidos «Validación de Campos — dte: El RUT del emisor no está autorizado a emitir boletas»',
    );
    expect(sim.emitidos().length).toBe(antes);
  });

  it('a negative line amount is a programming error, caught before any call', async () => {
    const malo = { ...boleta(), lineas: [{ ...LINEAS[0], monto: -5 }] };
    await expect(proveedor.emitir(malo, { claveIdempotencia: 'venta-901', apiKey: API_KEY })).rejects.toThrow(RangeError);
  });

  it('a wrong api key is a credentials error, and its message names no key', async () => {
    const e = await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-1000', apiKey: `${API_KEY}-vieja` }));
    expect(e).toMatchObject({ clase: 'credenciales', message: MENSAJE_DTE_CREDENCIALES, reintentarEnMs: null });
    expect(inspect(e)).not.toContain(`${API_KEY}-vieja`);
  });

  it.each(['', 'clave con espacios', 'clave\npegada'])(
    'a key no header can carry (%j) is a credentials error, with no call made',
    async (clave) => {
      const antes = sim.emitidos().length;
      const e = await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-1050', apiKey: clave }));
      expect(e).toMatchObject({ clase: 'credenciales', message: MENSAJE_DTE_CREDENCIALES });
      expect(sim.emitidos().length).toBe(antes);
    },
  );

  it('provider text that repeats the key is scrubbed before it reaches the message', async () => {
    sim.fijarModo({ tipo: 'rechazo', motivo: `apikey ${API_KEY} sin permisos` });
    const e = await fallo(proveedor.emitir(boleta(), { claveIdempotencia: 'venta-1100', apiKey: API_KEY }));
    expect(e.message).toContain('apikey [clave oculta] sin permisos');
    sinClave(e);
  });

  it('no error of any class carries the key, however it is printed', async () => {
    const errores: unknown[] = [];
    for (const modo of [
      { tipo: 'caido' },
      { tipo: 'limite', retryAfterS: 1 },
      { tipo: 'rechazo', motivo: 'no' },
      { tipo: 'perder_respuesta' },
    ] as const) {
      sim.fijarModo(modo);
      errores.push(await fallo(proveedor.emitir(boleta(), { claveIdempotencia: `clave-${modo.tipo}`, apiKey: API_KEY })));
      errores.push(
        await fallo(proveedor.consultar({ tipo: 39, folio: 999_999, rut_emisor: EMISOR.rut, token: null }, { apiKey: API_KEY })),
      );
    }
    expect(errores.length).toBe(8);
    errores.forEach(sinClave);
  });
});

describe('a nota de crédito (61)', () => {
  it('references the boleta it credits, with gross lines (MntBruto 1), and gets its own folio series', async () => {
    const b = await proveedor.emitir(boleta(), { claveIdempotencia: 'venta-2000', apiKey: API_KEY });
    const nc: DocumentoDte = {
      tipo: 61,
      fecha: '2026-11-27',
      emisor: EMISOR,
      lineas: [LINEAS[0]],
      referencia: { tipo: 39, folio: b.folio, fecha: '2026-11-26', codigo: 3, razon: 'Devolución de 2 leches' },
    };
    const r = await proveedor.emitir(nc, { claveIdempotencia: 'devolucion-77', apiKey: API_KEY });
    expect(r.folio).toBe(1);
    expect(r.ted).toContain('<TD>61</TD>');
    const enviado = sim.emitidos().at(-1)!;
    expect(enviado.tipo).toBe(61);
    const cuerpo = cuerpoOpenFactura(nc);
    expect(cuerpo.dte.Encabezado.IdDoc).toEqual({ TipoDTE: 61, Folio: 0, FchEmis: '2026-11-27', MntBruto: 1 });
    expect(cuerpo.dte.Encabezado.Emisor).toMatchObject({ RznSoc: EMISOR.razon_social, GiroEmis: EMISOR.giro, Acteco: 471100 });
    // 2.380 gross → 2.000 + 380.
    expect(cuerpo.dte.Encabezado.Totales).toEqual({ MntNeto: 2000, TasaIVA: '19', IVA: 380, MntTotal: 2380 });
    expect(enviado.dte.Referencia).toEqual([
      { NroLinRef: 1, TpoDocRef: '39', FolioRef: String(b.folio), FchRef: '2026-11-26', CodRef: '3', RazonRef: 'Devolución de 2 leches' },
    ]);
  });

  it('without its reference is a programming error, not a provider call', () => {
    expect(() => cuerpoOpenFactura({ tipo: 61, fecha: '2026-11-27', emisor: EMISOR, lineas: [LINEAS[0]] })).toThrow(RangeError);
  });
});

describe('consultar', () => {
  const emitida = (clave: string): Promise<Emitido> => proveedor.emitir(boleta(), { claveIdempotencia: clave, apiKey: API_KEY });

  it('is en_proceso first, then aceptado (by token)', async () => {
    const r = await emitida('venta-3000');
    const ref = { tipo: 39 as const, folio: r.folio, rut_emisor: EMISOR.rut, token: r.token };
    await expect(proveedor.consultar(ref, { apiKey: API_KEY })).resolves.toEqual({ estado: 'en_proceso', motivo: null });
    await expect(proveedor.consultar(ref, { apiKey: API_KEY })).resolves.toEqual({ estado: 'aceptado', motivo: null });
    await expect(proveedor.consultar(ref, { apiKey: API_KEY })).resolves.toEqual({ estado: 'aceptado', motivo: null });
  });

  it('by RUT, type and folio when there is no token, with repairs and their reason', async () => {
    const r = await emitida('venta-3001');
    const ref = { tipo: 39 as const, folio: r.folio, rut_emisor: EMISOR.rut, token: null };
    await proveedor.consultar(ref, { apiKey: API_KEY });
    sim.fijarModo({ tipo: 'reparos', motivo: 'Giro del emisor no coincide con el registrado' });
    await expect(proveedor.consultar(ref, { apiKey: API_KEY })).resolves.toEqual({
      estado: 'reparos',
      motivo: 'Giro del emisor no coincide con el registrado',
    });
  });

  it("rechazado with SII's reason", async () => {
    const r = await emitida('venta-3002');
    const ref = { tipo: 39 as const, folio: r.folio, rut_emisor: EMISOR.rut, token: r.token };
    await proveedor.consultar(ref, { apiKey: API_KEY });
    sim.fijarModo({ tipo: 'rechazo', motivo: 'Firma del documento inválida' });
    await expect(proveedor.consultar(ref, { apiKey: API_KEY })).resolves.toEqual({
      estado: 'rechazado',
      motivo: 'Firma del documento inválida',
    });
  });

  it('a document the provider does not know (yet) is temporal, never a rejection', async () => {
    const e = await fallo(proveedor.consultar({ tipo: 39, folio: 424_242, rut_emisor: EMISOR.rut, token: null }, { apiKey: API_KEY }));
    expect(e).toMatchObject({ clase: 'temporal', codigo: 'HTTP 404' });
  });

  it('while the provider is down is temporal; a wrong key is credenciales', async () => {
    const r = await emitida('venta-3003');
    const ref = { tipo: 39 as const, folio: r.folio, rut_emisor: EMISOR.rut, token: r.token };
    sim.fijarModo({ tipo: 'caido' });
    expect((await fallo(proveedor.consultar(ref, { apiKey: API_KEY }))).clase).toBe('temporal');
    sim.fijarModo({ tipo: 'normal' });
    expect((await fallo(proveedor.consultar(ref, { apiKey: 'otra' }))).clase).toBe('credenciales');
  });
});

describe('extraerTed', () => {
  it('takes the TED out of a whole DTE and nothing else', () => {
    const xml = '<DTE><Documento><Encabezado/><TED version="1.0"><DD><F>5</F></DD><FRMT>x</FRMT></TED><TmstFirma/></Documento></DTE>';
    expect(extraerTed(xml)).toBe('<TED version="1.0"><DD><F>5</F></DD><FRMT>x</FRMT></TED>');
    expect(extraerTed('<DTE/>')).toBeNull();
  });
});
