// A new password ends the user's sessions, whichever way it was set: a reset link, the
// user on /perfil, or an administrador. Tokens issued before the change are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessage } from '../src/modules/correo/mime.js';
import { cambioDeContrasena, createTestContext, DEMO, type TestContext } from './helpers.js';
import { startTestSmtp } from './smtp.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

describe('changing a password ends the sessions opened before it', () => {
  it('by a reset link', async () => {
    const [vieja1, vieja2] = [await ctx.login(DEMO.pyme), await ctx.login(DEMO.pyme)];
    expect((await me(vieja1)).statusCode).toBe(200);

    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: DEMO.pyme.correo } });
    const { raw } = await smtp.esperar(DEMO.pyme.correo, 1);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(parseMessage(raw).texto ?? '')![1]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, new_password: 'PorEnlace2026' },
    });
    expect(res.statusCode).toBe(200);

    for (const vieja of [vieja1, vieja2]) {
      expect((await me(vieja)).statusCode).toBe(401);
      expect((await me(vieja)).json().code).toBe('SESSION_EXPIRED');
    }
    expect((await me(await ctx.login({ correo: DEMO.pyme.correo, password: 'PorEnlace2026' }))).statusCode).toBe(200);
  });

  it('by the user on /perfil (POST /users/me/password), who keeps only the fresh token', async () => {
    const otraSesion = await ctx.login(DEMO.pyme2);
    const pyme2 = await ctx.as(DEMO.pyme2);
    const res = await pyme2.request(cambioDeContrasena(DEMO.pyme2.password, 'DesdePerfil2026'));
    expect(res.statusCode).toBe(200);
    expect((await me(otraSesion)).statusCode).toBe(401);
    expect((await me(pyme2.token)).statusCode).toBe(401);
    expect((await me(res.json().access_token)).statusCode).toBe(200);
  });

  it('by an administrador (PUT /users/{id} with contrasena)', async () => {
    const sesionPyme = await ctx.login({ correo: DEMO.pyme2.correo, password: 'DesdePerfil2026' });
    const admin = await ctx.as(DEMO.admin);
    const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme2.correo } });
    const res = await admin.request({ method: 'PUT', url: `/api/users/${id_usuario}`, payload: { contrasena: 'DelAdmin2026' } });
    expect(res.statusCode).toBe(200);
    expect((await me(sesionPyme)).statusCode).toBe(401);
    // The administrador's own session is not touched.
    expect((await me(admin.token)).statusCode).toBe(200);
    expect((await me(await ctx.login({ correo: DEMO.pyme2.correo, password: 'DelAdmin2026' }))).statusCode).toBe(200);
  });

  it('an administrador editing other fields leaves the sessions alone', async () => {
    const sesionPyme = await ctx.login({ correo: DEMO.pyme2.correo, password: 'DelAdmin2026' });
    const admin = await ctx.as(DEMO.admin);
    const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme2.correo } });
    const res = await admin.request({ method: 'PUT', url: `/api/users/${id_usuario}`, payload: { descripcion: 'Atiende de 8 a 22' } });
    expect(res.statusCode).toBe(200);
    expect((await me(sesionPyme)).statusCode).toBe(200);
  });
});

describe("other changes that end a user's sessions", () => {
  const idDe = async (correo: string) => (await ctx.db.usuario.findUniqueOrThrow({ where: { correo } })).id_usuario;

  it('deactivating a user: their old token stays refused after they are reactivated', async () => {
    const sesion = await ctx.login({ correo: DEMO.pyme.correo, password: 'PorEnlace2026' });
    const admin = await ctx.as(DEMO.admin);
    const id = await idDe(DEMO.pyme.correo);
    expect((await admin.request({ method: 'PATCH', url: `/api/users/${id}/toggle-status` })).json().estado).toBe('inactivo');
    expect((await me(sesion)).statusCode).toBe(401);
    expect((await admin.request({ method: 'PATCH', url: `/api/users/${id}/toggle-status` })).json().estado).toBe('activo');
    expect((await me(sesion)).statusCode).toBe(401);
    expect((await me(await ctx.login({ correo: DEMO.pyme.correo, password: 'PorEnlace2026' }))).statusCode).toBe(200);
  });

  it('deactivating through PUT /users/{id} too', async () => {
    const sesion = await ctx.login({ correo: DEMO.pyme.correo, password: 'PorEnlace2026' });
    const admin = await ctx.as(DEMO.admin);
    const id = await idDe(DEMO.pyme.correo);
    expect((await admin.request({ method: 'PUT', url: `/api/users/${id}`, payload: { estado: 'inactivo' } })).statusCode).toBe(200);
    expect((await admin.request({ method: 'PUT', url: `/api/users/${id}`, payload: { estado: 'activo' } })).statusCode).toBe(200);
    expect((await me(sesion)).statusCode).toBe(401);
  });

  it('changing their e-mail or their role', async () => {
    const admin = await ctx.as(DEMO.admin);
    const id = await idDe(DEMO.pyme.correo);
    const antesDelCorreo = await ctx.login({ correo: DEMO.pyme.correo, password: 'PorEnlace2026' });
    expect((await admin.request({ method: 'PUT', url: `/api/users/${id}`, payload: { correo: 'jose.perez@demo.cl' } })).statusCode).toBe(
      200,
    );
    expect((await me(antesDelCorreo)).statusCode).toBe(401);

    const antesDelRol = await ctx.login({ correo: 'jose.perez@demo.cl', password: 'PorEnlace2026' });
    expect((await admin.request({ method: 'PUT', url: `/api/users/${id}`, payload: { rol: 'administrador' } })).statusCode).toBe(200);
    expect((await me(antesDelRol)).statusCode).toBe(401);
    const despues = await ctx.login({ correo: 'jose.perez@demo.cl', password: 'PorEnlace2026' });
    expect((await me(despues)).json().rol).toBe('administrador');
    // Back as it was, for the rest of the file.
    await admin.request({ method: 'PUT', url: `/api/users/${id}`, payload: { rol: 'pyme', correo: DEMO.pyme.correo } });
  });
});

describe("'Cerrar Sesión' (POST /auth/logout)", () => {
  it('ends this token on the server and leaves the other devices in', async () => {
    const cuenta = { correo: DEMO.pyme.correo, password: 'PorEnlace2026' };
    const [esteEquipo, otroEquipo] = [await ctx.login(cuenta), await ctx.login(cuenta)];
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${esteEquipo}` } });
    expect(res.statusCode).toBe(204);
    expect((await me(esteEquipo)).statusCode).toBe(401);
    expect((await me(esteEquipo)).json().code).toBe('SESSION_EXPIRED');
    expect((await me(otroEquipo)).statusCode).toBe(200);
    // Logging out twice, or without a session, is a 401 like any call with a dead token.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${esteEquipo}` } })).statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe('guessing the current password in Mi perfil', () => {
  it('is throttled like a login: after 5 wrong ones even the right one waits', async () => {
    const pyme = await ctx.as({ correo: DEMO.pyme.correo, password: 'PorEnlace2026' });
    const cambiar = (actual: string) => pyme.request(cambioDeContrasena(actual, 'Adivinada2026'));
    for (let i = 0; i < 5; i++) expect((await cambiar(`NoEsLaMia${i}`)).statusCode).toBe(422);
    const res = await cambiar('PorEnlace2026');
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe('Demasiados intentos. Intenta nuevamente en 15 minutos.');
    expect(res.headers['retry-after']).toBeDefined();
  });
});
