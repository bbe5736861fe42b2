// Throttling of login and password recovery, with the default limits: 5 failed logins
// per account in 15 min, 20 per client address leaking one every 45 s, 5 reset requests per
// address and 3 per e-mail in 15 min. The counters live in PostgreSQL (docs/seguridad.md).
// inject()'s remoteAddress stands for different clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DEMASIADOS = 'Demasiados intentos. Intenta nuevamente en 15 minutos.';

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

  it('the 21st failure from one client address gets 429 for a while, whatever the account; other clients are unaffected', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(`desconocido${i}@demo.cl`, 'Equivocada1', '10.0.1.1')).statusCode).toBe(401);
    }
    const res = await login(DEMO.admin.correo, DEMO.admin.password, '10.0.1.1');
    expect(res.statusCode).toBe(429);
    // The bucket leaks one attempt every 45 s: a wait of about a minute, not the whole window.
    expect(res.json().detail).toBe('Demasiados intentos. Intenta nuevamente en 1 minuto.');
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(45);
    expect((await login(DEMO.admin.correo, DEMO.admin.password, '10.0.1.2')).statusCode).toBe(200);
  });

  it('60 wrong passwords at once for one account: at most 5 are checked, the rest get 429', async () => {
    const respuestas = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(DEMO.pyme2.correo, `Concurrente${i}`, `10.0.9.${i + 1}`)),
    );
    const codigos = respuestas.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 401)).toHaveLength(5);
    expect(codigos.filter((c) => c === 429)).toHaveLength(55);
    // The account is held, the right password included, until its window closes.
    expect((await login(DEMO.pyme2.correo, DEMO.pyme2.password, '10.0.9.200')).statusCode).toBe(429);
    await ctx.db.limiteIntento.deleteMany({ where: { clave: { startsWith: `login:correo:${DEMO.pyme2.correo}` } } });
  });

  it('an IPv6 client is one client for its whole /64', async () => {
    for (let i = 1; i <= 20; i++) {
      expect((await login(`v6-${i}@demo.cl`, 'Equivocada1', `2001:db8:aa:bb::${i.toString(16)}`)).statusCode).toBe(401);
    }
    expect((await login(DEMO.admin.correo, DEMO.admin.password, '2001:db8:aa:bb:ffff::1')).statusCode).toBe(429);
    expect((await login(DEMO.admin.correo, DEMO.admin.password, '2001:db8:aa:bc::1')).statusCode).toBe(200);
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

describe('a burst from one shared address', () => {
  it('does not lock another account out for the window: the next attempt fits after one leak', async () => {
    // 4 failures per minute from one address: the bucket leaks one attempt every 15 s. Time is not
    // waited for (a busy machine would leak during the burst): one leak is the bucket's end moved
    // 15 s earlier, as the clock would.
    const rapido = await createTestContext({ LOGIN_MAX_FAILURES_PER_IP: '4', RATE_LIMIT_WINDOW_MINUTES: '1' });
    try {
      const intento = (correo: string, password: string) =>
        rapido.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: new URLSearchParams({ username: correo, password }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: '190.160.0.1',
        });
      for (let i = 0; i < 4; i++) expect((await intento(`vecino${i}@demo.cl`, 'MeEquivoque1')).statusCode).toBe(401);
      const bloqueado = await intento(DEMO.pyme.correo, DEMO.pyme.password);
      expect(bloqueado.statusCode).toBe(429);
      // Told to wait one leak at most, not the whole window.
      expect(Number(bloqueado.headers['retry-after'])).toBeLessThanOrEqual(15);
      await rapido.db.$executeRaw`UPDATE limite_intento SET hasta = hasta - interval '15 seconds' WHERE clave LIKE 'login:direccion%'`;
      expect((await intento(DEMO.pyme.correo, DEMO.pyme.password)).statusCode).toBe(200);
    } finally {
      await rapido.close();
    }
  });
});

describe('behind a reverse proxy', () => {
  let n = 0;
  // Each attempt on another unknown account, so only the per-address count can refuse it.
  const intento = (app: TestContext['app'], reenviadoPor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ username: `proxy${n++}@demo.cl`, password: 'Equivocada1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': reenviadoPor },
      remoteAddress: '172.28.0.2',
    });

  it('without TRUST_PROXY a forged X-Forwarded-For does not make a new client', async () => {
    const codigos = [];
    for (let i = 0; i < 21; i++) codigos.push((await intento(ctx.app, `203.0.113.${i}`)).statusCode);
    expect(codigos.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codigos[20]).toBe(429);
  });

  it('with TRUST_PROXY naming the proxy, each forwarded client is counted on its own', async () => {
    const detras = await createTestContext({ TRUST_PROXY: '172.28.0.0/16', LOGIN_MAX_FAILURES_PER_IP: '2' });
    try {
      for (const cliente of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        expect((await intento(detras.app, cliente)).statusCode).toBe(401);
        expect((await intento(detras.app, cliente)).statusCode).toBe(401);
      }
      expect((await intento(detras.app, '198.51.100.1')).statusCode).toBe(429);
    } finally {
      await detras.close();
    }
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
      expect(res.json().detail).toBe('Demasiados intentos. Intenta nuevamente en 1 minuto.');
    } finally {
      await estricto.close();
    }
  });
});
