import {
  ajusteStockCreateSchema,
  ajusteStockResultadoSchema,
  ajusteStockSchema,
  ajustesStockQuerySchema,
  informeAjustesQuerySchema,
  informeAjustesSchema,
} from '@minimarket/contracts/ajustes-stock';
import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORES, TOTAL_HEADER } from '../respuestas.js';

const ajustesStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ajustesStock } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/productos/:id/ajustes',
    {
      schema: {
        tags: ['productos'],
        operationId: 'ajustarStock',
        summary:
          'Ajuste de stock con motivo (conteo, merma, vencido, robo, consumo interno): deja el stock en lo contado o suma/descuenta unidades; queda en el libro de stock',
        params: id64ParamsSchema,
        body: ajusteStockCreateSchema,
        response: { 201: ajusteStockResultadoSchema, ...ERRORES },
      },
    },
    async (request, reply) => reply.code(201).send(await ajustesStock.ajustar(request.usuario, request.params.id, request.body)),
  );

  app.get(
    '/ajustes-stock',
    {
      schema: {
        tags: ['productos'],
        operationId: 'listarAjustesStock',
        summary: 'Ajustes de stock de la tienda, del más nuevo al más antiguo (filtros: mes, motivo, producto); total en x-total-count',
        querystring: ajustesStockQuerySchema,
        response: { 200: z.array(ajusteStockSchema), ...ERRORES },
      },
    },
    async (request, reply) => {
      const { items, total } = await ajustesStock.listar(request.usuario, request.query);
      return reply.header(TOTAL_HEADER, total).send(items);
    },
  );

  app.get(
    '/ajustes-stock/informe',
    {
      schema: {
        tags: ['productos'],
        operationId: 'informeAjustesStock',
        summary: 'Ajustes por mes y motivo: unidades y su valor al costo unitario de cada ajuste (pesos)',
        querystring: informeAjustesQuerySchema,
        response: { 200: informeAjustesSchema, ...ERRORES },
      },
    },
    (request) => ajustesStock.informe(request.usuario, request.query),
  );
};

export default ajustesStockRoutes;
