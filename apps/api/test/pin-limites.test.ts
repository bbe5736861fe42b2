// PIN guesses are throttled per person asking and per shop, in PostgreSQL (issue 31, docs/cajeros.md
// «El PIN»): a burst of guesses at once never gets more checks than the limit, on any replica, and a
// full shop makes even the right PIN wait (a guesser must not learn it from the answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let laEsquina: number;
let donPepe: number;
let dueno2: Awaited<ReturnType<TestContext['as']>>;
let dueno: Awaited<ReturnType<TestContext['as']>>;
const POR_PERSONA = 5;
const POR_TIENDA = 8;

beforeAll(async () => {
  // Its own database: counters no other test has touched.
  ctx = await createTestContext({ PIN_MAX_FAILURES_PER_SHOP: String(POR_TIENDA), PIN_MAX_FAILURES_PER_USER: String(POR_PERSONA) });
  laEsquina = await ctx.shopOf(DEMO.pyme2.correo);
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  [dueno2, dueno] = await Promise.all([ctx.as(DEMO.pyme2), ctx.as(DEMO.pyme)]);
  await dueno.request({ method: 'PUT', url: '/api/auth/pin', payload: { pin: '2468', contrasena: DEMO.pyme.password } });
});
afterAll(() => ctx.close());

const conPin = (app: TestContext['app'], token: string, idMinimarket: number, pin: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/pin',
    headers: { authorization: `Bearer ${token}` },
    payload: { id_minimarket: idMinimarket, pin },
  });

describe('PIN guesses', () => {
  it('are limited per person and per shop, even all at once on two replicas: then 429, and the right PIN waits too', async () => {
    const creado = await dueno2.request({
      method: 'POST',
      url: `/api/minimarkets/${laEsquina}/cajeros`,
      payload: { nombre: 'Caja 1', pin: '135790' },
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const sesion = (await conPin(ctx.app, dueno2.token, laEsquina, '135790')).json().access_token as string;
    const otra = await buildTestApp(ctx.databaseUrl, ctx.db, {
      PIN_MAX_FAILURES_PER_SHOP: String(POR_TIENDA),
      PIN_MAX_FAILURES_PER_USER: String(POR_PERSONA),
    });
    try {
      // Twelve wrong guesses from the cashier's session at once, half on each replica.
      const intentos = await Promise.all(
        Array.from({ length: 12 }, (_, i) => conPin(i % 2 ? otra : ctx.app, sesion, laEsquina, String(100000 + i))),
      );
      const codigos = intentos.map((r) => r.statusCode);
      expect(codigos.filter((c) => c === 401)).toHaveLength(POR_PERSONA);
      expect(codigos.filter((c) => c === 429)).toHaveLength(12 - POR_PERSONA);
      expect(intentos.find((r) => r.statusCode === 429)!.json().detail).toMatch(
        /^Demasiados intentos\. Intenta nuevamente en \d+ minutos?\.$/,
      );
      // Another person of the shop has guesses left until the shop's bucket is full.
      const otros = await Promise.all(Array.from({ length: 5 }, (_, i) => conPin(otra, dueno2.token, laEsquina, String(200000 + i))));
      const quedaban = POR_TIENDA - POR_PERSONA;
      expect(otros.map((r) => r.statusCode).filter((c) => c === 401)).toHaveLength(quedaban);
      expect(otros.map((r) => r.statusCode).filter((c) => c === 429)).toHaveLength(5 - quedaban);
      // Full: the right PIN waits as well.
      expect((await conPin(ctx.app, dueno2.token, laEsquina, '135790')).statusCode).toBe(429);
      // Every wrong guess that was checked is in the shop's audit trail, none of the throttled ones.
      expect(await ctx.db.auditoria.count({ where: { id_minimarket: laEsquina, accion: 'pin_rechazado' } })).toBe(POR_TIENDA);
    } finally {
      await otra.close();
    }
    // Another shop's till is its own count.
    expect((await conPin(ctx.app, dueno.token, donPepe, '2468')).statusCode).toBe(200);
  });
});
