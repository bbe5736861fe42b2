import { auditoriaListSchema, auditoriaQuerySchema } from '@minimarket/contracts/auditoria';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rutasDe } from '../respuestas.js';

const RUTAS = rutasDe('auditoria', {
  listarAuditoria: {
    summary:
      'La auditoría de una tienda, la más reciente primero: acciones autorizadas con el PIN del dueño, PIN rechazados, cambios de precio, de stock y de cajeros (dueño o administrador)',
    querystring: auditoriaQuerySchema,
    response: { 200: auditoriaListSchema },
  },
});

const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auditoria } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/auditoria', RUTAS.listarAuditoria, (request) => auditoria.listar(request.usuario, request.query));
};

export default auditoriaRoutes;
