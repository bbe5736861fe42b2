// GET /api/respaldos/ultimo: what the administrator's page shows, read from the backup folder;
// pyme users get 403. The app is built as server.ts builds it on the embedded database
// (baseEmbebida), over the test database, with a backup folder of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readEnv } from '../src/env.js';
import { localAUtc } from '../src/lib/tiempo.js';
import { listarRespaldos, nombreRespaldo, podarRespaldos } from '../src/modules/respaldos/carpeta.js';
import { createTestContext, DEMO, JWT_SECRET_PRUEBAS, type TestContext } from './helpers.js';

let ctx: TestContext;
let dir: string;
let embebida: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-respaldos-ruta-'));
  const env = readEnv({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: ctx.databaseUrl, RESPALDO_DIR: dir });
  embebida = await buildApp({ env, db: ctx.db, jwtSecret: JWT_SECRET_PRUEBAS, serveWeb: false, baseEmbebida: true });
  await embebida.ready();
});
afterAll(async () => {
  await embebida.close();
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const HORA = 60 * 60 * 1000;
const pedir = async (app: typeof embebida, cuenta: { correo: string; password: string }) =>
  app.inject({ method: 'GET', url: '/api/respaldos/ultimo', headers: { authorization: `Bearer ${await ctx.login(cuenta)}` } });

describe('GET /api/respaldos/ultimo', () => {
  it('no backups yet: enabled and late', async () => {
    const res = await pedir(embebida, DEMO.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ habilitado: true, ultimo: null, atrasado: true });
  });

  it('the newest file in the folder, its size, and late past two days', async () => {
    const viejo = new Date(Date.now() - 3 * 24 * HORA);
    fs.writeFileSync(path.join(dir, nombreRespaldo(viejo)), Buffer.alloc(1234));
    fs.writeFileSync(path.join(dir, 'otra-cosa.txt'), 'no es un respaldo');
    let res = await pedir(embebida, DEMO.admin);
    expect(res.json()).toEqual({
      habilitado: true,
      ultimo: { fecha: new Date(viejo.getTime()).toISOString(), bytes: 1234, archivo: nombreRespaldo(viejo) },
      atrasado: true,
    });

    const reciente = new Date(Date.now() - 2 * HORA);
    fs.writeFileSync(path.join(dir, nombreRespaldo(reciente)), Buffer.alloc(4321));
    res = await pedir(embebida, DEMO.admin);
    expect(res.json()).toEqual({
      habilitado: true,
      ultimo: { fecha: reciente.toISOString(), bytes: 4321, archivo: nombreRespaldo(reciente) },
      atrasado: false,
    });
  });

  it('a pyme gets 403, and no session 401', async () => {
    const res = await pedir(embebida, DEMO.pyme);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Solo un administrador puede realizar esta acción.');
    expect((await embebida.inject({ method: 'GET', url: '/api/respaldos/ultimo' })).statusCode).toBe(401);
  });

  it('with DATABASE_URL (no embedded database) the app takes none and says so', async () => {
    const res = await pedir(ctx.app, DEMO.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ habilitado: false, ultimo: null, atrasado: false });
  });
});

describe('podarRespaldos', () => {
  it('deletes from the folder what the retention does not keep, and nothing else', () => {
    const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-poda-'));
    try {
      // Noon, fixed: 24-hour steps never put two backups on one day across a clock change.
      const ahora = localAUtc(2026, 11, 26, 12).getTime();
      // 40 days of one backup a day, and a file that is not a backup.
      for (let i = 0; i < 40; i += 1) fs.writeFileSync(path.join(carpeta, nombreRespaldo(new Date(ahora - i * 24 * HORA))), 'x');
      fs.writeFileSync(path.join(carpeta, 'notas.txt'), 'mías');
      const borrados = podarRespaldos(carpeta);
      expect(listarRespaldos(carpeta)).toHaveLength(11);
      expect(borrados).toHaveLength(29);
      expect(fs.existsSync(path.join(carpeta, 'notas.txt'))).toBe(true);
    } finally {
      fs.rmSync(carpeta, { recursive: true, force: true });
    }
  });
});
