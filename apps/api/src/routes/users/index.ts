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
import { ERRORES } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

// Guards run onRequest, before the body is read or validated: a caller without the
// right does not learn what a valid request would look like.
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { usuarios } = app.services;
  app.addHook('onRequest', app.authenticate);

  // Anyone signed in: their own account.
  app.get(
    '/users/me',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['usuarios'],
        operationId: 'obtenerUsuarioActual',
        summary: 'El usuario de la sesión, con sus minimarkets',
        response: { 200: usuarioActualSchema, ...ERRORES },
      },
    },
    (request) => usuarios.me(request.usuario.id_usuario),
  );

  app.put(
    '/users/me',
    {
      schema: {
        tags: ['usuarios'],
        operationId: 'actualizarPerfil',
        summary: 'Actualiza el propio perfil (nombre, dirección, descripción)',
        body: perfilUpdateSchema,
        response: { 200: usuarioSchema, ...ERRORES },
      },
    },
    (request) => usuarios.updatePerfil(request.usuario.id_usuario, request.body),
  );

  app.post(
    '/users/me/password',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['usuarios'],
        operationId: 'cambiarContrasena',
        summary: 'Cambia la propia contraseña; las demás sesiones terminan y esta recibe un token nuevo',
        body: cambioContrasenaSchema,
        response: { 200: mensajeSchema.extend({ access_token: z.string() }), ...ERRORES },
      },
    },
    async (request) => {
      const desde = await usuarios.cambiarContrasena(request.usuario.id_usuario, request.body);
      const access_token = await app.issueToken({ ...request.usuario, sesiones_validas_desde: desde });
      return { message: 'Contraseña actualizada correctamente.', access_token };
    },
  );

  // Everything else under /users is for administrators.
  app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', app.requireAdmin);

    admin.get(
      '/users',
      {
        schema: {
          tags: ['usuarios'],
          operationId: 'listarUsuarios',
          summary: 'Lista de usuarios con búsqueda, filtros de rol y estado y páginas (solo administradores)',
          querystring: usuariosQuerySchema,
          response: { 200: usuariosListSchema, ...ERRORES },
        },
      },
      (request) => usuarios.list(request.query),
    );

    admin.get(
      '/users/stats',
      {
        schema: {
          tags: ['usuarios'],
          operationId: 'obtenerEstadisticaUsuarios',
          summary: 'Totales de usuarios por rol y estado, nuevos por mes y los últimos creados (solo administradores)',
          response: { 200: estadisticaUsuariosSchema, ...ERRORES },
        },
      },
      () => usuarios.stats(),
    );

    admin.get(
      '/users/:id',
      {
        schema: {
          tags: ['usuarios'],
          operationId: 'obtenerUsuario',
          summary: 'Un usuario por su id (solo administradores)',
          params: idParamsSchema,
          response: { 200: usuarioSchema, ...ERRORES },
        },
      },
      (request) => usuarios.get(request.params.id),
    );

    admin.post(
      '/users',
      {
        schema: {
          tags: ['usuarios'],
          operationId: 'crearUsuario',
          summary: 'Crea un usuario (solo administradores); queda activo',
          body: usuarioCreateSchema,
          response: { 201: usuarioSchema, ...ERRORES },
        },
      },
      async (request, reply) => reply.code(201).send(await usuarios.create(request.body)),
    );

    admin.put(
      '/users/:id',
      {
        schema: {
          tags: ['usuarios'],
          operationId: 'actualizarUsuario',
          summary: 'Edita un usuario (solo administradores); cambiar su contraseña, correo o rol, o desactivarlo, cierra sus sesiones',
          params: idParamsSchema,
          body: usuarioUpdateSchema,
          response: { 200: usuarioSchema, ...ERRORES },
        },
      },
      (request) => usuarios.update(request.usuario, request.params.id, request.body),
    );

    admin.delete(
      '/users/:id',
      {
        schema: {
          tags: ['usuarios'],
          operationId: 'eliminarUsuario',
          summary: 'Elimina un usuario sin minimarkets (solo administradores)',
          params: idParamsSchema,
          response: { 204: z.null(), ...ERRORES },
        },
      },
      async (request, reply) => {
        await usuarios.remove(request.usuario, request.params.id);
        return reply.code(204).send(null);
      },
    );

    admin.patch(
      '/users/:id/toggle-status',
      {
        schema: {
          tags: ['usuarios'],
          operationId: 'cambiarEstadoUsuario',
          summary: 'Activa o desactiva un usuario (solo administradores); desactivarlo cierra sus sesiones',
          params: idParamsSchema,
          response: { 200: usuarioSchema, ...ERRORES },
        },
      },
      (request) => usuarios.toggleStatus(request.usuario, request.params.id),
    );
  });
};

export default usersRoutes;
