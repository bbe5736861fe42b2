// The live support stream lives no longer than its session, and what changes what it may hear
// ends it: 'Cerrar Sesión' (that session only), a new role, a deactivation, a shop given to another
// owner. A ticket opens one stream, once. A missed notice is caught by the periodic check; after
// the listener's connection comes back the streams are told to fetch again. Support writes are
// throttled per user. Every wait is on an event (the stream's end, a data line), never a sleep.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOMBRE_OYENTE } from '../src/modules/soporte/eventos.js';
import { altaPyme, altaTienda } from './analitica-fixture.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';
import { escuchar, pedirTicket } from './sse.js';

let ctx: TestContext;
let base: string;
type Cliente = Awaited<ReturnType<TestContext['as']>>;
let admin: Cliente;
let siguiente = 0;

/** Low limits, so the throttle test reaches them; the other tests write less than this per user. */
const MENSAJES_POR_MINUTO = 3;
const CONVERSACIONES_POR_HORA = 2;

beforeAll(async () => {
  ctx = await createTestContext({
    SOPORTE_MENSAJES_POR_MINUTO: String(MENSAJES_POR_MINUTO),
    SOPORTE_CONVERSACIONES_POR_HORA: String(CONVERSACIONES_POR_HORA),
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  admin = await ctx.as(DEMO.admin);
});
afterAll(() => ctx.close());

/** A shop owner of their own (with a shop unless told otherwise), created as an administrador would. */
async function nuevaPyme(conTienda = true) {
  const n = ++siguiente;
  const cuenta = { correo: `flujo${n}@almacen.cl`, password: 'Almacen2026' };
  const id_usuario = await altaPyme(admin, String(n), cuenta);
  const id_minimarket = conTienda ? await altaTienda(admin, String(n), id_usuario, 'Los Aromos 12') : 0;
  return { ...cuenta, id_usuario, id_minimarket };
}

const llamar = (token: string, method: string, url: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, payload: payload as string, headers: { authorization: `Bearer ${token}` } });

async function abrirConversacion(token: string, asunto: string) {
  const res = await llamar(token, 'POST', '/api/soporte/conversaciones', { asunto, mensaje: 'Hola' });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().id_conversacion as number;
}

describe('the stream ends with its session', () => {
  it("'Cerrar Sesión' ends that session's stream; the user's other session keeps hearing", async () => {
    const p = await nuevaPyme();
    const [sesion1, sesion2] = [await ctx.login(p), await ctx.login(p)];
    const oye1 = await escuchar(base, sesion1);
    const oye2 = await escuchar(base, sesion2);
    try {
      expect((await llamar(sesion1, 'POST', '/api/auth/logout')).statusCode).toBe(204);
      await oye1.esperarFin();
      const id = await abrirConversacion(sesion2, 'Sigo aquí');
      await oye2.esperar((e) => e.tipo === 'mensaje' && e.id_conversacion === id);
    } finally {
      oye1.cerrar();
      oye2.cerrar();
    }
  });

  it('a new role ends the stream (its sessions are no longer valid)', async () => {
    const p = await nuevaPyme(false);
    const oye = await escuchar(base, await ctx.login(p));
    try {
      expect(
        (await admin.request({ method: 'PUT', url: `/api/users/${p.id_usuario}`, payload: { rol: 'administrador' } })).statusCode,
      ).toBe(200);
      await oye.esperarFin();
    } finally {
      oye.cerrar();
    }
  });

  it('deactivating the user ends the stream, and no new ticket is given', async () => {
    const p = await nuevaPyme();
    const token = await ctx.login(p);
    const oye = await escuchar(base, token);
    try {
      expect((await admin.request({ method: 'PATCH', url: `/api/users/${p.id_usuario}/toggle-status` })).json().estado).toBe('inactivo');
      await oye.esperarFin();
      await expect(pedirTicket(base, token)).rejects.toThrow(/401/);
    } finally {
      oye.cerrar();
    }
  });

  it("a shop given to another owner ends both owners' streams; the new stream hears the shop", async () => {
    const antes = await nuevaPyme();
    const despues = await nuevaPyme();
    const [tokenAntes, tokenDespues] = [await ctx.login(antes), await ctx.login(despues)];
    const id = await abrirConversacion(tokenAntes, 'Antes del cambio');
    const oyeAntes = await escuchar(base, tokenAntes);
    const oyeDespues = await escuchar(base, tokenDespues);
    const oyeAdmin = await escuchar(base, admin.token);
    let nueva: Awaited<ReturnType<typeof escuchar>> | undefined;
    try {
      const res = await admin.request({
        method: 'PUT',
        url: `/api/minimarkets/${antes.id_minimarket}`,
        payload: { id_usuario: despues.id_usuario },
      });
      expect(res.statusCode).toBe(200);
      await Promise.all([oyeAntes.esperarFin(), oyeDespues.esperarFin()]);
      // The sessions themselves go on: a new ticket opens a stream that sees the shop as it is now.
      nueva = await escuchar(base, tokenDespues);
      expect(
        (await admin.request({ method: 'POST', url: `/api/soporte/conversaciones/${id}/mensajes`, payload: { texto: 'Nuevo dueño' } }))
          .statusCode,
      ).toBe(201);
      await nueva.esperar((e) => e.tipo === 'mensaje' && e.mensaje.texto === 'Nuevo dueño');
      // The administrador's stream was not touched.
      await oyeAdmin.esperar((e) => e.tipo === 'mensaje' && e.mensaje.texto === 'Nuevo dueño');
    } finally {
      oyeAntes.cerrar();
      oyeDespues.cerrar();
      oyeAdmin.cerrar();
      nueva?.cerrar();
    }
  });

  it('a session ended without a notice (written straight to the database) is caught by the periodic check', async () => {
    const p = await nuevaPyme(false);
    const token = await ctx.login(p);
    const oye = await escuchar(base, token);
    const otra = await escuchar(base, await ctx.login(p));
    try {
      const { jti, exp } = ctx.app.jwt.decode<{ jti: string; exp: number }>(token)!;
      await ctx.db.tokenRevocado.create({ data: { jti, id_usuario: p.id_usuario, expira_en: new Date(exp * 1000) } });
      await ctx.app.services.eventosSoporte.revisar();
      await oye.esperarFin();
      // The same check leaves a valid session's stream open.
      expect(ctx.app.services.eventosSoporte.conectados()).toBeGreaterThanOrEqual(1);
      await ctx.db.minimarket.create({
        data: {
          nombre_minimarket: 'Sin aviso',
          direccion: 'Calle 1',
          comuna: 'Maipú',
          rubro: 'Almacén',
          tamano: 'Pequeño',
          id_usuario: p.id_usuario,
        },
      });
      await ctx.app.services.eventosSoporte.revisar();
      await otra.esperarFin();
    } finally {
      oye.cerrar();
      otra.cerrar();
    }
  });
});

describe('stream tickets', () => {
  it('a ticket opens one stream, once: used again → 401 in Spanish', async () => {
    const p = await nuevaPyme(false);
    const oye = await escuchar(base, await ctx.login(p));
    try {
      const otraVez = await ctx.app.inject({ method: 'GET', url: `/api/soporte/eventos?ticket=${encodeURIComponent(oye.ticket)}` });
      expect(otraVez.statusCode).toBe(401);
      expect(otraVez.json()).toEqual({ detail: 'Este ticket de eventos ya se usó. Pide uno nuevo para reconectar.', code: 'TICKET_USED' });
      expect(await ctx.db.ticketEventos.count({ where: { id_usuario: p.id_usuario } })).toBe(1);
    } finally {
      oye.cerrar();
    }
  });

  it('rows of tickets long expired are deleted when a ticket is used', async () => {
    const p = await nuevaPyme(false);
    const vieja = new Date(Date.now() - 3_600_000);
    await ctx.db.ticketEventos.create({
      data: { id_ticket: '00000000-0000-4000-8000-000000000001', id_usuario: p.id_usuario, expira_en: vieja },
    });
    const oye = await escuchar(base, await ctx.login(p));
    oye.cerrar();
    expect(await ctx.db.ticketEventos.count({ where: { expira_en: { lt: new Date(Date.now() - 600_000) } } })).toBe(0);
  });
});

describe('the listener connection', () => {
  it('after it drops and comes back, the streams are told to refetch, and a logout missed meanwhile still ends its stream', async () => {
    const p = await nuevaPyme();
    const token = await ctx.login(p);
    const otraSesion = await ctx.login(p);
    const oye = await escuchar(base, token);
    const saliente = await escuchar(base, otraSesion);
    try {
      const [terminada] = await ctx.db.$queryRaw<{ n: number }[]>`
        SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE application_name = ${NOMBRE_OYENTE} AND datname = current_database()`;
      expect(terminada?.n).toBe(1);
      // Whether its notice is heard or lost with the connection, this stream ends.
      expect((await llamar(otraSesion, 'POST', '/api/auth/logout')).statusCode).toBe(204);
      await oye.esperar((e) => e.tipo === 'refrescar', 10_000);
      await saliente.esperarFin(10_000);
      // And it hears again.
      const id = await abrirConversacion(token, 'Después de reconectar');
      await oye.esperar((e) => e.tipo === 'mensaje' && e.id_conversacion === id);
    } finally {
      oye.cerrar();
      saliente.cerrar();
    }
  });
});

describe('a failure after the stream opened ends it', () => {
  it('when listening fails, the stream ends instead of hanging', async () => {
    const p = await nuevaPyme(false);
    const ticket = await pedirTicket(base, await ctx.login(p));
    const espia = vi.spyOn(ctx.app.services.eventosSoporte, 'suscribir').mockRejectedValueOnce(new Error('la base no responde'));
    try {
      const res = await fetch(`${base}/api/soporte/eventos?ticket=${encodeURIComponent(ticket)}`);
      expect(res.status).toBe(200);
      // The body ends (text() resolves): the stream was closed, never announced as connected.
      expect(await res.text()).not.toContain(': conectado');
    } finally {
      espia.mockRestore();
    }
  });

  it('when an event cannot be prepared for a listener, that stream ends (the browser reconnects and fetches again)', async () => {
    const p = await nuevaPyme();
    const token = await ctx.login(p);
    const id = await abrirConversacion(token, 'Falla al repartir');
    const oye = await escuchar(base, token);
    const espia = vi.spyOn(ctx.app.services.soporte, 'vista').mockRejectedValue(new Error('la base no responde'));
    try {
      const res = await admin.request({
        method: 'POST',
        url: `/api/soporte/conversaciones/${id}/mensajes`,
        payload: { texto: 'No llega' },
      });
      expect(res.statusCode).toBe(201);
      await oye.esperarFin();
    } finally {
      espia.mockRestore();
      oye.cerrar();
    }
  });
});

describe('throttling support writes (per user, in PostgreSQL)', () => {
  it(`messages: ${MENSAJES_POR_MINUTO} in a burst, then 429 with the limiter's Spanish message`, async () => {
    const p = await nuevaPyme();
    const token = await ctx.login(p);
    const id = await abrirConversacion(token, 'Muchos mensajes');
    for (let i = 1; i < MENSAJES_POR_MINUTO; i++) {
      expect((await llamar(token, 'POST', `/api/soporte/conversaciones/${id}/mensajes`, { texto: `Mensaje ${i}` })).statusCode).toBe(201);
    }
    const demas = await llamar(token, 'POST', `/api/soporte/conversaciones/${id}/mensajes`, { texto: 'Uno más' });
    expect(demas.statusCode).toBe(429);
    expect(demas.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', detail: 'Demasiados intentos. Intenta nuevamente en 1 minuto.' });
    expect(Number(demas.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was written, and another user is not held back.
    expect(await ctx.db.mensajeSoporte.count({ where: { id_conversacion: id } })).toBe(MENSAJES_POR_MINUTO);
    const otra = await nuevaPyme();
    await abrirConversacion(await ctx.login(otra), 'Otra persona');
  });

  it(`conversations: ${CONVERSACIONES_POR_HORA} an hour in a burst, then 429 (the 'Agregar Producto' ticket counts too)`, async () => {
    const p = await nuevaPyme();
    const token = await ctx.login(p);
    await abrirConversacion(token, 'Primera');
    const ticket = await llamar(token, 'POST', '/api/soporte/tickets-producto', {
      nombre_producto: 'Kuchen de Nuez',
      precio: 4990,
      id_minimarket: p.id_minimarket,
    });
    expect(ticket.statusCode).toBe(201);
    const demas = await llamar(token, 'POST', '/api/soporte/conversaciones', { asunto: 'Tercera', mensaje: 'Hola' });
    expect(demas.statusCode).toBe(429);
    expect(demas.json().detail).toMatch(/^Demasiados intentos\. Intenta nuevamente en \d+ minutos?\.$/);
    expect(await ctx.db.conversacion.count({ where: { id_usuario: p.id_usuario } })).toBe(CONVERSACIONES_POR_HORA);
  });
});
