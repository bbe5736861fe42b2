// What a start does to the accounts: the demo data once (recorded in the database, not guessed
// from an e-mail), and a deployment's first administrador from ADMIN_EMAIL / ADMIN_PASSWORD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/seed.js';
import { cargaDatosDemo } from '../src/env.js';
import { crearPrimerAdministrador } from '../src/modules/usuarios/primer-administrador.js';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('is loaded only on the embedded database, unless SEED_DEMO says otherwise', () => {
    expect(cargaDatosDemo({ DATABASE_URL: undefined, SEED_DEMO: undefined })).toBe(true);
    expect(cargaDatosDemo({ DATABASE_URL: 'postgresql://db/minimarket', SEED_DEMO: undefined })).toBe(false);
    expect(cargaDatosDemo({ DATABASE_URL: 'postgresql://db/minimarket', SEED_DEMO: true })).toBe(true);
    expect(cargaDatosDemo({ DATABASE_URL: undefined, SEED_DEMO: false })).toBe(false);
  });

  it('is not loaded again after the demo admin changed its e-mail', async () => {
    await ctx.db.usuario.update({ where: { correo: DEMO.admin.correo }, data: { correo: 'camila.rojas@redalmacenes.cl' } });
    const usuarios = await ctx.db.usuario.count();
    expect(await seedDemo(ctx.db)).toEqual({ creado: false });
    expect(await ctx.db.usuario.count()).toBe(usuarios);
  });
});

describe('the demo stock', () => {
  it("adds up: each product's ledger (first count, then every sale of the history) ends at its stock, never below zero", async () => {
    const [f] = await ctx.db.$queryRaw<{ productos: number; descuadrados: number; negativos: number; ventas_sin_libro: number }[]>`
      SELECT (SELECT count(*) FROM producto)::int AS productos,
             (SELECT count(*) FROM producto p
              WHERE p.stock <> (SELECT coalesce(sum(m.cantidad), 0) FROM movimiento_stock m WHERE m.id_producto = p.id_producto))::int AS descuadrados,
             (SELECT count(*) FROM movimiento_stock WHERE stock_resultante < 0)::int AS negativos,
             (SELECT count(*) FROM detalle_venta d WHERE NOT EXISTS (
                SELECT 1 FROM movimiento_stock m WHERE m.id_venta = d.id_venta AND m.id_producto = d.id_producto))::int AS ventas_sin_libro`;
    expect(f!.productos).toBeGreaterThan(0);
    expect(f).toMatchObject({ descuadrados: 0, negativos: 0, ventas_sin_libro: 0 });
  });
});

describe('the demo notices', () => {
  it("happened when their sale did: a product's stock notice is dated at its last sale, and those of earlier days are read", async () => {
    const filas = await ctx.db.$queryRaw<{ fecha: Date; leida: boolean; ultima: Date | null; hoy: boolean }[]>`
      SELECT n.fecha, n.leida,
             (SELECT max(v.fecha_venta) FROM detalle_venta d JOIN venta v ON v.id_venta = d.id_venta
              WHERE d.id_producto = p.id_producto) AS ultima,
             (n.fecha AT TIME ZONE 'America/Santiago')::date = (now() AT TIME ZONE 'America/Santiago')::date AS hoy
      FROM notificacion n
      JOIN producto p ON p.id_minimarket = n.id_minimarket AND n.descripcion LIKE '%"' || p.nombre_producto || '"%'
      WHERE n.tipo IN ('agotado', 'stock_bajo')`;
    expect(filas.length).toBeGreaterThan(0);
    for (const f of filas) {
      if (f.ultima) expect(f.fecha.getTime()).toBe(f.ultima.getTime());
      expect(f.leida).toBe(!f.hoy);
    }
  });
});

describe('the first administrador of a deployment', () => {
  it('is not created while an administrador exists, and no password is touched', async () => {
    const antes = await ctx.db.usuario.findMany({ orderBy: { id_usuario: 'asc' } });
    expect(await crearPrimerAdministrador(ctx.db, { correo: 'otro@admin.cl', contrasena: 'OtraClave2026' })).toBe('ya_habia');
    expect(await ctx.db.usuario.findMany({ orderBy: { id_usuario: 'asc' } })).toEqual(antes);
  });

  it('is created when there is none, and signs in', async () => {
    await ctx.db.usuario.updateMany({ where: { rol: 'administrador' }, data: { rol: 'pyme' } });
    expect(await crearPrimerAdministrador(ctx.db, { correo: ' Jefa@Almacenes.CL ', contrasena: 'Primera2026' })).toBe('creado');
    const token = await ctx.login({ correo: 'jefa@almacenes.cl', password: 'Primera2026' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ correo: 'jefa@almacenes.cl', rol: 'administrador', estado: 'activo' });
  });

  it('refuses a weak password or a bad address, in Spanish', async () => {
    await expect(crearPrimerAdministrador(ctx.db, { correo: 'x@y.cl', contrasena: 'corta' })).rejects.toThrow(
      'ADMIN_PASSWORD no cumple la regla de contraseñas: La contraseña debe tener al menos 8 caracteres',
    );
    await expect(crearPrimerAdministrador(ctx.db, { correo: 'no-es-correo', contrasena: 'Primera2026' })).rejects.toThrow(
      'ADMIN_EMAIL no es un correo válido: Ingresa un correo electrónico válido.',
    );
  });
});
