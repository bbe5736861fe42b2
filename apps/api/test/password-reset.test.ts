// Password recovery end to end: the API sends a real e-mail over SMTP to a server this
// test starts, the test reads the link out of the message as a mail client would, and
// follows it.
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMessage } from '../src/modules/correo/mime.js';
import { cambioDeContrasena, createTestContext, DEMO, type TestContext } from './helpers.js';
import { startTestSmtp } from './smtp.js';

const APP_URL = 'http://tienda.test:8000';
const MENSAJE_SOLICITUD =
  'Si el correo está registrado, recibirás un enlace para restablecer tu contraseña. El enlace vence en 30 minutos.';
const MENSAJE_RESTABLECIDA = 'Contraseña restablecida correctamente. Ya puedes iniciar sesión.';
const ENLACE_INVALIDO = { detail: 'El enlace de restablecimiento de contraseña es inválido o ha expirado.', code: 'INVALID_RESET_TOKEN' };

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  // Throttling has its own test file; here it must not get in the way.
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    APP_URL,
    PASSWORD_RESET_MAX_PER_IP: '1000',
    PASSWORD_RESET_MAX_PER_EMAIL: '1000',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const pedirEnlace = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

const restablecer = (token: string, new_password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password } });

const loginStatus = async (correo: string, password: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ username: correo, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  ).statusCode;

const meStatus = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode;

/** Asks for a link as typed in `escrito` and reads the token out of the e-mail that arrives. */
async function enlacePorCorreo(correo: string, escrito = correo) {
  const antes = smtp.de(correo).length;
  const res = await pedirEnlace(escrito);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: MENSAJE_SOLICITUD });
  const mensaje = parseMessage((await smtp.esperar(correo, antes + 1)).raw);
  const patron = new RegExp(`${APP_URL}/reset-password\\?token=([A-Za-z0-9_-]+)`);
  const enTexto = patron.exec(mensaje.texto ?? '');
  const enHtml = patron.exec(mensaje.html ?? '');
  expect(enTexto?.[1]).toBeDefined();
  expect(enHtml?.[1]).toBe(enTexto?.[1]);
  return { token: enTexto![1]!, mensaje };
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  it('mails a Spanish link that sets a new password once, and ends the sessions opened before', async () => {
    const sesionVieja = await ctx.login(DEMO.pyme);
    const { token, mensaje } = await enlacePorCorreo(DEMO.pyme.correo, '  PYME@Demo.cl ');
    expect(mensaje.asunto).toBe('Restablece tu contraseña de Minimarket');
    expect(mensaje.headers.from).toContain('no-responder@minimarket.local');
    expect(mensaje.texto).toContain('Hola José Pérez Soto:');
    expect(mensaje.html).toContain('Hola José Pérez Soto:');
    expect(mensaje.texto).toContain('El enlace vence en 30 minutos');
    expect(mensaje.html).toContain('<html lang="es-CL">');
    // At least 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    // Only the hash is stored, with a 30-minute life.
    const filas = await ctx.db.tokenRestablecimiento.findMany({ where: { usuario: { correo: DEMO.pyme.correo } } });
    expect(filas).toHaveLength(1);
    expect(filas[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(filas, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(token);
    expect(filas[0]!.expira_en.getTime() - filas[0]!.creado_en.getTime()).toBe(30 * 60_000);

    // The one password rule applies, and a refused password does not use up the link.
    const debil = await restablecer(token, 'sinmayuscula1');
    expect(debil.statusCode).toBe(422);
    expect(debil.json().detail).toBe('La contraseña debe incluir una letra mayúscula y un número');

    const ok = await restablecer(token, 'NuevaClave2026');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MENSAJE_RESTABLECIDA });

    expect(await meStatus(sesionVieja)).toBe(401);
    expect(await loginStatus(DEMO.pyme.correo, DEMO.pyme.password)).toBe(401);
    expect(await loginStatus(DEMO.pyme.correo, 'NuevaClave2026')).toBe(200);

    const otraVez = await restablecer(token, 'OtraClave2026');
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json()).toEqual(ENLACE_INVALIDO);
    expect(await loginStatus(DEMO.pyme.correo, 'NuevaClave2026')).toBe(200);
  });

  it('asking again voids the earlier link', async () => {
    const primero = await enlacePorCorreo(DEMO.pyme2.correo);
    const segundo = await enlacePorCorreo(DEMO.pyme2.correo);
    expect(segundo.token).not.toBe(primero.token);

    const conPrimero = await restablecer(primero.token, 'Primera2026');
    expect(conPrimero.statusCode).toBe(400);
    expect(conPrimero.json()).toEqual(ENLACE_INVALIDO);
    expect((await restablecer(segundo.token, 'Segunda2026')).statusCode).toBe(200);
    expect(await loginStatus(DEMO.pyme2.correo, 'Segunda2026')).toBe(200);
  });

  it('refuses a link older than 30 minutes', async () => {
    const { token } = await enlacePorCorreo(DEMO.pyme2.correo);
    await ctx.db.tokenRestablecimiento.update({
      where: { token_hash: sha256(token) },
      data: { expira_en: new Date(Date.now() - 1000) },
    });
    const res = await restablecer(token, 'Vencida2026');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(ENLACE_INVALIDO);
    expect(await loginStatus(DEMO.pyme2.correo, 'Vencida2026')).toBe(401);
  });

  it('refuses a made-up or missing token', async () => {
    const inventado = await restablecer(crypto.randomBytes(32).toString('base64url'), 'Inventada2026');
    expect(inventado.statusCode).toBe(400);
    expect(inventado.json()).toEqual(ENLACE_INVALIDO);
    const vacio = await restablecer('', 'Inventada2026');
    expect(vacio.statusCode).toBe(422);
    expect(vacio.json().detail).toBe('Token de recuperación no encontrado');
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const totalAntes = smtp.mensajes.length;
    const res = await pedirEnlace('nadie@demo.cl');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MENSAJE_SOLICITUD });
    // The request's background work, link and mail included, is over: nothing was made or sent.
    await ctx.app.services.restablecimiento.esperarPendientes();
    expect(smtp.mensajes.length).toBe(totalAntes);
    expect(await ctx.db.tokenRestablecimiento.count({ where: { usuario: { correo: 'nadie@demo.cl' } } })).toBe(0);
  });

  it('sends nothing to an inactive user, and a link stops working once its user is deactivated', async () => {
    const { token } = await enlacePorCorreo(DEMO.pyme2.correo);
    await ctx.db.usuario.update({ where: { correo: DEMO.pyme2.correo }, data: { estado: 'inactivo' } });
    try {
      const recibidos = smtp.de(DEMO.pyme2.correo).length;
      const enlacesAntes = await ctx.db.tokenRestablecimiento.findMany({
        where: { usuario: { correo: DEMO.pyme2.correo } },
        select: { id_token: true },
      });
      const res = await pedirEnlace(DEMO.pyme2.correo);
      expect(res.json()).toEqual({ message: MENSAJE_SOLICITUD });
      await ctx.app.services.restablecimiento.esperarPendientes();
      expect(smtp.de(DEMO.pyme2.correo).length).toBe(recibidos);
      // No new link either: the one from before is all there is.
      expect(
        await ctx.db.tokenRestablecimiento.findMany({ where: { usuario: { correo: DEMO.pyme2.correo } }, select: { id_token: true } }),
      ).toEqual(enlacesAntes);
      expect((await restablecer(token, 'Inactiva2026')).json()).toEqual(ENLACE_INVALIDO);
    } finally {
      await ctx.db.usuario.update({ where: { correo: DEMO.pyme2.correo }, data: { estado: 'activo' } });
    }
  });

  it('a password changed on /perfil voids the links sent before', async () => {
    const { token } = await enlacePorCorreo(DEMO.admin.correo);
    const admin = await ctx.as(DEMO.admin);
    const cambio = await admin.request(cambioDeContrasena(DEMO.admin.password, 'AdminNueva2026'));
    expect(cambio.statusCode).toBe(200);
    expect((await restablecer(token, 'DesdeEnlace2026')).json()).toEqual(ENLACE_INVALIDO);
    expect(await loginStatus(DEMO.admin.correo, 'AdminNueva2026')).toBe(200);
  });

  it("an administrador's password change voids the links sent before", async () => {
    const { token } = await enlacePorCorreo(DEMO.pyme2.correo);
    const admin = await ctx.as({ correo: DEMO.admin.correo, password: 'AdminNueva2026' });
    const pyme2 = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme2.correo } });
    const cambio = await admin.request({
      method: 'PUT',
      url: `/api/users/${pyme2.id_usuario}`,
      payload: { contrasena: 'PuestaPorAdmin1' },
    });
    expect(cambio.statusCode).toBe(200);
    expect((await restablecer(token, 'DesdeEnlace2026')).json()).toEqual(ENLACE_INVALIDO);
    expect(await loginStatus(DEMO.pyme2.correo, 'PuestaPorAdmin1')).toBe(200);
  });

  it('answers before the mail server does: a stalled relay does not hold the request', async () => {
    // A "relay" that accepts connections and never says a word.
    const sockets: net.Socket[] = [];
    const mudo = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => mudo.listen(0, '127.0.0.1', () => r()));
    const lento = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${(mudo.address() as net.AddressInfo).port}` });
    try {
      const res = await lento.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: DEMO.pyme.correo } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MENSAJE_SOLICITUD });
      // The mail is still on its way: the relay got the connection and is sitting on it.
      const hasta = Date.now() + 10_000;
      while (sockets.length === 0 && Date.now() < hasta) await new Promise((r) => setTimeout(r, 20));
      expect(sockets).toHaveLength(1);
      expect(sockets[0]!.destroyed).toBe(false);
    } finally {
      for (const s of sockets) s.destroy();
      await lento.close();
      await new Promise((r) => mudo.close(r));
    }
  });
});
