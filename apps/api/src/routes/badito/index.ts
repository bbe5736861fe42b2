import { baditoPreguntaSchema, baditoRespuestaSchema } from '@minimarket/contracts/badito';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rutasDe } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const RUTAS = rutasDe('badito', {
  preguntarBadito: {
    config: PARA_CAJEROS,
    summary: 'Badito responde en español una pregunta sobre la tienda con sus propios datos',
    body: baditoPreguntaSchema,
    response: { 200: baditoRespuestaSchema },
  },
});

const baditoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { badito } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/badito', RUTAS.preguntarBadito, (request) => badito.responder(request.usuario, request.body));
};

export default baditoRoutes;
