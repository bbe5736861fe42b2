import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import { notificacionesListSchema } from '@minimarket/contracts/notificaciones';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORES } from '../respuestas.js';

const notificacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notificaciones } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/notificaciones',
    {
      schema: {
        tags: ['notificaciones'],
        operationId: 'listarNotificaciones',
        summary: 'Las notificaciones del usuario, la más reciente primero, con cuántas no ha leído',
        response: { 200: notificacionesListSchema, ...ERRORES },
      },
    },
    (request) => notificaciones.list(request.usuario),
  );

  app.post(
    '/notificaciones/:id/leer',
    {
      schema: {
        tags: ['notificaciones'],
        operationId: 'marcarNotificacionLeida',
        summary: 'Marca una notificación como leída',
        params: id64ParamsSchema,
        response: { 204: z.null(), ...ERRORES },
      },
    },
    async (request, reply) => {
      await notificaciones.marcarLeida(request.usuario, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notificaciones/leer-todas',
    {
      schema: {
        tags: ['notificaciones'],
        operationId: 'marcarNotificacionesLeidas',
        summary: 'Marca todas las notificaciones del usuario como leídas',
        response: { 204: z.null(), ...ERRORES },
      },
    },
    async (request, reply) => {
      await notificaciones.marcarTodas(request.usuario);
      return reply.code(204).send(null);
    },
  );
};

export default notificacionesRoutes;
