import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

// A local stand-in for Open Food Facts: one known barcode, one that hangs.
const CODIGO_CONOCIDO = '7802900000015';
const CODIGO_LENTO = '7802900000022';
let off: http.Server;
let ctx: TestContext;
let tienda: number;

beforeAll(async () => {
  off = http.createServer((req, res) => {
    if (req.url?.includes(CODIGO_LENTO)) return; // never answers: the API must time out
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith(`/api/v2/product/${CODIGO_CONOCIDO}.json`)) {
      res.end(JSON.stringify({ status: 1, product: { product_name: 'Galletas Tritón Vainilla 126 g', brands: 'McKay,Nestlé' } }));
    } else {
      res.end(JSON.stringify({ status: 0, status_verbose: 'product not found' }));
    }
  });
  await new Promise<void>((r) => off.listen(0, '127.0.0.1', r));
  const { port } = off.address() as AddressInfo;
  ctx = await createTestContext({ OFF_BASE_URL: `http://127.0.0.1:${port}`, OFF_TIMEOUT_MS: '300' });
  tienda = await ctx.shopOf(DEMO.pyme.correo);
});
afterAll(async () => {
  await ctx.close();
  off.closeAllConnections();
  off.close();
});

const nuevo = (codigo: string, extra: Record<string, unknown> = {}) => ({
  id_minimarket: tienda,
  codigo_barra: codigo,
  nombre_producto: 'Té Supremo Ceylán 20 bolsitas',
  categoria: 'Abarrotes',
  precio_venta: 1890,
  precio_compra: 1200,
  marca: 'Supremo',
  ...extra,
});

describe('GET /api/productos/', () => {
  it('lists active products of the shop by name, 6 a page, with x-total-count', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}` });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items).toHaveLength(6);
    const total = await ctx.db.producto.count({ where: { id_minimarket: tienda, estado: 'activo' } });
    expect(res.headers['x-total-count']).toBe(String(total));
    const nombres = items.map((p: { nombre_producto: string }) => p.nombre_producto);
    expect(nombres).toEqual([...nombres].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('searches by part of the name, any case, and by barcode; filters by category', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&search=LECHE&limit=100` });
    const items = res.json() as { nombre_producto: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) expect(p.nombre_producto.toLowerCase()).toContain('leche');

    const uno = await ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: tienda, estado: 'activo' } });
    const porCodigo = await pyme.request({
      method: 'GET',
      url: `/api/productos/?id_minimarket=${tienda}&codigo_barra=${uno.codigo_barra}`,
    });
    expect(porCodigo.json().map((p: { id_producto: number }) => p.id_producto)).toEqual([uno.id_producto]);

    const lacteos = await pyme.request({
      method: 'GET',
      url: `/api/productos/?id_minimarket=${tienda}&category=${encodeURIComponent('Lácteos y Quesos')}&limit=100`,
    });
    expect(lacteos.json().length).toBeGreaterThan(0);
    for (const p of lacteos.json()) expect(p.categoria).toBe('Lácteos y Quesos');
    const todos = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&category=Todos` });
    const sinFiltro = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}` });
    expect(todos.headers['x-total-count']).toBe(sinFiltro.headers['x-total-count']);
  });

  it('reads one or two letters as the start of a name, as typed at the counter', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&search=LE&limit=100` });
    const items = res.json() as { nombre_producto: string }[];
    const esperados = await ctx.db.producto.count({
      where: { id_minimarket: tienda, estado: 'activo', nombre_producto: { startsWith: 'le', mode: 'insensitive' } },
    });
    expect(esperados).toBeGreaterThan(0);
    expect(res.headers['x-total-count']).toBe(String(esperados));
    for (const p of items) expect(p.nombre_producto.toLowerCase().startsWith('le')).toBe(true);
    // LIKE's wildcards are plain characters here.
    const comodin = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&search=%25` });
    expect(comodin.json()).toEqual([]);
  });

  it('ignores accents and case: merken finds Merkén, TE finds Té', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const crear = (nombre: string, codigo: string) =>
      ctx.db.producto.create({
        data: {
          id_minimarket: tienda,
          nombre_producto: nombre,
          categoria: 'Abarrotes',
          precio_venta_actual: 2990,
          stock: 3,
          codigo_barra: codigo,
        },
      });
    const merken = await crear('Merkén Ahumado Tradicional 100 g', 'TEST-TILDE-1');
    const te = await crear('Té Club Ceylán 100 bolsitas', 'TEST-TILDE-2');
    const ids = async (search: string) =>
      (await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&search=${encodeURIComponent(search)}&limit=100` }))
        .json()
        .map((p: { id_producto: number }) => p.id_producto);
    expect(await ids('merken ahumado')).toContain(merken.id_producto);
    expect(await ids('MERKÉN')).toContain(merken.id_producto);
    expect(await ids('ceylan')).toContain(te.id_producto);
    expect(await ids('TE')).toContain(te.id_producto);
    // The brand counts too.
    const marca = await ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto: 'Galletas de Agua 210 g',
        marca: 'Panadería Ñuñoína',
        categoria: 'Abarrotes',
        precio_venta_actual: 990,
        stock: 3,
        codigo_barra: 'TEST-TILDE-3',
      },
    });
    expect(await ids('nunoina')).toEqual([marca.id_producto]);
  });

  it('gives several products by id in one call (the cart refresh); ids of another shop or deleted ones are left out', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const propios = await ctx.db.producto.findMany({
      where: { id_minimarket: tienda, estado: 'activo' },
      take: 3,
      orderBy: { id_producto: 'asc' },
    });
    const ajeno = await ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: await ctx.shopOf(DEMO.pyme2.correo) } });
    const ids = [...propios.map((p) => p.id_producto), ajeno.id_producto];
    const res = await pyme.request({
      method: 'GET',
      url: `/api/productos/?id_minimarket=${tienda}&ids=${ids.join(',')}&limit=${ids.length}`,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Array<{ id_producto: number }>).map((p) => p.id_producto).sort((a, b) => a - b)).toEqual(
      propios.map((p) => p.id_producto),
    );
    const mal = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&ids=1,,2` });
    expect(mal.statusCode).toBe(422);
    expect(mal.json().detail).toBe('ids debe ser una lista de números separados por comas.');
  });

  it('refuses an unknown category and a missing shop id in Spanish', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const bad = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&category=Juguetes` });
    expect(bad.statusCode).toBe(422);
    const sinTienda = await pyme.request({ method: 'GET', url: '/api/productos/' });
    expect(sinTienda.statusCode).toBe(422);
    expect(sinTienda.json().errors[0].campo).toBe('id_minimarket');
  });
});

describe('POST /api/productos/', () => {
  it('creates a product with stock 1 by default and writes the ledger', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo('7801111111118') });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ precio_venta_actual: 1890, precio_compra_actual: 1200, stock: 1, estado: 'activo' });
    const ledger = await ctx.db.movimientoStock.findMany({ where: { id_producto: res.json().id_producto } });
    expect(ledger.map((m) => [m.tipo, m.cantidad, m.stock_resultante])).toEqual([['ingreso', 1, 1]]);
  });

  it("refuses a duplicate barcode in the same shop with the spec's message", async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const existente = await ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: tienda, estado: 'activo' } });
    const antes = await ctx.db.producto.count();
    const res = await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo(existente.codigo_barra!) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Ya existe un producto con este código de barras en su inventario.', code: 'DUPLICATE_BARCODE' });
    expect(await ctx.db.producto.count()).toBe(antes);
  });

  it('accepts the same barcode in another shop', async () => {
    const pyme2 = await ctx.as(DEMO.pyme2);
    const otra = await ctx.shopOf(DEMO.pyme2.correo);
    const res = await pyme2.request({
      method: 'POST',
      url: '/api/productos/',
      payload: { ...nuevo('7801111111118'), id_minimarket: otra },
    });
    expect(res.statusCode).toBe(201);
  });

  it("asks for the required fields with the spec's message, and refuses a zero or decimal price", async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const falta = await pyme.request({
      method: 'POST',
      url: '/api/productos/',
      payload: { id_minimarket: tienda, nombre_producto: 'Algo' },
    });
    expect(falta.statusCode).toBe(422);
    expect(falta.json().detail).toBe('Por favor completa todos los campos obligatorios (código, nombre, categoría, precio)');
    const cero = await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo('7801111111125', { precio_venta: 0 }) });
    expect(cero.json().detail).toBe('El precio debe ser un número mayor a 0');
    const decimal = await pyme.request({
      method: 'POST',
      url: '/api/productos/',
      payload: nuevo('7801111111125', { precio_venta: 1990.5 }),
    });
    expect(decimal.json().detail).toBe('El precio debe ser un número entero de pesos, sin decimales.');
    expect(await ctx.db.producto.count({ where: { codigo_barra: '7801111111125' } })).toBe(0);
  });

  it('brings a deleted product back with the new values', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const creado = (await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo('7801111111132', { stock: 4 }) })).json();
    expect((await pyme.request({ method: 'DELETE', url: `/api/productos/${creado.id_producto}` })).statusCode).toBe(204);
    const otraVez = await pyme.request({
      method: 'POST',
      url: '/api/productos/',
      payload: nuevo('7801111111132', { nombre_producto: 'Té Supremo Ceylán 50 bolsitas', precio_venta: 3490, stock: 10 }),
    });
    expect(otraVez.statusCode).toBe(201);
    expect(otraVez.json()).toMatchObject({ id_producto: creado.id_producto, estado: 'activo', stock: 10, precio_venta_actual: 3490 });
  });
});

describe('changing a product', () => {
  it('edits fields and records a manual stock change in the ledger', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = (await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo('7801111111149', { stock: 10 }) })).json();
    const res = await pyme.request({
      method: 'PUT',
      url: `/api/productos/${p.id_producto}`,
      payload: { nombre_producto: 'Té Supremo Ceylán', precio_venta: 1990, stock: 7 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nombre_producto: 'Té Supremo Ceylán', precio_venta_actual: 1990, stock: 7 });
    const ajuste = await ctx.db.movimientoStock.findFirstOrThrow({ where: { id_producto: p.id_producto, tipo: 'ajuste' } });
    expect([ajuste.cantidad, ajuste.stock_resultante]).toEqual([-3, 7]);
  });

  it('adds a delivery: units added, unit cost = weighted average of the shelf and the delivery (the issue: 728, not 542)', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = (
      await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo('7801111111156', { stock: 12, precio_compra: 1100 }) })
    ).json();
    const res = await pyme.request({
      method: 'POST',
      url: `/api/productos/${p.id_producto}/stock`,
      payload: { cantidad: 24, costo_total: 13_000 },
    });
    expect(res.statusCode).toBe(200);
    // (12 × 1.100 + 13.000) / 36 = 727,8 → 728.
    expect(res.json()).toMatchObject({ stock: 36, precio_compra_actual: 728 });
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).precio_compra_actual).toBe(728);
    const ingreso = await ctx.db.movimientoStock.findFirstOrThrow({ where: { id_producto: p.id_producto, costo_total: 13_000 } });
    expect([ingreso.tipo, ingreso.cantidad, ingreso.stock_resultante]).toEqual(['ingreso', 24, 36]);
  });

  it("a delivery onto an empty shelf or a product with no cost takes the delivery's own unit cost (to the nearest peso)", async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const vacio = (
      await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo('7801111111163', { stock: 0, precio_compra: 5000 }) })
    ).json();
    const sinCosto = (
      await pyme.request({ method: 'POST', url: '/api/productos/', payload: nuevo('7801111111170', { stock: 8, precio_compra: null }) })
    ).json();
    for (const p of [vacio, sinCosto]) {
      const res = await pyme.request({
        method: 'POST',
        url: `/api/productos/${p.id_producto}/stock`,
        payload: { cantidad: 3, costo_total: 1000 },
      });
      // 1.000 / 3 = 333,3 → 333.
      expect(res.json().precio_compra_actual).toBe(333);
    }
  });

  it('reads amounts sent as text the Chilean way ("1.990", "$ 13.000"), never as decimals', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const creado = await pyme.request({
      method: 'POST',
      url: '/api/productos/',
      payload: nuevo('7801111111934', { precio_venta: '1.990', precio_compra: '$ 1.200', stock: '1.000' }),
    });
    expect(creado.statusCode).toBe(201);
    expect(creado.json()).toMatchObject({ precio_venta_actual: 1990, precio_compra_actual: 1200, stock: 1000 });

    const ingreso = await pyme.request({
      method: 'POST',
      url: `/api/productos/${creado.json().id_producto}/stock`,
      payload: { cantidad: '12', costo_total: '$ 13.000' },
    });
    // (1.000 × 1.200 + 13.000) / 1.012 = 1.198,6 → 1.199.
    expect(ingreso.json()).toMatchObject({ stock: 1012, precio_compra_actual: 1199 });

    const decimal = await pyme.request({
      method: 'PUT',
      url: `/api/productos/${creado.json().id_producto}`,
      payload: { precio_venta: '1.990,50' },
    });
    expect(decimal.statusCode).toBe(422);
    expect(decimal.json().detail).toBe(
      'El precio debe ser un número entero de pesos, sin decimales (ej: 1990 o $1.990); se encontró "1.990,50".',
    );
    const guardado = await ctx.db.producto.findFirstOrThrow({ where: { id_producto: creado.json().id_producto } });
    expect([guardado.precio_venta_actual, guardado.precio_compra_actual, guardado.stock]).toEqual([1990, 1199, 1012]);
  });

  it("refuses a delivery of zero units or zero cost with the spec's message", async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: tienda, estado: 'activo' } });
    for (const payload of [
      { cantidad: 0, costo_total: 100 },
      { cantidad: 2, costo_total: 0 },
      { cantidad: 1.5, costo_total: 100 },
    ]) {
      const res = await pyme.request({ method: 'POST', url: `/api/productos/${p.id_producto}/stock`, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe('Por favor, ingrese valores válidos mayores a cero.');
    }
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(p.stock);
  });

  it('a negative stock is refused and a deleted product disappears from lists but keeps its history', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const vendido = await ctx.db.detalleVenta.findFirstOrThrow({ where: { id_minimarket: tienda, id_producto: { not: null } } });
    const neg = await pyme.request({ method: 'PUT', url: `/api/productos/${vendido.id_producto}`, payload: { stock: -1 } });
    expect(neg.statusCode).toBe(422);
    expect(neg.json().detail).toBe('El stock no puede ser negativo.');

    expect((await pyme.request({ method: 'DELETE', url: `/api/productos/${vendido.id_producto}` })).statusCode).toBe(204);
    const codigo = (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: vendido.id_producto! } })).codigo_barra;
    const lista = await pyme.request({ method: 'GET', url: `/api/productos/?id_minimarket=${tienda}&codigo_barra=${codigo}` });
    expect(lista.json()).toEqual([]);
    expect((await pyme.request({ method: 'GET', url: `/api/productos/${vendido.id_producto}` })).statusCode).toBe(404);
    expect(await ctx.db.detalleVenta.count({ where: { id_producto: vendido.id_producto } })).toBeGreaterThan(0);
  });
});

describe('GET /api/catalogo-externo/{codigo}', () => {
  it('prefills the name and brand from Open Food Facts', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: `/api/catalogo-externo/${CODIGO_CONOCIDO}` });
    expect(res.json()).toEqual({
      codigo_barra: CODIGO_CONOCIDO,
      encontrado: true,
      nombre_producto: 'Galletas Tritón Vainilla 126 g',
      marca: 'McKay',
      imagen: null,
    });
  });

  it('reads an unknown code, and a service that does not answer in time, as not found', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    for (const codigo of ['7800000000000', CODIGO_LENTO]) {
      const res = await pyme.request({ method: 'GET', url: `/api/catalogo-externo/${codigo}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().encontrado).toBe(false);
    }
  });
});
