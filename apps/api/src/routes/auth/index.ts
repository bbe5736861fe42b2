import { tokenRequestSchema, tokenResponseSchema } from '@minimarket/contracts/auth';
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { direccionCliente } from '../../lib/direccion-cliente.js';
import passwordResetRoutes from './password-reset.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;

  app.post(
    '/auth/token',
    {
      schema: {
        tags: ['auth'],
        operationId: 'iniciarSesion',
        summary: 'Inicia sesión (formulario: username = correo, password)',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 401: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const usuario = await auth.iniciarSesion(request.body.username, request.body.password, direccionCliente(request.ip));
      const access_token = await app.issueToken(usuario);
      return { access_token, token_type: 'bearer' as const };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        operationId: 'cerrarSesion',
        summary: 'Cierra esta sesión: su token deja de servir; las sesiones de otros equipos siguen abiertas',
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await auth.cerrarSesion(request.sesion);
      return reply.code(204).send(null);
    },
  );

  await app.register(passwordResetRoutes);
};

export default authRoutes;
