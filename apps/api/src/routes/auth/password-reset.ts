// Password recovery without a session: ask for a link, then set a new password with it.
import { forgotPasswordSchema, resetPasswordSchema } from '@minimarket/contracts/auth';
import { errorSchema, mensajeSchema } from '@minimarket/contracts/comunes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MENSAJE_CONTRASENA_RESTABLECIDA,
  MENSAJE_SOLICITUD_RECIBIDA,
} from '../../modules/auth/restablecimiento.service.js';
import { demasiadosIntentos } from '../../plugins/external/rate-limit.js';

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { restablecimiento, limitesAcceso } = app.services;
  const porIp = { max: limitesAcceso.recuperacionMaxPorIp, timeWindow: limitesAcceso.ventanaMs };
  const solicitudesPorCorreo = app.createRateLimit({
    max: limitesAcceso.recuperacionMaxPorCorreo,
    timeWindow: limitesAcceso.ventanaMs,
    // The body is validated by now: the address is trimmed and lower-cased.
    keyGenerator: (request) => (request.body as { email: string }).email,
  });

  // Requests answered already may still be writing their link; let them finish first.
  app.addHook('onClose', () => restablecimiento.esperarPendientes());

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: porIp },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const limite = await solicitudesPorCorreo(request);
        if (!limite.isAllowed && limite.isExceeded) {
          reply.header('retry-after', limite.ttlInSeconds);
          throw demasiadosIntentos(limite.ttl);
        }
      },
      schema: {
        tags: ['auth'],
        summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
        security: [],
        body: forgotPasswordSchema,
        response: { 200: mensajeSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      restablecimiento.solicitar(request.body.email);
      return { message: MENSAJE_SOLICITUD_RECIBIDA };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: porIp },
      schema: {
        tags: ['auth'],
        summary: 'Fija una contraseña nueva con el token del enlace; cierra todas las sesiones',
        security: [],
        body: resetPasswordSchema,
        response: { 200: mensajeSchema, 400: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await restablecimiento.restablecer(request.body.token, request.body.new_password);
      return { message: MENSAJE_CONTRASENA_RESTABLECIDA };
    },
  );
};

export default passwordResetRoutes;
