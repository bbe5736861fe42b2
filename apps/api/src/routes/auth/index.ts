import { tokenRequestSchema, tokenResponseSchema } from '@minimarket/contracts/auth';
import { pinIngresoSchema, pinPropioSchema, pinTokenSchema } from '@minimarket/contracts/cajeros';
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { direccionCliente } from '../../lib/direccion-cliente.js';
import { PARA_CAJEROS, SOLO_DUENOS } from '../../plugins/app/auth.js';
import { ERRORES, sinContenido } from '../respuestas.js';
import passwordResetRoutes from './password-reset.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, cajeros, pines } = app.services;

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

  // The shared till (docs/cajeros.md): who sells now, by PIN, without a full login. The bearer of
  // anyone of the shop asks; the answer is a session of the person whose PIN it is.
  app.post(
    '/auth/pin',
    {
      onRequest: app.authenticate,
      config: { roles: ['pyme', 'cajero'] },
      schema: {
        tags: ['auth'],
        operationId: 'ingresarConPin',
        summary:
          'Cambia quién vende en la caja compartida: con la sesión de alguien de la tienda y un PIN, responde la sesión de la persona de ese PIN; PIN errado → 401; muchos → 429',
        body: pinIngresoSchema,
        response: { 200: pinTokenSchema, ...ERRORES, 429: errorSchema },
      },
    },
    async (request) => {
      const persona = await pines.ingresar(request.usuario, request.body.id_minimarket, request.body.pin);
      const access_token = await app.issueToken(persona);
      return {
        access_token,
        token_type: 'bearer' as const,
        usuario: { id_usuario: persona.id_usuario, nombre: persona.nombre, rol: persona.rol as 'pyme' | 'cajero' },
      };
    },
  );

  app.put(
    '/auth/pin',
    {
      onRequest: app.authenticate,
      config: SOLO_DUENOS,
      schema: {
        tags: ['auth'],
        operationId: 'fijarPinPropio',
        summary: 'El dueño fija su propio PIN (el mismo en cada tienda suya), confirmado con su contraseña',
        body: pinPropioSchema,
        response: { 204: z.null(), ...ERRORES, 429: errorSchema },
      },
    },
    (request, reply) => sinContenido(reply, cajeros.fijarPinPropio(request.usuario, request.body.pin, request.body.contrasena)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      config: PARA_CAJEROS,
      schema: {
        tags: ['auth'],
        operationId: 'cerrarSesion',
        summary: 'Cierra esta sesión: su token deja de servir; las sesiones de otros equipos siguen abiertas',
        response: { 204: z.null(), 401: errorSchema },
      },
    },
    (request, reply) => sinContenido(reply, auth.cerrarSesion(request.sesion)),
  );

  await app.register(passwordResetRoutes);
};

export default authRoutes;
