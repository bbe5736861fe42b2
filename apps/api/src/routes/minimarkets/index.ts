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
import { pagina, rutasDe, sinContenido } from '../respuestas.js';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';

const RUTAS = rutasDe('minimarkets', {
  listarMinimarkets: {
    config: PARA_CAJEROS,
    summary: 'Lista los minimarkets visibles (todos para un administrador, los propios para una pyme); total en x-total-count',
    querystring: minimarketsQuerySchema,
    response: { 200: z.array(minimarketSchema) },
  },
  obtenerMinimarket: {
    config: PARA_CAJEROS,
    summary: 'Un minimarket por su id (el propio, o cualquiera para un administrador)',
    params: idParamsSchema,
    response: { 200: minimarketSchema },
  },
  configurarMinimarket: {
    summary: 'Ajustes que el dueño puede cambiar de su minimarket: umbral de stock bajo y exigir caja abierta para vender',
    params: idParamsSchema,
    body: minimarketConfiguracionSchema,
    response: { 200: minimarketSchema },
  },
  obtenerTeclasRapidas: {
    config: PARA_CAJEROS,
    summary: 'Las teclas rápidas de Nueva venta: las que fijó el dueño o, sin ellas, los productos más vendidos',
    params: idParamsSchema,
    response: { 200: teclasRapidasSchema },
  },
  fijarTeclasRapidas: {
    summary: 'Fija las teclas rápidas de Nueva venta, en orden (a lo más 24; una lista vacía vuelve a los más vendidos)',
    params: idParamsSchema,
    body: teclasRapidasUpdateSchema,
    response: { 200: teclasRapidasSchema },
  },
  crearMinimarket: {
    summary: 'Crea un minimarket para un usuario pyme (solo administradores)',
    body: minimarketCreateSchema,
    response: { 201: minimarketSchema },
  },
  actualizarMinimarket: {
    summary: 'Edita un minimarket (solo administradores)',
    params: idParamsSchema,
    body: minimarketUpdateSchema,
    response: { 200: minimarketSchema },
  },
  eliminarMinimarket: {
    summary: 'Elimina un minimarket sin ventas, con sus productos (solo administradores)',
    params: idParamsSchema,
    response: { 204: z.null() },
  },
});

const minimarketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { minimarkets, teclasRapidas } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/minimarkets/', RUTAS.listarMinimarkets, (request, reply) => pagina(reply, minimarkets.list(request.usuario, request.query)));
  app.get('/minimarkets/:id', RUTAS.obtenerMinimarket, (request) => minimarkets.get(request.usuario, request.params.id));
  app.patch('/minimarkets/:id/configuracion', RUTAS.configurarMinimarket, (request) =>
    minimarkets.configurar(request.usuario, request.params.id, request.body),
  );

  // The till's quick keys (docs/pagos.md): anyone of the shop reads them; its owner sets them.
  app.get('/minimarkets/:id/teclas-rapidas', RUTAS.obtenerTeclasRapidas, (request) =>
    teclasRapidas.leer(request.usuario, request.params.id),
  );
  app.put('/minimarkets/:id/teclas-rapidas', RUTAS.fijarTeclasRapidas, (request) =>
    teclasRapidas.fijar(request.usuario, request.params.id, request.body.productos),
  );
  app.post('/minimarkets/', { ...RUTAS.crearMinimarket, onRequest: app.requireAdmin }, async (request, reply) =>
    reply.code(201).send(await minimarkets.create(request.body)),
  );
  app.put('/minimarkets/:id', { ...RUTAS.actualizarMinimarket, onRequest: app.requireAdmin }, (request) =>
    minimarkets.update(request.params.id, request.body),
  );
  app.delete('/minimarkets/:id', { ...RUTAS.eliminarMinimarket, onRequest: app.requireAdmin }, (request, reply) =>
    sinContenido(reply, minimarkets.remove(request.params.id)),
  );
};

export default minimarketsRoutes;
