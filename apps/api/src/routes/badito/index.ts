import { baditoPreguntaSchema, baditoRespuestaSchema } from '@minimarket/contracts/badito';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORES } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const baditoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { badito } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/badito',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['badito'],
        operationId: 'preguntarBadito',
        summary: 'Badito responde en español una pregunta sobre la tienda con sus propios datos',
        body: baditoPreguntaSchema,
        response: { 200: baditoRespuestaSchema, ...ERRORES },
      },
    },
    (request) => badito.responder(request.usuario, request.body),
  );
};

export default baditoRoutes;
