import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearNotificaciones } from '../src/data/notificacion.js';
import { avisoAgotado } from '../src/lib/avisos.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // An unread notice for each demo owner, whatever the hour: the demo's own are read once their day is past.
  for (const cuenta of [DEMO.pyme, DEMO.pyme2]) {
    const usuario = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: cuenta.correo } });
    const producto = await ctx.db.producto.findFirstOrThrow({ where: { minimarket: { id_usuario: usuario.id_usuario } } });
    await crearNotificaciones(ctx.db, [
      { ...avisoAgotado(producto), id_usuario: usuario.id_usuario, id_minimarket: producto.id_minimarket },
    ]);
  }
});
afterAll(() => ctx.close());

describe('/api/notificaciones', () => {
  it("lists the user's own notifications newest first with the unread count", async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: '/api/notificaciones' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const yo = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    expect(body.total).toBe(await ctx.db.notificacion.count({ where: { id_usuario: yo.id_usuario } }));
    expect(body.no_leidas).toBe(await ctx.db.notificacion.count({ where: { id_usuario: yo.id_usuario, leida: false } }));
    expect(body.total).toBeGreaterThan(0);
  });

  it('marks one as read, saved; another user cannot mark it', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const otra = await ctx.as(DEMO.pyme2);
    const { notificaciones, no_leidas } = (await pyme.request({ method: 'GET', url: '/api/notificaciones' })).json();
    const id = notificaciones.find((n: { leida: boolean }) => !n.leida).id_notificacion;
    expect((await otra.request({ method: 'POST', url: `/api/notificaciones/${id}/leer` })).statusCode).toBe(404);
    expect((await pyme.request({ method: 'POST', url: `/api/notificaciones/${id}/leer` })).statusCode).toBe(204);
    const despues = (await pyme.request({ method: 'GET', url: '/api/notificaciones' })).json();
    expect(despues.no_leidas).toBe(no_leidas - 1);
    expect(despues.notificaciones.find((n: { id_notificacion: number }) => n.id_notificacion === id).leida).toBe(true);
  });

  it('marks all as read', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    expect((await pyme.request({ method: 'POST', url: '/api/notificaciones/leer-todas' })).statusCode).toBe(204);
    expect((await pyme.request({ method: 'GET', url: '/api/notificaciones' })).json().no_leidas).toBe(0);
    const otra = await ctx.as(DEMO.pyme2);
    expect((await otra.request({ method: 'GET', url: '/api/notificaciones' })).json().no_leidas).toBeGreaterThan(0);
  });
});
