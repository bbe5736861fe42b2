import {
  filtrosAnaliticaSchema,
  mapaCalorSchema,
  porCategoriaSchema,
  porMetodoPagoSchema,
  rankingQuerySchema,
  rankingSchema,
  resumenSchema,
  serieQuerySchema,
  serieSchema,
} from '@minimarket/contracts/analitica';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORES } from '../respuestas.js';

const FILTROS =
  'Filtros comunes: id_minimarket (un pyme puede omitirlo), desde y hasta (AAAA-MM-DD, días de Santiago; por defecto los últimos 30 días), categoria y metodo_pago. Solo cuentan las ventas Completadas.';

const analiticaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analitica } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/analitica/resumen',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'resumenAnalitica',
        summary: 'Ventas, ingresos, unidades, ticket promedio, costo y margen del rango, y los del período anterior de igual largo',
        description: FILTROS,
        querystring: filtrosAnaliticaSchema,
        response: { 200: resumenSchema, ...ERRORES },
      },
    },
    (request) => analitica.resumen(request.usuario, request.query),
  );

  app.get(
    '/analitica/serie',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'serieAnalitica',
        summary: 'Ventas, ingresos y unidades por día, semana (desde el lunes) o mes, con todos los períodos del rango',
        description: FILTROS,
        querystring: serieQuerySchema,
        response: { 200: serieSchema, ...ERRORES },
      },
    },
    (request) => analitica.serie(request.usuario, request.query),
  );

  app.get(
    '/analitica/por-categoria',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'ventasPorCategoria',
        summary: 'Ventas, ingresos y unidades por categoría, de mayor a menor ingreso',
        description: FILTROS,
        querystring: filtrosAnaliticaSchema,
        response: { 200: porCategoriaSchema, ...ERRORES },
      },
    },
    (request) => analitica.porCategoria(request.usuario, request.query),
  );

  app.get(
    '/analitica/por-metodo-pago',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'ventasPorMetodoPago',
        summary: 'Ventas e ingresos por método de pago',
        description: FILTROS,
        querystring: filtrosAnaliticaSchema,
        response: { 200: porMetodoPagoSchema, ...ERRORES },
      },
    },
    (request) => analitica.porMetodoPago(request.usuario, request.query),
  );

  app.get(
    '/analitica/mapa-calor',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'mapaCalorVentas',
        summary: 'Ventas e ingresos por día de la semana (1 = lunes) y hora de Santiago: las 168 celdas',
        description: FILTROS,
        querystring: filtrosAnaliticaSchema,
        response: { 200: mapaCalorSchema, ...ERRORES },
      },
    },
    (request) => analitica.mapaCalor(request.usuario, request.query),
  );

  app.get(
    '/analitica/ranking',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'rankingProductos',
        summary: 'Los productos vendidos en el rango, por ingresos o unidades',
        description: FILTROS,
        querystring: rankingQuerySchema,
        response: { 200: rankingSchema, ...ERRORES },
      },
    },
    (request) => analitica.ranking(request.usuario, request.query),
  );
};

export default analiticaRoutes;
