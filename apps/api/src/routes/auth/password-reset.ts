// Password recovery without a session: ask for a link, then set a new password with it.
// Both are throttled per client address, and asking per address asked for (modules/limites).
import { forgotPasswordSchema, resetPasswordSchema } from '@minimarket/contracts/auth';
import { errorSchema, mensajeSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { direccionCliente } from '../../lib/direccion-cliente.js';
import { MENSAJE_CONTRASENA_RESTABLECIDA, MENSAJE_SOLICITUD_RECIBIDA } from '../../modules/auth/restablecimiento.service.js';

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { restablecimiento, limites } = app.services;
  const { reglas } = limites;

  // Requests answered already may still be writing their link; let them finish first.
  app.addHook('onClose', () => restablecimiento.esperarPendientes());

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        operationId: 'pedirEnlaceRestablecimiento',
        summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
        security: [],
        body: forgotPasswordSchema,
        response: { 200: mensajeSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      // The body is validated by now: the address is trimmed and lower-cased.
      await limites.reservar([reglas.recuperacionCorreo, request.body.email], [reglas.recuperacionDireccion, direccionCliente(request.ip)]);
      restablecimiento.solicitar(request.body.email);
      return { message: MENSAJE_SOLICITUD_RECIBIDA };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        operationId: 'restablecerContrasena',
        summary: 'Fija una contraseña nueva con el token del enlace; cierra todas las sesiones',
        security: [],
        body: resetPasswordSchema,
        response: { 200: mensajeSchema, 400: errorSchema, 422: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await limites.reservar([reglas.restablecerDireccion, direccionCliente(request.ip)]);
      await restablecimiento.restablecer(request.body.token, request.body.new_password);
      return { message: MENSAJE_CONTRASENA_RESTABLECIDA };
    },
  );
};

export default passwordResetRoutes;
