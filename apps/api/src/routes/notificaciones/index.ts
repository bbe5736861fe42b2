import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import { notificacionesListSchema } from '@minimarket/contracts/notificaciones';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rutasDe, sinContenido } from '../respuestas.js';

const RUTAS = rutasDe('notificaciones', {
  listarNotificaciones: {
    summary: 'Las notificaciones del usuario, la más reciente primero, con cuántas no ha leído',
    response: { 200: notificacionesListSchema },
  },
  marcarNotificacionLeida: {
    summary: 'Marca una notificación como leída',
    params: id64ParamsSchema,
    response: { 204: z.null() },
  },
  marcarNotificacionesLeidas: {
    summary: 'Marca todas las notificaciones del usuario como leídas',
    response: { 204: z.null() },
  },
});

const notificacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notificaciones } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/notificaciones', RUTAS.listarNotificaciones, (request) => notificaciones.list(request.usuario));
  app.post('/notificaciones/:id/leer', RUTAS.marcarNotificacionLeida, (request, reply) =>
    sinContenido(reply, notificaciones.marcarLeida(request.usuario, request.params.id)),
  );
  app.post('/notificaciones/leer-todas', RUTAS.marcarNotificacionesLeidas, (request, reply) =>
    sinContenido(reply, notificaciones.marcarTodas(request.usuario)),
  );
};

export default notificacionesRoutes;
