import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJE_CUENTA_DESACTIVADA } from '@minimarket/contracts/reglas';
import { cambioDeContrasena, createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const form = (username: string, password: string) => ({
  method: 'POST' as const,
  url: '/api/auth/token',
  payload: new URLSearchParams({ username, password }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('POST /api/auth/token', () => {
  it('gives a bearer token for each demo account, form-encoded as the spec says', async () => {
    for (const cuenta of Object.values(DEMO)) {
      const res = await ctx.app.inject(form(cuenta.correo, cuenta.password));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    }
  });

  it('matches the e-mail whatever its case and surrounding spaces', async () => {
    const res = await ctx.app.inject(form('  PYME@Demo.CL ', 'Pyme1234'));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown address with the same Spanish message', async () => {
    for (const [correo, password] of [
      ['pyme@demo.cl', 'Equivocada1'],
      ['nadie@demo.cl', 'Pyme1234'],
    ]) {
      const res = await ctx.app.inject(form(correo!, password!));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Correo o contraseña incorrectos.', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('asks for the missing fields in Spanish', async () => {
    const res = await ctx.app.inject(form('', ''));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(
      res
        .json()
        .errors.map((e: { campo: string }) => e.campo)
        .sort(),
    ).toEqual(['password', 'username']);
  });

  it('refuses an inactive user at login and on a token issued before deactivation', async () => {
    const token = await ctx.login(DEMO.pyme2);
    await ctx.db.usuario.update({ where: { correo: DEMO.pyme2.correo }, data: { estado: 'inactivo' } });
    try {
      const login = await ctx.app.inject(form(DEMO.pyme2.correo, DEMO.pyme2.password));
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual({ detail: MENSAJE_CUENTA_DESACTIVADA, code: 'ACCOUNT_INACTIVE' });
      expect(login.json().detail).toMatch(/^Tu cuenta fue desactivada\./);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(401);
    } finally {
      await ctx.db.usuario.update({ where: { correo: DEMO.pyme2.correo }, data: { estado: 'activo' } });
    }
  });
});

describe('GET /api/users/me', () => {
  it('returns the user with nombre, rol and their shops, never the password', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ correo: 'pyme@demo.cl', rol: 'pyme', estado: 'activo' });
    expect(body.minimarkets).toEqual([{ id_minimarket: expect.any(Number), nombre_minimarket: 'Minimarket Don Pepe' }]);
    expect(JSON.stringify(body)).not.toMatch(/contrasena|hash/);
  });

  it('without a token says the user is not authenticated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Usuario no autenticado. Por favor, inicie sesión.', code: 'UNAUTHORIZED' });
  });

  it('with a forged or expired token says the session expired', async () => {
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.firma-falsa' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toBe('La sesión ha expirado. Por favor, inicie sesión de nuevo.');

    const usuario = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const expired = ctx.app.jwt.sign(
      { sub: String(usuario.id_usuario), rol: 'pyme', auth_time: Date.now(), jti: crypto.randomUUID() },
      { expiresIn: -10 },
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });

  it('a token from /auth/token carries its expiry (JWT_EXPIRES_IN) and is refused once it passes', async () => {
    const corta = await createTestContext({ JWT_EXPIRES_IN: '1s' });
    try {
      const token = await corta.login(DEMO.pyme);
      const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
      expect(exp - iat).toBe(1);
      const me = () => corta.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect((await me()).statusCode).toBe(200);
      // Wait until the second after its expiry has begun, by the clock the token is checked with.
      await new Promise((r) => setTimeout(r, Math.max(0, (exp + 1) * 1000 - Date.now()) + 50));
      const vencida = await me();
      expect(vencida.statusCode).toBe(401);
      expect(vencida.json().code).toBe('SESSION_EXPIRED');
    } finally {
      await corta.close();
    }
  });

  it('a password change ends the sessions opened before it and hands out a working new token', async () => {
    const viejo = await ctx.login(DEMO.pyme2);
    const otro = await ctx.login(DEMO.pyme2);
    const res = await ctx.app.inject({ ...cambioDeContrasena('Pyme1234', 'NuevaClave9'), headers: { authorization: `Bearer ${viejo}` } });
    expect(res.statusCode).toBe(200);
    const nuevo = res.json().access_token as string;
    const conOtro = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${otro}` } });
    expect(conOtro.statusCode).toBe(401);
    const conNuevo = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${nuevo}` } });
    expect(conNuevo.statusCode).toBe(200);
    expect((await ctx.app.inject(form(DEMO.pyme2.correo, 'Pyme1234'))).statusCode).toBe(401);
    expect((await ctx.app.inject(form(DEMO.pyme2.correo, 'NuevaClave9'))).statusCode).toBe(200);
  });

  it('refuses a weak new password with the one password rule', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request(cambioDeContrasena('Pyme1234', 'corta'));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('La contraseña debe tener al menos 8 caracteres');
  });
});

describe('errors are JSON in Spanish', () => {
  it('an unknown /api path is a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Recurso no encontrado.', code: 'NOT_FOUND' });
  });

  it('a malformed JSON body is a 400 with a Spanish message', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const res = await pyme.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: '{"total": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'El cuerpo de la solicitud no es JSON válido.', code: 'BAD_REQUEST' });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/token', '/api/users/me', '/api/minimarkets/', '/api/productos/', '/api/ventas/']),
    );
  });
});
