// GET /api/respaldos/ultimo: the embedded database's last backup, for the administrator's page.
import { ultimoRespaldoSchema } from '@minimarket/contracts/respaldos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rutasDe } from '../respuestas.js';

const RUTAS = rutasDe('respaldos', {
  obtenerUltimoRespaldo: {
    summary: 'El último respaldo de la base embebida (fecha, tamaño) y si está atrasado (solo administradores)',
    response: { 200: ultimoRespaldoSchema },
  },
});

const respaldosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { respaldos } = app.services;
  // Guards run onRequest: a pyme learns nothing of the server's folders.
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireAdmin);

  app.get('/respaldos/ultimo', RUTAS.obtenerUltimoRespaldo, () => respaldos.ultimo());
};

export default respaldosRoutes;
