// The permission matrix of decisions §3: a pyme touches only its own shop and only
// /users/me; an administrador may act on any shop. Each refused call changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let propio: number;
let ajeno: number;
let productoAjeno: { id_producto: number; stock: number; nombre_producto: string; precio_venta_actual: number };
let ventaAjena: number;
beforeAll(async () => {
  ctx = await createTestContext();
  propio = await ctx.shopOf(DEMO.pyme.correo);
  ajeno = await ctx.shopOf(DEMO.pyme2.correo);
  productoAjeno = await ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: ajeno, stock: { gt: 2 }, estado: 'activo' } });
  ventaAjena = (await ctx.db.venta.findFirstOrThrow({ where: { id_minimarket: ajeno } })).id_venta;
});
afterAll(() => ctx.close());

/** A fingerprint of everything a refused call could have changed. */
async function snapshot() {
  const [productos, ventas, minimarkets, usuarios, movimientos] = await Promise.all([
    ctx.db.producto.findMany({ orderBy: { id_producto: 'asc' } }),
    ctx.db.venta.count(),
    ctx.db.minimarket.findMany({ orderBy: { id_minimarket: 'asc' } }),
    ctx.db.usuario.findMany({ orderBy: { id_usuario: 'asc' } }),
    ctx.db.movimientoStock.count(),
  ]);
  return JSON.stringify({ productos, ventas, minimarkets, usuarios, movimientos });
}

describe('a pyme and another shop', () => {
  const llamadas = () => {
    const venta = {
      id_minimarket: ajeno,
      total: productoAjeno.precio_venta_actual,
      metodo_pago: 'Efectivo',
      detalles: [
        {
          id_producto: productoAjeno.id_producto,
          num_unidades: 1,
          precio_unitario: productoAjeno.precio_venta_actual,
          subtotal: productoAjeno.precio_venta_actual,
        },
      ],
    };
    return [
      { method: 'GET', url: `/api/productos/?id_minimarket=${ajeno}`, status: 403 },
      { method: 'GET', url: `/api/productos/${productoAjeno.id_producto}`, status: 404 },
      {
        method: 'POST',
        url: '/api/productos/',
        payload: {
          id_minimarket: ajeno,
          codigo_barra: '7800000000017',
          nombre_producto: 'Intruso',
          categoria: 'Abarrotes',
          precio_venta: 100,
        },
        status: 403,
      },
      { method: 'PUT', url: `/api/productos/${productoAjeno.id_producto}`, payload: { precio_venta: 1 }, status: 404 },
      { method: 'POST', url: `/api/productos/${productoAjeno.id_producto}/stock`, payload: { cantidad: 5, costo_total: 500 }, status: 404 },
      { method: 'DELETE', url: `/api/productos/${productoAjeno.id_producto}`, status: 404 },
      // A stock adjustment: naming the other shop, or the own shop with the other shop's product.
      {
        method: 'POST',
        url: `/api/productos/${productoAjeno.id_producto}/ajustes`,
        payload: { id_minimarket: ajeno, tipo: 'merma', diferencia: -1 },
        status: 403,
      },
      {
        method: 'POST',
        url: `/api/productos/${productoAjeno.id_producto}/ajustes`,
        payload: { id_minimarket: propio, tipo: 'conteo', cantidad_contada: 0 },
        status: 404,
      },
      { method: 'GET', url: `/api/ajustes-stock?id_minimarket=${ajeno}`, status: 403 },
      { method: 'GET', url: `/api/ajustes-stock/informe?id_minimarket=${ajeno}`, status: 403 },
      { method: 'GET', url: `/api/ventas/?id_minimarket=${ajeno}`, status: 403 },
      { method: 'GET', url: `/api/ventas/${ventaAjena}`, status: 404 },
      { method: 'POST', url: '/api/ventas/', payload: venta, status: 403 },
      // A sale posted to the own shop naming the other shop's product.
      { method: 'POST', url: '/api/ventas/', payload: { ...venta, id_minimarket: propio }, status: 404 },
      { method: 'GET', url: `/api/minimarkets/${ajeno}`, status: 404 },
      { method: 'PATCH', url: `/api/minimarkets/${ajeno}/configuracion`, payload: { umbral_stock_bajo: 50 }, status: 403 },
      { method: 'PUT', url: `/api/minimarkets/${ajeno}`, payload: { nombre_minimarket: 'Mío' }, status: 403 },
      { method: 'DELETE', url: `/api/minimarkets/${ajeno}`, status: 403 },
      {
        method: 'POST',
        url: '/api/minimarkets/',
        payload: { nombre_minimarket: 'X', direccion: 'X', comuna: 'X', rubro: 'X', tamano: 'X', id_usuario: 1 },
        status: 403,
      },
    ];
  };

  it('is refused on every call and nothing changes', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const antes = await snapshot();
    for (const llamada of llamadas()) {
      const res = await pyme.request(llamada);
      expect({ call: `${llamada.method} ${llamada.url}`, status: res.statusCode }).toEqual({
        call: `${llamada.method} ${llamada.url}`,
        status: llamada.status,
      });
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect(await snapshot()).toBe(antes);
  });

  it('sees only its own shop in the minimarket list', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: '/api/minimarkets/' });
    expect(res.json().map((m: { id_minimarket: number }) => m.id_minimarket)).toEqual([propio]);
    expect(res.headers['x-total-count']).toBe('1');
  });
});

describe('a pyme and /users', () => {
  it('may only call /users/me', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const otro = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme2.correo } });
    const antes = await snapshot();
    const calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: '/api/users/stats' },
      { method: 'GET', url: `/api/users/${otro.id_usuario}` },
      { method: 'POST', url: '/api/users', payload: { nombre: 'X' } },
      { method: 'PUT', url: `/api/users/${otro.id_usuario}`, payload: { nombre: 'Hackeado' } },
      { method: 'DELETE', url: `/api/users/${otro.id_usuario}` },
      { method: 'PATCH', url: `/api/users/${otro.id_usuario}/toggle-status` },
    ];
    for (const call of calls) {
      const res = await pyme.request(call);
      expect({ call: `${call.method} ${call.url}`, status: res.statusCode }).toEqual({ call: `${call.method} ${call.url}`, status: 403 });
      expect(res.json()).toEqual({ detail: 'Solo un administrador puede realizar esta acción.', code: 'ADMIN_ONLY' });
    }
    expect((await pyme.request({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    expect(await snapshot()).toBe(antes);
  });
});

describe('an administrador', () => {
  it('may read and act on any shop', async () => {
    const admin = await ctx.as(DEMO.admin);
    expect((await admin.request({ method: 'GET', url: `/api/productos/?id_minimarket=${ajeno}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${ajeno}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/ventas/${ventaAjena}` })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url: `/api/minimarkets/${ajeno}` })).statusCode).toBe(200);
    const res = await admin.request({
      method: 'POST',
      url: `/api/productos/${productoAjeno.id_producto}/stock`,
      payload: { cantidad: 2, costo_total: 1000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().stock).toBe(productoAjeno.stock + 2);
    const all = await admin.request({ method: 'GET', url: '/api/minimarkets/' });
    expect(all.json().length).toBeGreaterThanOrEqual(2);
  });

  it('gets 404 for a shop that does not exist', async () => {
    const admin = await ctx.as(DEMO.admin);
    const res = await admin.request({ method: 'GET', url: '/api/productos/?id_minimarket=999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Minimarket no encontrado.');
  });
});
