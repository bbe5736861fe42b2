import { tokenRequestSchema, tokenResponseSchema } from '@minimarket/contracts/auth';
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión (formulario: username = correo, password)',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 401: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const usuario = await app.services.auth.verificarCredenciales(request.body.username, request.body.password);
      const access_token = await app.issueToken(usuario);
      return { access_token, token_type: 'bearer' as const };
    },
  );
};

export default authRoutes;
