import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let seq = 0;
const nuevoUsuario = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    nombre: `María González ${seq}`,
    correo: `maria${seq}@almacen.cl`,
    empresa: 'Almacén María',
    rol: 'pyme',
    contrasena: 'Segura123',
    rut_usuario: '12.345.678-5',
    rut_empresa: '76.086.428-5',
    direccion: 'Los Aromos 123, Maipú',
    estado: 'activo',
    ...extra,
  };
};

describe('/api/users as administrador', () => {
  it('creates a user active, with normalised RUTs, who can then log in', async () => {
    const admin = await ctx.as(DEMO.admin);
    const datos = nuevoUsuario({ correo: 'Nueva.Duena@Almacen.CL' });
    const res = await admin.request({ method: 'POST', url: '/api/users', payload: datos });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      correo: 'nueva.duena@almacen.cl',
      rut_usuario: '12345678-5',
      rut_empresa: '76086428-5',
      estado: 'activo',
      descripcion: null,
    });
    expect(res.json()).not.toHaveProperty('contrasena');
    expect(await ctx.login({ correo: 'nueva.duena@almacen.cl', password: 'Segura123' })).toEqual(expect.any(String));
  });

  it('refuses a bad RUT, a weak password and a taken e-mail, storing nothing', async () => {
    const admin = await ctx.as(DEMO.admin);
    const antes = await ctx.db.usuario.count();
    const rut = await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario({ rut_usuario: '12.345.678-9' }) });
    expect(rut.statusCode).toBe(422);
    expect(rut.json().detail).toBe('El RUT del usuario no es válido (revisa el dígito verificador).');
    const clave = await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario({ contrasena: 'sinmayuscula1' }) });
    expect(clave.json().detail).toBe('La contraseña debe incluir una letra mayúscula y un número');
    const correo = await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario({ correo: 'pyme@demo.cl' }) });
    expect(correo.statusCode).toBe(409);
    expect(correo.json().detail).toBe('Ya existe un usuario con este correo.');
    const rol = await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario({ rol: 'jefe' }) });
    expect(rol.json().detail).toBe('El rol debe ser administrador o pyme.');
    expect(await ctx.db.usuario.count()).toBe(antes);
  });

  it('pages, searches by name, e-mail, company or role, and filters by rol and estado', async () => {
    const admin = await ctx.as(DEMO.admin);
    for (let i = 0; i < 12; i++) {
      await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario({ empresa: 'Distribuidora Paginada' }) });
    }
    const p1 = await admin.request({ method: 'GET', url: '/api/users?page=1&size=10&search=paginada' });
    const p2 = await admin.request({ method: 'GET', url: '/api/users?page=2&size=10&search=paginada' });
    expect(p1.json().total).toBe(12);
    expect(p1.json().users).toHaveLength(10);
    expect(p2.json().users).toHaveLength(2);
    const ids = [...p1.json().users, ...p2.json().users].map((u: { id_usuario: number }) => u.id_usuario);
    expect(new Set(ids).size).toBe(12);

    const porCorreo = await admin.request({ method: 'GET', url: '/api/users?search=PYME2@demo' });
    expect(porCorreo.json().users.map((u: { correo: string }) => u.correo)).toEqual(['pyme2@demo.cl']);
    const admins = await admin.request({ method: 'GET', url: '/api/users?rol=administrador' });
    expect(admins.json().users.every((u: { rol: string }) => u.rol === 'administrador')).toBe(true);
    const nadie = await admin.request({ method: 'GET', url: '/api/users?search=zzzz-no-existe' });
    expect(nadie.json()).toEqual({ users: [], total: 0 });
  });

  it('searches ignoring accents and case: "jose perez" finds José Pérez Soto, "MUÑOZ" and "munoz" find María Inés', async () => {
    const admin = await ctx.as(DEMO.admin);
    const nombres = async (search: string) =>
      (await admin.request({ method: 'GET', url: `/api/users?search=${encodeURIComponent(search)}` }))
        .json()
        .users.map((u: { nombre: string }) => u.nombre);
    expect(await nombres('jose perez')).toEqual(['José Pérez Soto']);
    expect(await nombres('MUÑOZ')).toEqual(['María Inés Contreras Muñoz']);
    expect(await nombres('munoz')).toEqual(['María Inés Contreras Muñoz']);
    // LIKE's wildcards are plain characters here.
    expect(await nombres('%')).toEqual([]);
  });

  it('edits a user; the RUTs stay read-only; a new password ends their sessions', async () => {
    const admin = await ctx.as(DEMO.admin);
    const creado = (await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario() })).json();
    const suSesion = await ctx.login({ correo: creado.correo, password: 'Segura123' });
    const res = await admin.request({
      method: 'PUT',
      url: `/api/users/${creado.id_usuario}`,
      payload: { nombre: 'María José González', rut_usuario: '11.111.111-1', contrasena: 'OtraClave99' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nombre: 'María José González', rut_usuario: '12345678-5' });
    const conVieja = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${suSesion}` } });
    expect(conVieja.statusCode).toBe(401);
    expect(await ctx.login({ correo: creado.correo, password: 'OtraClave99' })).toEqual(expect.any(String));
  });

  it('toggles estado, and an inactive user cannot log in', async () => {
    const admin = await ctx.as(DEMO.admin);
    const creado = (await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario() })).json();
    const off = await admin.request({ method: 'PATCH', url: `/api/users/${creado.id_usuario}/toggle-status` });
    expect(off.json().estado).toBe('inactivo');
    await expect(ctx.login({ correo: creado.correo, password: 'Segura123' })).rejects.toThrow(/401/);
    const on = await admin.request({ method: 'PATCH', url: `/api/users/${creado.id_usuario}/toggle-status` });
    expect(on.json().estado).toBe('activo');
  });

  it('deletes a user without shops; refuses one who owns a shop; 404 for a missing one', async () => {
    const admin = await ctx.as(DEMO.admin);
    const creado = (await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario() })).json();
    expect((await admin.request({ method: 'DELETE', url: `/api/users/${creado.id_usuario}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'GET', url: `/api/users/${creado.id_usuario}` })).statusCode).toBe(404);

    const duena = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const res = await admin.request({ method: 'DELETE', url: `/api/users/${duena.id_usuario}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USER_HAS_MINIMARKETS');
    expect(await ctx.db.usuario.count({ where: { id_usuario: duena.id_usuario } })).toBe(1);
  });

  it('an administrador cannot delete or deactivate themself, nor remove the last active administrador', async () => {
    const admin = await ctx.as(DEMO.admin);
    const yo = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.admin.correo } });
    const borrar = await admin.request({ method: 'DELETE', url: `/api/users/${yo.id_usuario}` });
    expect(borrar.statusCode).toBe(409);
    expect(borrar.json().detail).toBe('No puede eliminar su propia cuenta.');
    const desactivar = await admin.request({ method: 'PUT', url: `/api/users/${yo.id_usuario}`, payload: { estado: 'inactivo' } });
    expect(desactivar.json().detail).toBe('No puede desactivar su propia cuenta.');

    // Two administradores deactivating each other at the same moment: one after the other, and
    // the second would leave no active administrador, so it is refused. One stays active.
    const otro = (await admin.request({ method: 'POST', url: '/api/users', payload: nuevoUsuario({ rol: 'administrador' }) })).json();
    const otroAdmin = await ctx.as({ correo: otro.correo, password: 'Segura123' });
    const respuestas = await Promise.all([
      admin.request({ method: 'PATCH', url: `/api/users/${otro.id_usuario}/toggle-status` }),
      otroAdmin.request({ method: 'PATCH', url: `/api/users/${yo.id_usuario}/toggle-status` }),
    ]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rechazo = respuestas.find((r) => r.statusCode === 409)!;
    expect(rechazo.json()).toEqual({ detail: 'Debe quedar al menos un administrador activo.', code: 'LAST_ADMIN' });
    expect(await ctx.db.usuario.count({ where: { rol: 'administrador', estado: 'activo' } })).toBe(1);
    // Back as it was: both active.
    await ctx.db.usuario.updateMany({ where: { id_usuario: { in: [yo.id_usuario, otro.id_usuario] } }, data: { estado: 'activo' } });
  });

  it('counts users for the statistics screen from the real table', async () => {
    const admin = await ctx.as(DEMO.admin);
    const res = await admin.request({ method: 'GET', url: '/api/users/stats' });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.total).toBe(await ctx.db.usuario.count());
    expect(stats.por_rol.administrador + stats.por_rol.pyme).toBe(stats.total);
    expect(stats.por_estado.activo).toBe(await ctx.db.usuario.count({ where: { estado: 'activo' } }));
    expect(stats.nuevos_por_mes).toHaveLength(12);
    expect(stats.nuevos_por_mes.at(-1).cantidad).toBeGreaterThan(0);
    expect(stats.ultimos.length).toBeGreaterThan(0);
  });
});

describe('/api/users/me for anyone', () => {
  it('edits their own name but not their role', async () => {
    const pyme = await ctx.as(DEMO.pyme2);
    const res = await pyme.request({ method: 'PUT', url: '/api/users/me', payload: { nombre: 'Rosa Muñoz', rol: 'administrador' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nombre: 'Rosa Muñoz', rol: 'pyme' });
  });
});
