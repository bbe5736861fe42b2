// The development inbox (no SMTP_URL): the app's mail lands in it and /dev/correos shows
// it, which is how a person, or a browser test, follows a reset link on a fresh machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readEnv } from '../src/env.js';
import { startDevInbox, type CorreoRecibido, type DevInbox } from '../src/modules/correo/dev-inbox.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let inbox: DevInbox;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startDevInbox({ port: 0 });
  // Built the way server.ts builds it when SMTP_URL is unset.
  const env = readEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: ctx.databaseUrl, PORT: '8000' });
  app = await buildApp({ env: { ...env, SMTP_URL: inbox.smtpUrl }, db: ctx.db, jwtSecret: 'x'.repeat(48), serveWeb: false, devInbox: inbox });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await inbox.close();
  await ctx.close();
});

async function esperarCorreos(para: string, cantidad: number): Promise<CorreoRecibido[]> {
  const hasta = Date.now() + 10_000;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/dev/correos.json?para=${encodeURIComponent(para)}` });
    expect(res.statusCode).toBe(200);
    const correos = res.json() as CorreoRecibido[];
    if (correos.length >= cantidad) return correos;
    if (Date.now() > hasta) throw new Error(`no llegaron ${cantidad} correos para ${para}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('development inbox', () => {
  it('receives the reset mail; its JSON gives the link, which resets the password', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: DEMO.pyme.correo } });
    const [correo] = await esperarCorreos(DEMO.pyme.correo, 1);
    expect(correo).toMatchObject({
      para: [DEMO.pyme.correo],
      asunto: 'Restablece tu contraseña de Minimarket',
      de: expect.stringContaining('no-responder@minimarket.local'),
    });
    const enlace = correo!.enlaces.find((e) => e.startsWith('http://localhost:8000/reset-password?token='));
    expect(enlace).toBeDefined();

    const token = new URL(enlace!).searchParams.get('token')!;
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: 'DesdeBandeja1' } });
    expect(res.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: new URLSearchParams({ username: DEMO.pyme.correo, password: 'DesdeBandeja1' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('shows the messages as a page, newest first, with the links clickable', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: DEMO.pyme2.correo } });
    const [ultimo] = await esperarCorreos(DEMO.pyme2.correo, 1);
    const res = await app.inject({ method: 'GET', url: '/dev/correos' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Bandeja de correo de desarrollo');
    const enlace = ultimo!.enlaces[0]!;
    expect(res.body).toContain(`<a href="${enlace}">${enlace}</a>`);
    // Newest first: pyme2's message comes before pyme's.
    expect(res.body.indexOf(DEMO.pyme2.correo)).toBeLessThan(res.body.indexOf(DEMO.pyme.correo));

    const html = await app.inject({ method: 'GET', url: `/dev/correos/${ultimo!.id}/html` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toBe('sandbox');
    expect(html.body).toContain(`href="${enlace}"`);
  });

  it('is for this machine only', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/correos', remoteAddress: '192.168.1.20' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('DEV_INBOX_LOCAL_ONLY');
  });

  it('does not exist when the app sends through SMTP_URL', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/correos' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps at most the last 50 messages', async () => {
    const otro = await startDevInbox({ port: 0 });
    const nodemailer = (await import('nodemailer')).default;
    const transport = nodemailer.createTransport({ url: otro.smtpUrl, pool: true });
    try {
      for (let i = 1; i <= 52; i++) await transport.sendMail({ from: 'a@b.cl', to: 'c@d.cl', subject: `n.º ${i}`, text: 'hola' });
      const lista = otro.listar();
      expect(lista).toHaveLength(50);
      expect(lista[0]!.asunto).toBe('n.º 52');
      expect(lista.at(-1)!.asunto).toBe('n.º 3');
    } finally {
      transport.close();
      await otro.close();
    }
  });

  it('takes a free port when the configured one is busy, if asked to', async () => {
    await expect(startDevInbox({ port: inbox.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    const segundo = await startDevInbox({ port: inbox.port, fallbackToFreePort: true });
    expect(segundo.port).not.toBe(inbox.port);
    await segundo.close();
  });
});
