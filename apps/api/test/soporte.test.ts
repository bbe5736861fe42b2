// Support conversations: who opens, who sees, who answers and changes status, the unread marks,
// the bell, the 'Agregar Producto' ticket and the live event stream. Demo accounts: two shop
// owners (pyme, pyme2) and one administrador.
import type { Conversacion, ConversacionDetalle } from '@minimarket/contracts/soporte';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';
import { escuchar } from './sse.js';

let ctx: TestContext;
type Cliente = Awaited<ReturnType<TestContext['as']>>;
let pyme: Cliente;
let pyme2: Cliente;
let admin: Cliente;
let tiendaPyme: number;

beforeAll(async () => {
  ctx = await createTestContext();
  pyme = await ctx.as(DEMO.pyme);
  pyme2 = await ctx.as(DEMO.pyme2);
  admin = await ctx.as(DEMO.admin);
  tiendaPyme = await ctx.shopOf(DEMO.pyme.correo);
});
afterAll(() => ctx.close());

async function abrir(c: Cliente, payload: Record<string, unknown>): Promise<Conversacion> {
  const res = await c.request({ method: 'POST', url: '/api/soporte/conversaciones', payload });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}
async function lista(c: Cliente, q = '') {
  const res = await c.request({ method: 'GET', url: `/api/soporte/conversaciones?${q}` });
  expect(res.statusCode).toBe(200);
  return { conversaciones: res.json() as Conversacion[], total: Number(res.headers['x-total-count']) };
}
const detalle = async (c: Cliente, id: number) =>
  (await c.request({ method: 'GET', url: `/api/soporte/conversaciones/${id}` })).json() as ConversacionDetalle;
const escribir = (c: Cliente, id: number, texto: string) =>
  c.request({ method: 'POST', url: `/api/soporte/conversaciones/${id}/mensajes`, payload: { texto } });
const avisosSoporte = (idUsuario: number) => ctx.db.notificacion.findMany({ where: { id_usuario: idUsuario, tipo: 'soporte' } });
const idDe = async (correo: string) => (await ctx.db.usuario.findUniqueOrThrow({ where: { correo } })).id_usuario;

describe('a shop writes, an administrador answers', () => {
  let c: Conversacion;

  it('a pyme opens a conversation for its shop; every administrador is told once', async () => {
    c = await abrir(pyme, { asunto: 'No me cuadra la caja', mensaje: '  Ayer vendí y no aparece.  ' });
    expect(c).toMatchObject({
      asunto: 'No me cuadra la caja',
      estado: 'Activo',
      prioridad: 'Media',
      id_minimarket: tiendaPyme,
      ultimo_mensaje: 'Ayer vendí y no aparece.',
      no_leidos: 0,
    });
    const avisos = await avisosSoporte(await idDe(DEMO.admin.correo));
    expect(avisos).toEqual([
      expect.objectContaining({ titulo: 'Nuevo mensaje de soporte', url_accion: `/chats/chat/${c.id_conversacion}`, leida: false }),
    ]);
    // A second message while that notice is unread adds no second notice.
    expect((await escribir(pyme, c.id_conversacion, 'Es la venta de las 10:15.')).statusCode).toBe(201);
    expect(await avisosSoporte(await idDe(DEMO.admin.correo))).toHaveLength(1);
  });

  it('the administrador sees it unread, reads it (oldest message first) and it is read', async () => {
    const antes = (await lista(admin)).conversaciones.find((x) => x.id_conversacion === c.id_conversacion)!;
    expect(antes.no_leidos).toBe(2);
    expect((await admin.request({ method: 'GET', url: '/api/soporte/no-leidos' })).json()).toMatchObject({ mensajes: 2 });
    const d = await detalle(admin, c.id_conversacion);
    expect(d.mensajes.map((m) => [m.rol, m.texto])).toEqual([
      ['pyme', 'Ayer vendí y no aparece.'],
      ['pyme', 'Es la venta de las 10:15.'],
    ]);
    expect(d).toMatchObject({ nombre_usuario: 'José Pérez Soto', comuna: expect.any(String), correo_usuario: DEMO.pyme.correo });
    expect((await lista(admin)).conversaciones.find((x) => x.id_conversacion === c.id_conversacion)!.no_leidos).toBe(0);
  });

  it('the answer reaches the shop: unread there, and its bell', async () => {
    const res = await escribir(admin, c.id_conversacion, 'Revisemos juntos: ¿a qué hora fue?');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rol: 'administrador', texto: 'Revisemos juntos: ¿a qué hora fue?' });
    expect((await lista(pyme)).conversaciones[0]).toMatchObject({ id_conversacion: c.id_conversacion, no_leidos: 1 });
    expect((await pyme.request({ method: 'GET', url: '/api/soporte/no-leidos' })).json()).toEqual({ conversaciones: 1, mensajes: 1 });
    expect(await avisosSoporte(await idDe(DEMO.pyme.correo))).toEqual([
      expect.objectContaining({ titulo: 'Respuesta de soporte', descripcion: 'Soporte respondió en "No me cuadra la caja".' }),
    ]);
  });

  it('status and priority: only an administrador; a pyme writing to a resolved one opens it again', async () => {
    const intento = await pyme.request({
      method: 'PATCH',
      url: `/api/soporte/conversaciones/${c.id_conversacion}`,
      payload: { estado: 'Resuelto' },
    });
    expect(intento.statusCode).toBe(403);
    expect((await detalle(admin, c.id_conversacion)).estado).toBe('Activo');

    const vacio = await admin.request({ method: 'PATCH', url: `/api/soporte/conversaciones/${c.id_conversacion}`, payload: {} });
    expect(vacio.statusCode).toBe(422);
    expect(vacio.json().detail).toBe('Indica el estado o la prioridad.');

    const res = await admin.request({
      method: 'PATCH',
      url: `/api/soporte/conversaciones/${c.id_conversacion}`,
      payload: { estado: 'Resuelto', prioridad: 'Alta' },
    });
    expect(res.json()).toMatchObject({ estado: 'Resuelto', prioridad: 'Alta' });
    await escribir(pyme, c.id_conversacion, 'Sigue pasando.');
    expect((await detalle(pyme, c.id_conversacion)).estado).toBe('Activo');
  });

  it('messages: trimmed, never empty, at most 4,000 characters', async () => {
    for (const [texto, mensaje] of [
      ['   ', 'Escribe un mensaje.'],
      ['x'.repeat(4001), 'El mensaje puede tener a lo más 4.000 caracteres.'],
    ] as const) {
      const res = await escribir(pyme, c.id_conversacion, texto);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe(mensaje);
    }
    expect((await escribir(pyme, c.id_conversacion, 'ñ'.repeat(4000))).statusCode).toBe(201);
  });
});

describe('one shop never sees another', () => {
  it("another shop's conversation is 404 to read, write or list, and nothing changes", async () => {
    const c = await abrir(pyme, { asunto: 'Privado', mensaje: 'Solo para soporte.' });
    const mensajesAntes = await ctx.db.mensajeSoporte.count();
    expect((await pyme2.request({ method: 'GET', url: `/api/soporte/conversaciones/${c.id_conversacion}` })).statusCode).toBe(404);
    expect((await escribir(pyme2, c.id_conversacion, 'hola')).statusCode).toBe(404);
    expect(await ctx.db.mensajeSoporte.count()).toBe(mensajesAntes);
    expect((await lista(pyme2)).conversaciones.map((x) => x.asunto)).not.toContain('Privado');
    // Nor by naming the other shop, nor by asking for its owner's conversations.
    const ajena = await pyme2.request({
      method: 'POST',
      url: '/api/soporte/conversaciones',
      payload: { asunto: 'x', mensaje: 'y', id_minimarket: tiendaPyme },
    });
    expect(ajena.statusCode).toBe(403);
    const id = await idDe(DEMO.pyme.correo);
    expect((await pyme2.request({ method: 'GET', url: `/api/soporte/conversaciones?id_usuario=${id}` })).statusCode).toBe(403);
  });

  it('an administrador does not open conversations', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/soporte/conversaciones', payload: { asunto: 'a', mensaje: 'b' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('the administrador list', () => {
  it('searches without accents, filters by status, sorts by priority, pages with the total', async () => {
    await abrir(pyme2, { asunto: 'Carga de ventas', mensaje: 'Mi archivo falló.', prioridad: 'Baja' });
    await abrir(pyme2, { asunto: 'Impresora térmica', mensaje: '¿Sirve la de 58 mm?', prioridad: 'Alta' });
    const todas = await lista(admin, 'limit=100');
    expect(todas.total).toBe(todas.conversaciones.length);
    expect((await lista(pyme2, 'limit=100')).conversaciones.every((x) => x.id_minimarket !== tiendaPyme)).toBe(true);

    expect((await lista(admin, 'search=TERMICA')).conversaciones.map((x) => x.asunto)).toEqual(['Impresora térmica']);
    const porPrioridad = (await lista(admin, 'orden=prioridad&limit=100')).conversaciones.map((x) => x.prioridad);
    expect(porPrioridad).toEqual(
      [...porPrioridad].sort((a, b) => ['Alta', 'Media', 'Baja'].indexOf(a) - ['Alta', 'Media', 'Baja'].indexOf(b)),
    );
    expect((await lista(admin, 'estado=Resuelto')).conversaciones).toEqual([]);
    const pagina = await lista(admin, 'limit=2&skip=1&orden=antiguo');
    expect(pagina.conversaciones).toHaveLength(2);
    expect(pagina.total).toBe(todas.total);
    const id = await idDe(DEMO.pyme2.correo);
    expect((await lista(admin, `id_usuario=${id}`)).conversaciones.map((x) => x.asunto).sort()).toEqual([
      'Carga de ventas',
      'Impresora térmica',
    ]);
  });
});

describe("the 'Agregar Producto' ticket", () => {
  it('opens a conversation whose first message carries the product', async () => {
    const res = await pyme.request({
      method: 'POST',
      url: '/api/soporte/tickets-producto',
      payload: { id_minimarket: tiendaPyme, nombre_producto: 'Kuchen de Nuez', precio: '4.990', codigo_barra: '7800000000017' },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json() as Conversacion;
    expect(c.asunto).toBe('Agregar producto: Kuchen de Nuez');
    expect((await detalle(admin, c.id_conversacion)).mensajes[0]!.texto).toBe(
      'Solicitud para agregar un producto:\nNombre: Kuchen de Nuez\nPrecio: $4.990\nCódigo de barras: 7800000000017',
    );
  });
});

describe('GET /api/soporte/eventos', () => {
  it('a pyme hears the answer to its conversation live; another shop hears nothing of it; an administrador hears everything', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    const c = await abrir(pyme, { asunto: 'En vivo', mensaje: 'Hola' });
    const oyePyme = await escuchar(base, pyme.token);
    const oyeOtra = await escuchar(base, pyme2.token);
    const oyeAdmin = await escuchar(base, admin.token);
    try {
      await escribir(admin, c.id_conversacion, 'Te leo.');
      const e = await oyePyme.esperar((x) => x.tipo === 'mensaje' && x.mensaje.texto === 'Te leo.');
      expect(e).toMatchObject({ id_conversacion: c.id_conversacion, mensaje: { rol: 'administrador' } });
      await oyePyme.esperar((x) => x.tipo === 'conversacion' && x.conversacion.no_leidos === 1);

      await escribir(pyme, c.id_conversacion, 'Gracias');
      await oyeAdmin.esperar((x) => x.tipo === 'mensaje' && x.mensaje.texto === 'Gracias');
      const cambio = await admin.request({
        method: 'PATCH',
        url: `/api/soporte/conversaciones/${c.id_conversacion}`,
        payload: { estado: 'Pendiente' },
      });
      expect(cambio.statusCode).toBe(200);
      await oyePyme.esperar((x) => x.tipo === 'conversacion' && x.conversacion.estado === 'Pendiente');

      // pyme2's own conversation reaches pyme2, which shows its stream works and heard nothing of the others.
      const propia = await abrir(pyme2, { asunto: 'La mía', mensaje: 'Hola' });
      await escribir(admin, propia.id_conversacion, 'Hola, pyme2');
      await oyeOtra.esperar((x) => x.tipo === 'mensaje' && x.mensaje.texto === 'Hola, pyme2');
      expect(oyeOtra.eventos.every((x) => 'id_conversacion' in x && x.id_conversacion === propia.id_conversacion)).toBe(true);
    } finally {
      oyePyme.cerrar();
      oyeOtra.cerrar();
      oyeAdmin.cerrar();
    }
  });

  it('without a valid ticket the stream is refused; a session token is no ticket, and a ticket opens nothing else', async () => {
    for (const url of [
      '/api/soporte/eventos?ticket=no-es-un-ticket',
      '/api/soporte/eventos',
      `/api/soporte/eventos?ticket=${pyme.token}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const pedido = await pyme.request({ method: 'POST', url: '/api/soporte/eventos/ticket' });
    expect(pedido.statusCode).toBe(200);
    const { ticket } = pedido.json() as { ticket: string };
    const otraRuta = await ctx.app.inject({
      method: 'GET',
      url: '/api/soporte/conversaciones',
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(otraRuta.statusCode).toBe(401);
    // After 'Cerrar Sesión' the session's tickets open no stream either.
    const sesion = await ctx.as(DEMO.pyme2);
    const t2 = (await sesion.request({ method: 'POST', url: '/api/soporte/eventos/ticket' })).json().ticket as string;
    expect(t2).toEqual(expect.any(String));
    expect((await sesion.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/soporte/eventos?ticket=${t2}` })).statusCode).toBe(401);
  });
});
