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
import { pagina, rutasDe } from '../respuestas.js';

const RUTAS = rutasDe('productos', {
  ajustarStock: {
    summary:
      'Ajuste de stock con motivo (conteo, merma, vencido, robo, consumo interno): deja el stock en lo contado o suma/descuenta unidades; queda en el libro de stock',
    params: id64ParamsSchema,
    body: ajusteStockCreateSchema,
    response: { 201: ajusteStockResultadoSchema },
  },
  listarAjustesStock: {
    summary: 'Ajustes de stock de la tienda, del más nuevo al más antiguo (filtros: mes, motivo, producto); total en x-total-count',
    querystring: ajustesStockQuerySchema,
    response: { 200: z.array(ajusteStockSchema) },
  },
  informeAjustesStock: {
    summary: 'Ajustes por mes y motivo: unidades y su valor al costo unitario de cada ajuste (pesos)',
    querystring: informeAjustesQuerySchema,
    response: { 200: informeAjustesSchema },
  },
});

const ajustesStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ajustesStock } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/productos/:id/ajustes', RUTAS.ajustarStock, async (request, reply) =>
    reply.code(201).send(await ajustesStock.ajustar(request.usuario, request.params.id, request.body)),
  );
  app.get('/ajustes-stock', RUTAS.listarAjustesStock, (request, reply) =>
    pagina(reply, ajustesStock.listar(request.usuario, request.query)),
  );
  app.get('/ajustes-stock/informe', RUTAS.informeAjustesStock, (request) => ajustesStock.informe(request.usuario, request.query));
};

export default ajustesStockRoutes;
