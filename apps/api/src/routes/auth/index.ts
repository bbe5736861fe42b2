import { tokenRequestSchema, tokenResponseSchema } from '@minimarket/contracts/auth';
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { createLimiteLogin } from './limite-login.js';
import passwordResetRoutes from './password-reset.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limiteLogin = createLimiteLogin(app);

  app.post(
    '/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión (formulario: username = correo, password)',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, 401: errorSchema, 422: errorSchema, 429: errorSchema },
      },
      preHandler: limiteLogin.comprobar,
    },
    async (request) => {
      let usuario;
      try {
        usuario = await app.services.auth.verificarCredenciales(request.body.username, request.body.password);
      } catch (err) {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') await limiteLogin.registrarFallo(request);
        throw err;
      }
      limiteLogin.registrarExito(request);
      const access_token = await app.issueToken(usuario);
      return { access_token, token_type: 'bearer' as const };
    },
  );

  await app.register(passwordResetRoutes);
};

export default authRoutes;
