import { idParamsSchema } from '@minimarket/contracts/comunes';
import {
  minimarketConfiguracionSchema,
  minimarketCreateSchema,
  minimarketSchema,
  minimarketsQuerySchema,
  minimarketUpdateSchema,
  teclasRapidasSchema,
  teclasRapidasUpdateSchema,
} from '@minimarket/contracts/minimarkets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORES, TOTAL_HEADER } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const minimarketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { minimarkets, teclasRapidas } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/minimarkets/',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['minimarkets'],
        operationId: 'listarMinimarkets',
        summary: 'Lista los minimarkets visibles (todos para un administrador, los propios para una pyme); total en x-total-count',
        querystring: minimarketsQuerySchema,
        response: { 200: z.array(minimarketSchema), ...ERRORES },
      },
    },
    async (request, reply) => {
      const { items, total } = await minimarkets.list(request.usuario, request.query);
      return reply.header(TOTAL_HEADER, total).send(items);
    },
  );

  app.get(
    '/minimarkets/:id',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['minimarkets'],
        operationId: 'obtenerMinimarket',
        summary: 'Un minimarket por su id (el propio, o cualquiera para un administrador)',
        params: idParamsSchema,
        response: { 200: minimarketSchema, ...ERRORES },
      },
    },
    (request) => minimarkets.get(request.usuario, request.params.id),
  );

  app.patch(
    '/minimarkets/:id/configuracion',
    {
      schema: {
        tags: ['minimarkets'],
        operationId: 'configurarMinimarket',
        summary: 'Ajustes que el dueño puede cambiar de su minimarket: umbral de stock bajo y exigir caja abierta para vender',
        params: idParamsSchema,
        body: minimarketConfiguracionSchema,
        response: { 200: minimarketSchema, ...ERRORES },
      },
    },
    (request) => minimarkets.configurar(request.usuario, request.params.id, request.body),
  );

  // The till's quick keys (docs/pagos.md): anyone of the shop reads them; its owner sets them.
  app.get(
    '/minimarkets/:id/teclas-rapidas',
    {
      config: PARA_CAJEROS,
      schema: {
        tags: ['minimarkets'],
        operationId: 'obtenerTeclasRapidas',
        summary: 'Las teclas rápidas de Nueva venta: las que fijó el dueño o, sin ellas, los productos más vendidos',
        params: idParamsSchema,
        response: { 200: teclasRapidasSchema, ...ERRORES },
      },
    },
    (request) => teclasRapidas.leer(request.usuario, request.params.id),
  );

  app.put(
    '/minimarkets/:id/teclas-rapidas',
    {
      schema: {
        tags: ['minimarkets'],
        operationId: 'fijarTeclasRapidas',
        summary: 'Fija las teclas rápidas de Nueva venta, en orden (a lo más 24; una lista vacía vuelve a los más vendidos)',
        params: idParamsSchema,
        body: teclasRapidasUpdateSchema,
        response: { 200: teclasRapidasSchema, ...ERRORES },
      },
    },
    (request) => teclasRapidas.fijar(request.usuario, request.params.id, request.body.productos),
  );

  app.post(
    '/minimarkets/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['minimarkets'],
        operationId: 'crearMinimarket',
        summary: 'Crea un minimarket para un usuario pyme (solo administradores)',
        body: minimarketCreateSchema,
        response: { 201: minimarketSchema, ...ERRORES },
      },
    },
    async (request, reply) => reply.code(201).send(await minimarkets.create(request.body)),
  );

  app.put(
    '/minimarkets/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['minimarkets'],
        operationId: 'actualizarMinimarket',
        summary: 'Edita un minimarket (solo administradores)',
        params: idParamsSchema,
        body: minimarketUpdateSchema,
        response: { 200: minimarketSchema, ...ERRORES },
      },
    },
    (request) => minimarkets.update(request.params.id, request.body),
  );

  app.delete(
    '/minimarkets/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['minimarkets'],
        operationId: 'eliminarMinimarket',
        summary: 'Elimina un minimarket sin ventas, con sus productos (solo administradores)',
        params: idParamsSchema,
        response: { 204: z.null(), ...ERRORES },
      },
    },
    async (request, reply) => {
      await minimarkets.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default minimarketsRoutes;
