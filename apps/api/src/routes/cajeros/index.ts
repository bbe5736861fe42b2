import { idParamsSchema } from '@minimarket/contracts/comunes';
import { cajeroCreateSchema, cajeroParamsSchema, cajeroSchema, cajerosListSchema, cajeroUpdateSchema } from '@minimarket/contracts/cajeros';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rutasDe, sinContenido } from '../respuestas.js';

// A shop's cashiers: its owner, or an administrador for any shop (docs/cajeros.md).
const RUTAS = rutasDe('cajeros', {
  listarCajeros: {
    summary: 'Los cajeros de un minimarket, los activos primero',
    params: idParamsSchema,
    response: { 200: cajerosListSchema },
  },
  crearCajero: {
    summary: 'Crea un cajero con su PIN (4 a 6 dígitos, único en la tienda) y, si se indican, correo y contraseña',
    params: idParamsSchema,
    body: cajeroCreateSchema,
    response: { 201: cajeroSchema },
  },
  actualizarCajero: {
    summary: 'Cambia el nombre, el PIN, el correo o la contraseña de un cajero, o lo desactiva (sus sesiones terminan al instante)',
    params: cajeroParamsSchema,
    body: cajeroUpdateSchema,
    response: { 200: cajeroSchema },
  },
  eliminarCajero: {
    summary: 'Elimina un cajero que nunca vendió ni movió caja o stock; si no, 409 (desactívelo)',
    params: cajeroParamsSchema,
    response: { 204: z.null() },
  },
});

const cajerosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cajeros } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/minimarkets/:id/cajeros', RUTAS.listarCajeros, (request) => cajeros.listar(request.usuario, request.params.id));
  app.post('/minimarkets/:id/cajeros', RUTAS.crearCajero, async (request, reply) =>
    reply.code(201).send(await cajeros.crear(request.usuario, request.params.id, request.body)),
  );
  app.patch('/minimarkets/:id/cajeros/:id_usuario', RUTAS.actualizarCajero, (request) =>
    cajeros.actualizar(request.usuario, request.params.id, request.params.id_usuario, request.body),
  );
  app.delete('/minimarkets/:id/cajeros/:id_usuario', RUTAS.eliminarCajero, (request, reply) =>
    sinContenido(reply, cajeros.eliminar(request.usuario, request.params.id, request.params.id_usuario)),
  );
};

export default cajerosRoutes;
