// Throttling of login and password recovery, with the default limits: 5 failed logins
// per address and 20 per client IP, 5 reset requests per IP and 3 per address, in 15 min.
// inject()'s remoteAddress stands for different clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DEMASIADOS = 'Demasiados intentos. Intente nuevamente en 15 minutos.';

const login = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });

const forgot = (email: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });

describe('failed logins', () => {
  it('the 6th attempt on an address after 5 failures gets 429 in Spanish, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login(DEMO.pyme.correo, `Equivocada${i}`, '10.0.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    const sexto = await login(DEMO.pyme.correo, DEMO.pyme.password, '10.0.0.1');
    expect(sexto.statusCode).toBe(429);
    expect(sexto.json()).toEqual({ detail: DEMASIADOS, code: 'TOO_MANY_REQUESTS' });
    expect(Number(sexto.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The address is locked whatever its case, from any client.
    expect((await login('  Pyme@Demo.CL', DEMO.pyme.password, '10.0.0.9')).statusCode).toBe(429);
  });

  it('a good login for another account still works, from another client and from the same one', async () => {
    expect((await login(DEMO.admin.correo, DEMO.admin.password, '10.0.0.2')).statusCode).toBe(200);
    expect((await login(DEMO.pyme2.correo, DEMO.pyme2.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('the 21st failure from one client IP gets 429, for any account; other clients are unaffected', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(`desconocido${i}@demo.cl`, 'Equivocada1', '10.0.1.1')).statusCode).toBe(401);
    }
    const res = await login(DEMO.admin.correo, DEMO.admin.password, '10.0.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe(DEMASIADOS);
    expect((await login(DEMO.admin.correo, DEMO.admin.password, '10.0.1.2')).statusCode).toBe(200);
  });

  it('only failures count: many good logins from one client are never throttled', async () => {
    for (let i = 0; i < 25; i++) {
      expect((await login(DEMO.pyme2.correo, DEMO.pyme2.password, '10.0.2.1')).statusCode).toBe(200);
    }
  });

  it('a good login clears the failures of its address', async () => {
    for (let i = 0; i < 4; i++) expect((await login(DEMO.pyme2.correo, 'Equivocada1', '10.0.3.1')).statusCode).toBe(401);
    expect((await login(DEMO.pyme2.correo, DEMO.pyme2.password, '10.0.3.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(DEMO.pyme2.correo, 'Equivocada1', '10.0.3.1')).statusCode).toBe(401);
    expect((await login(DEMO.pyme2.correo, DEMO.pyme2.password, '10.0.3.1')).statusCode).toBe(200);
  });
});

describe('password recovery requests', () => {
  it('the 4th request for one address gets 429, from whichever client, whether or not it has an account', async () => {
    for (const email of ['alguien@demo.cl', DEMO.pyme2.correo]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email, `10.1.0.${i + 1}`)).statusCode).toBe(200);
      const cuarto = await forgot(email.toUpperCase(), '10.1.0.9');
      expect(cuarto.statusCode).toBe(429);
      expect(cuarto.json()).toEqual({ detail: DEMASIADOS, code: 'TOO_MANY_REQUESTS' });
    }
  });

  it('the 6th request from one client IP gets 429; another client still gets its answer', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot(`persona${i}@demo.cl`, '10.2.0.1')).statusCode).toBe(200);
    const sexto = await forgot('persona9@demo.cl', '10.2.0.1');
    expect(sexto.statusCode).toBe(429);
    expect(sexto.json()).toEqual({ detail: DEMASIADOS, code: 'TOO_MANY_REQUESTS' });
    expect(sexto.headers['retry-after']).toBeDefined();
    expect((await forgot('persona9@demo.cl', '10.2.0.2')).statusCode).toBe(200);
  });

  it('guessing reset tokens from one client IP is throttled too', async () => {
    const intento = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'adivinanza', new_password: 'Adivina2026' },
        remoteAddress: '10.3.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await intento()).statusCode).toBe(400);
    const res = await intento();
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe(DEMASIADOS);
  });
});

describe('limits come from env', () => {
  it('a lower LOGIN_MAX_FAILURES_PER_EMAIL blocks sooner', async () => {
    const estricto = await createTestContext({ LOGIN_MAX_FAILURES_PER_EMAIL: '2', RATE_LIMIT_WINDOW_MINUTES: '1' });
    try {
      const intento = (password: string) =>
        estricto.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: new URLSearchParams({ username: DEMO.pyme.correo, password }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      expect((await intento('Mala1')).statusCode).toBe(401);
      expect((await intento('Mala2')).statusCode).toBe(401);
      const res = await intento(DEMO.pyme.password);
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toBe('Demasiados intentos. Intente nuevamente en 1 minuto.');
    } finally {
      await estricto.close();
    }
  });
});
