// A new pyme with a new, empty shop, made through the API as an administrador would: a shop
// whose every figure a test can work out by hand.
import type { TestContext } from './helpers.js';
import { DEMO } from './helpers.js';

export async function crearTestUsuario(ctx: TestContext, nombre: string) {
  const admin = await ctx.as(DEMO.admin);
  const correo = `${nombre}@fixture.cl`;
  const password = 'Segura123';
  const usuario = await admin.request({
    method: 'POST',
    url: '/api/users',
    payload: {
      nombre: `Dueña ${nombre}`,
      correo,
      empresa: `Almacén ${nombre}`,
      rol: 'pyme',
      contrasena: password,
      rut_usuario: '12.345.678-5',
      rut_empresa: '76.086.428-5',
      estado: 'activo',
    },
  });
  if (usuario.statusCode !== 201) throw new Error(`usuario: ${usuario.body}`);
  const tienda = await admin.request({
    method: 'POST',
    url: '/api/minimarkets/',
    payload: {
      nombre_minimarket: `Almacén ${nombre}`,
      direccion: 'Calle Uno 1',
      comuna: 'Maipú',
      rubro: 'Almacén',
      tamano: 'Pequeño',
      id_usuario: usuario.json().id_usuario,
    },
  });
  if (tienda.statusCode !== 201) throw new Error(`minimarket: ${tienda.body}`);
  return { idMinimarket: tienda.json().id_minimarket as number, cliente: await ctx.as({ correo, password }) };
}
