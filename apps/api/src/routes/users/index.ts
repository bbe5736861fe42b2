import { idParamsSchema, mensajeSchema } from '@minimarket/contracts/comunes';
import {
  cambioContrasenaSchema,
  estadisticaUsuariosSchema,
  perfilUpdateSchema,
  usuarioActualSchema,
  usuarioCreateSchema,
  usuariosListSchema,
  usuariosQuerySchema,
  usuarioSchema,
  usuarioUpdateSchema,
} from '@minimarket/contracts/usuarios';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rutasDe, sinContenido } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const RUTAS = rutasDe('usuarios', {
  obtenerUsuarioActual: {
    config: PARA_CAJEROS,
    summary: 'El usuario de la sesión, con sus minimarkets',
    response: { 200: usuarioActualSchema },
  },
  actualizarPerfil: {
    summary: 'Actualiza el propio perfil (nombre, dirección, descripción)',
    body: perfilUpdateSchema,
    response: { 200: usuarioSchema },
  },
  cambiarContrasena: {
    config: PARA_CAJEROS,
    summary: 'Cambia la propia contraseña; las demás sesiones terminan y esta recibe un token nuevo',
    body: cambioContrasenaSchema,
    response: { 200: mensajeSchema.extend({ access_token: z.string() }) },
  },
  listarUsuarios: {
    summary: 'Lista de usuarios con búsqueda, filtros de rol y estado y páginas (solo administradores)',
    querystring: usuariosQuerySchema,
    response: { 200: usuariosListSchema },
  },
  obtenerEstadisticaUsuarios: {
    summary: 'Totales de usuarios por rol y estado, nuevos por mes y los últimos creados (solo administradores)',
    response: { 200: estadisticaUsuariosSchema },
  },
  obtenerUsuario: {
    summary: 'Un usuario por su id (solo administradores)',
    params: idParamsSchema,
    response: { 200: usuarioSchema },
  },
  crearUsuario: {
    summary: 'Crea un usuario (solo administradores); queda activo',
    body: usuarioCreateSchema,
    response: { 201: usuarioSchema },
  },
  actualizarUsuario: {
    summary: 'Edita un usuario (solo administradores); cambiar su contraseña, correo o rol, o desactivarlo, cierra sus sesiones',
    params: idParamsSchema,
    body: usuarioUpdateSchema,
    response: { 200: usuarioSchema },
  },
  eliminarUsuario: {
    summary: 'Elimina un usuario sin minimarkets (solo administradores)',
    params: idParamsSchema,
    response: { 204: z.null() },
  },
  cambiarEstadoUsuario: {
    summary: 'Activa o desactiva un usuario (solo administradores); desactivarlo cierra sus sesiones',
    params: idParamsSchema,
    response: { 200: usuarioSchema },
  },
});

// Guards run onRequest, before the body is read or validated: a caller without the
// right does not learn what a valid request would look like.
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { usuarios } = app.services;
  app.addHook('onRequest', app.authenticate);

  // Anyone signed in: their own account.
  app.get('/users/me', RUTAS.obtenerUsuarioActual, (request) => usuarios.me(request.usuario.id_usuario));
  app.put('/users/me', RUTAS.actualizarPerfil, (request) => usuarios.updatePerfil(request.usuario.id_usuario, request.body));
  app.post('/users/me/password', RUTAS.cambiarContrasena, async (request) => {
    const desde = await usuarios.cambiarContrasena(request.usuario.id_usuario, request.body);
    const access_token = await app.issueToken({ ...request.usuario, sesiones_validas_desde: desde });
    return { message: 'Contraseña actualizada correctamente.', access_token };
  });

  // Everything else under /users is for administrators.
  app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', app.requireAdmin);

    admin.get('/users', RUTAS.listarUsuarios, (request) => usuarios.list(request.query));
    admin.get('/users/stats', RUTAS.obtenerEstadisticaUsuarios, () => usuarios.stats());
    admin.get('/users/:id', RUTAS.obtenerUsuario, (request) => usuarios.get(request.params.id));
    admin.post('/users', RUTAS.crearUsuario, async (request, reply) => reply.code(201).send(await usuarios.create(request.body)));
    admin.put('/users/:id', RUTAS.actualizarUsuario, (request) => usuarios.update(request.usuario, request.params.id, request.body));
    admin.delete('/users/:id', RUTAS.eliminarUsuario, (request, reply) =>
      sinContenido(reply, usuarios.remove(request.usuario, request.params.id)),
    );
    admin.patch('/users/:id/toggle-status', RUTAS.cambiarEstadoUsuario, (request) =>
      usuarios.toggleStatus(request.usuario, request.params.id),
    );
  });
};

export default usersRoutes;
