// The development inbox (embedded default, no SMTP_URL): the app's mail lands in it and its
// own loopback listener shows it at /dev/correos, which is how a person, or a browser test,
// follows a reset link on a fresh machine. Nobody reaches it through the app or a tunnel.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readEnv, usaBandejaDeDesarrollo } from '../src/env.js';
import { startDevInbox, type CorreoRecibido, type DevInbox } from '../src/modules/correo/dev-inbox.js';
import { startDevInboxWeb, type DevInboxWeb } from '../src/modules/correo/dev-inbox-web.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
let inbox: DevInbox;
let web: DevInboxWeb;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startDevInbox({ port: 0 });
  web = await startDevInboxWeb({ inbox, port: 0 });
  // Built the way server.ts builds it when the inbox runs.
  const env = readEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: ctx.databaseUrl, PORT: '8000' });
  app = await buildApp({ env: { ...env, SMTP_URL: inbox.smtpUrl }, db: ctx.db, jwtSecret: 'x'.repeat(48), serveWeb: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await web.close();
  await inbox.close();
  await ctx.close();
});

/** GET on the inbox's own listener, as a browser on this machine would. */
const verBandeja = (ruta: string) => fetch(`http://127.0.0.1:${web.port}${ruta}`);

async function esperarCorreos(para: string, cantidad: number): Promise<CorreoRecibido[]> {
  const hasta = Date.now() + 10_000;
  for (;;) {
    const res = await verBandeja(`/dev/correos.json?para=${encodeURIComponent(para)}`);
    expect(res.status).toBe(200);
    const correos = (await res.json()) as CorreoRecibido[];
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
    const res = await verBandeja('/dev/correos');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const pagina = await res.text();
    expect(pagina).toContain('Bandeja de correo de desarrollo');
    const enlace = ultimo!.enlaces[0]!;
    expect(pagina).toContain(`<a href="${enlace}">${enlace}</a>`);
    // Newest first: pyme2's message comes before pyme's.
    expect(pagina.indexOf(DEMO.pyme2.correo)).toBeLessThan(pagina.indexOf(DEMO.pyme.correo));

    const html = await verBandeja(`/dev/correos/${ultimo!.id}/html`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-security-policy')).toBe('sandbox');
    expect(await html.text()).toContain(`href="${enlace}"`);
  });

  it('is not on the app: /dev/correos there is a 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/correos' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/correos.json' })).statusCode).toBe(404);
  });

  it("is unreachable through a forwarded connection (a tunnel or a proxy that keeps the visitor's Host)", async () => {
    // What ngrok, cloudflared or an nginx with `proxy_set_header Host $host` do: every visitor
    // arrives from 127.0.0.1, with the public name in Host.
    const tunel = http.createServer((req, res) => {
      const salida = http.request(
        {
          host: '127.0.0.1',
          port: web.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: 'minimarket.ejemplo.cl' },
        },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      req.pipe(salida);
    });
    await new Promise<void>((r) => tunel.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(tunel.address() as AddressInfo).port}/dev/correos.json`);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        detail: 'La bandeja de correo de desarrollo solo se puede abrir desde este mismo equipo.',
        code: 'DEV_INBOX_LOCAL_ONLY',
      });
    } finally {
      tunel.close();
    }
    // A page that rebinds its own name to 127.0.0.1 (DNS rebinding) names itself in Host too.
    const estado = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: web.port, path: '/dev/correos', headers: { host: `atacante.ejemplo:${web.port}` } }, (r) => {
          r.resume();
          resolve(r.statusCode);
        })
        .on('error', reject);
    });
    expect(estado).toBe(403);
  });

  it('runs only on the embedded default, with no SMTP_URL, outside production', () => {
    const base = { DATABASE_URL: undefined, SMTP_URL: undefined, NODE_ENV: 'development' as const };
    expect(usaBandejaDeDesarrollo(base)).toBe(true);
    expect(usaBandejaDeDesarrollo({ ...base, NODE_ENV: 'production' })).toBe(false);
    expect(usaBandejaDeDesarrollo({ ...base, DATABASE_URL: 'postgresql://db/minimarket' })).toBe(false);
    expect(usaBandejaDeDesarrollo({ ...base, SMTP_URL: 'smtp://mail:25' })).toBe(false);
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
