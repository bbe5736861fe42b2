// GET /api/salud: is this replica up and does it reach the database? For the reverse proxy's
// and the orchestrator's health checks; no session, nothing about the data.
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';

const saludRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/salud',
    {
      schema: {
        tags: ['salud'],
        operationId: 'obtenerSalud',
        summary: 'Estado de esta réplica: responde 200 si atiende y llega a la base de datos',
        security: [],
        // 400: a malformed request (a NUL in the query) is refused before anything is checked.
        response: { 200: z.object({ estado: z.literal('ok') }), 400: errorSchema, 503: errorSchema },
      },
    },
    async () => {
      try {
        await app.services.salud();
      } catch {
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'La base de datos no responde.');
      }
      return { estado: 'ok' as const };
    },
  );
};

export default saludRoutes;
