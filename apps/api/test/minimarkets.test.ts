import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, pedidoVentaDe, type TestContext } from './helpers.js';

let ctx: TestContext;
let duenaId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  duenaId = (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme2.correo } })).id_usuario;
});
afterAll(() => ctx.close());

const nuevo = (extra: Record<string, unknown> = {}) => ({
  nombre_minimarket: 'Minimarket Los Aromos',
  direccion: 'Los Aromos 456',
  comuna: 'Maipú',
  rubro: 'Minimarket',
  tamano: 'Pequeño',
  id_usuario: duenaId,
  ...extra,
});

describe('/api/minimarkets as administrador', () => {
  it('creates, finds, edits and deletes a shop', async () => {
    const admin = await ctx.as(DEMO.admin);
    const creado = await admin.request({ method: 'POST', url: '/api/minimarkets/', payload: nuevo() });
    expect(creado.statusCode).toBe(201);
    const id = creado.json().id_minimarket;
    expect(creado.json()).toMatchObject({ comuna: 'Maipú', umbral_stock_bajo: 5 });

    const busqueda = await admin.request({ method: 'GET', url: '/api/minimarkets/?search=aromos' });
    expect(busqueda.json().map((m: { id_minimarket: number }) => m.id_minimarket)).toEqual([id]);
    expect(busqueda.headers['x-total-count']).toBe('1');
    // Accents and case ignored, in the search and in the comuna filter: 'maipu' is Maipú.
    for (const url of ['/api/minimarkets/?search=maipu', '/api/minimarkets/?search=LOS%20AROMOS', '/api/minimarkets/?comuna=maipu']) {
      expect(
        (await admin.request({ method: 'GET', url })).json().map((m: { id_minimarket: number }) => m.id_minimarket),
        url,
      ).toContain(id);
    }

    const editado = await admin.request({ method: 'PUT', url: `/api/minimarkets/${id}`, payload: { rubro: 'Almacén', tamano: 'Mediano' } });
    expect(editado.json()).toMatchObject({ rubro: 'Almacén', tamano: 'Mediano', nombre_minimarket: 'Minimarket Los Aromos' });

    expect((await admin.request({ method: 'DELETE', url: `/api/minimarkets/${id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'GET', url: `/api/minimarkets/${id}` })).statusCode).toBe(404);
  });

  it('pages with skip and limit and filters by comuna and rubro', async () => {
    const admin = await ctx.as(DEMO.admin);
    for (let i = 0; i < 11; i++) {
      await admin.request({
        method: 'POST',
        url: '/api/minimarkets/',
        payload: nuevo({ nombre_minimarket: `Almacén Paginado ${i}`, comuna: 'Renca' }),
      });
    }
    const p1 = await admin.request({ method: 'GET', url: '/api/minimarkets/?skip=0&limit=10&comuna=renca' });
    const p2 = await admin.request({ method: 'GET', url: '/api/minimarkets/?skip=10&limit=10&comuna=renca' });
    expect(p1.json()).toHaveLength(10);
    expect(p2.json()).toHaveLength(1);
    expect(p1.headers['x-total-count']).toBe('11');
    const rubro = await admin.request({ method: 'GET', url: '/api/minimarkets/?rubro=Minimarket&comuna=Renca' });
    expect(rubro.headers['x-total-count']).toBe('11');
  });

  it('requires every field, with the owner message when no user is chosen', async () => {
    const admin = await ctx.as(DEMO.admin);
    const sinUsuario = await admin.request({ method: 'POST', url: '/api/minimarkets/', payload: nuevo({ id_usuario: undefined }) });
    expect(sinUsuario.statusCode).toBe(422);
    expect(sinUsuario.json().detail).toBe('Por favor, seleccione un usuario.');
    const sinComuna = await admin.request({ method: 'POST', url: '/api/minimarkets/', payload: nuevo({ comuna: '  ' }) });
    expect(sinComuna.json().detail).toBe('La comuna es obligatoria.');
  });

  it('only a pyme account can own a shop', async () => {
    const admin = await ctx.as(DEMO.admin);
    const yo = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.admin.correo } });
    const res = await admin.request({ method: 'POST', url: '/api/minimarkets/', payload: nuevo({ id_usuario: yo.id_usuario }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('El dueño de un minimarket debe ser un usuario con rol pyme.');
  });

  it('will not delete a shop that has sales', async () => {
    const admin = await ctx.as(DEMO.admin);
    const conVentas = await ctx.shopOf(DEMO.pyme.correo);
    const res = await admin.request({ method: 'DELETE', url: `/api/minimarkets/${conVentas}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MINIMARKET_HAS_SALES');
    expect(await ctx.db.minimarket.count({ where: { id_minimarket: conVentas } })).toBe(1);
  });
});

describe('a pyme and its own shop', () => {
  it('reads it and sets its low-stock threshold, which drives the low-stock notice', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const tienda = await ctx.shopOf(DEMO.pyme.correo);
    expect((await pyme.request({ method: 'GET', url: `/api/minimarkets/${tienda}` })).json().nombre_minimarket).toBe('Minimarket Don Pepe');
    const res = await pyme.request({
      method: 'PATCH',
      url: `/api/minimarkets/${tienda}/configuracion`,
      payload: { umbral_stock_bajo: 10 },
    });
    expect(res.json().umbral_stock_bajo).toBe(10);

    const p = await ctx.db.producto.create({
      data: {
        id_minimarket: tienda,
        nombre_producto: 'Mote con huesillo 1 L',
        categoria: 'Abarrotes',
        precio_venta_actual: 1500,
        stock: 11,
        codigo_barra: 'TEST-UMBRAL-1',
      },
    });
    const venta = await pyme.request(pedidoVentaDe(tienda, [{ id_producto: p.id_producto, precio: 1500, n: 2 }]));
    expect(venta.statusCode).toBe(201);
    const avisos = await pyme.request({ method: 'GET', url: '/api/notificaciones' });
    const aviso = avisos.json().notificaciones.find((n: { descripcion: string }) => n.descripcion.includes('Mote con huesillo'));
    expect(aviso).toMatchObject({ tipo: 'stock_bajo', titulo: 'Stock bajo', leida: false });
  });
});
