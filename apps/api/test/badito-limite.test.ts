// Questions to Badito are throttled per user by the shared, PostgreSQL-backed limiter (rule
// badito:usuario, a leaky bucket of BADITO_PREGUNTAS_POR_MINUTO that lets one more through every
// 60 s / max). Here the bucket holds 3: the 4th question in a row gets 429 with the limiter's own
// Spanish message; another user, and an invalid question, are not counted against it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
const MAX = 3;
beforeAll(async () => {
  ctx = await createTestContext({ BADITO_PREGUNTAS_POR_MINUTO: String(MAX) });
});
afterAll(() => ctx.close());

type Cliente = Awaited<ReturnType<TestContext['as']>>;
const preguntar = (cliente: Cliente, mensaje: unknown) => cliente.request({ method: 'POST', url: '/api/badito', payload: { mensaje } });

describe('POST /api/badito is throttled per user', () => {
  it(`the ${MAX + 1}th question in a row gets 429 in Spanish; another user goes on`, async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const otra = await ctx.as(DEMO.pyme2);
    // A question refused by the contract does not reach the limiter.
    expect((await preguntar(pyme, '')).statusCode).toBe(422);
    for (let i = 0; i < MAX; i++) expect((await preguntar(pyme, 'hola')).statusCode).toBe(200);
    const demas = await preguntar(pyme, '¿cuánto vendí hoy?');
    expect(demas.statusCode).toBe(429);
    // One leaks every 60 s / 3 = 20 s: about a minute to wait, said in whole minutes.
    expect(demas.json()).toEqual({ detail: 'Demasiados intentos. Intenta nuevamente en 1 minuto.', code: 'TOO_MANY_REQUESTS' });
    expect(Number(demas.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(demas.headers['retry-after'])).toBeLessThanOrEqual(60 / MAX);
    // Per user: the other shop owner is not held back.
    expect((await preguntar(otra, 'hola')).statusCode).toBe(200);
  });
});
