import {
  cuboSchema,
  estadoAnaliticaQuerySchema,
  estadoAnaliticaSchema,
  filtrosAnaliticaSchema,
  informeQuerySchema,
  informeSchema,
  lineasQuerySchema,
  lineasSchema,
  mapaCalorSchema,
  porCategoriaSchema,
  porCobrarQuerySchema,
  porCobrarSchema,
  porMetodoPagoSchema,
  porVendedorSchema,
  descuentosAnaliticaSchema,
  rankingQuerySchema,
  rankingSchema,
  recomendacionesQuerySchema,
  recomendacionesSchema,
  resumenSchema,
  serieQuerySchema,
  serieSchema,
} from '@minimarket/contracts/analitica';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enviarDescarga, ERRORES, ERRORES_LECTURA_PESADA, TOTAL_HEADER } from '../respuestas.js';

const FILTROS =
  'Filtros comunes: id_minimarket (un pyme puede omitirlo), desde y hasta (AAAA-MM-DD, días de Santiago entre los años 2000 y 2100; por defecto los últimos 30 días, con solo uno de ellos los 30 días desde o hasta él; a lo más 1.100 días), categoria y metodo_pago. Solo cuentan las ventas Completadas, menos lo devuelto.';

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
    '/analitica/por-vendedor',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'ventasPorVendedor',
        summary: 'Ventas e ingresos por persona en la caja (el rango de días; categoría y método de pago no la dividen)',
        description: FILTROS,
        querystring: filtrosAnaliticaSchema,
        response: { 200: porVendedorSchema, ...ERRORES },
      },
    },
    (request) => analitica.porVendedor(request.usuario, request.query),
  );

  app.get(
    '/analitica/descuentos',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'descuentosYRedondeo',
        summary: 'Descuentos dados en el rango (en total, por día, por producto y por persona) y el redondeo del efectivo (Ley 20.956)',
        description: FILTROS,
        querystring: filtrosAnaliticaSchema,
        response: { 200: descuentosAnaliticaSchema, ...ERRORES },
      },
    },
    (request) => analitica.descuentos(request.usuario, request.query),
  );

  app.get(
    '/analitica/por-cobrar',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'cuentasPorCobrar',
        summary: 'Cuentas por cobrar: lo que deben hoy los clientes de la tienda (la libreta de fiado)',
        description:
          'La suma de los saldos de la vista cuenta_cliente (la misma cifra que por_cobrar de GET /api/clientes), cuántos clientes deben y desde cuándo la compra impaga más antigua. No es una cifra de un rango: desde, hasta y los filtros no aplican.',
        querystring: porCobrarQuerySchema,
        response: { 200: porCobrarSchema, ...ERRORES },
      },
    },
    (request) => analitica.porCobrar(request.usuario, request.query.id_minimarket),
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

  app.get(
    '/analitica/recomendaciones',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'recomendaciones',
        summary: 'Qué reponer, lo más vendido y su tendencia, lo que no se vende, márgenes bajos, horas peak y clases ABC',
        description:
          'Ventanas fijas que terminan hoy (Santiago): 28 días para reponer, más vendidos (contra los 28 anteriores) y horas peak; 30 días para sin ventas; 90 días para ABC (A hasta 80 % del ingreso acumulado, B hasta 95 %, C el resto). desde/hasta no aplican.',
        querystring: recomendacionesQuerySchema,
        response: { 200: recomendacionesSchema, ...ERRORES },
      },
    },
    (request) => analitica.recomendaciones(request.usuario, request.query.id_minimarket),
  );

  app.get(
    '/analitica/lineas',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'lineasVenta',
        summary:
          'Las líneas de venta del rango, paginadas (x-total-count), ordenables y filtrables; con formato=csv|xlsx, todas como archivo',
        description: `${FILTROS} search busca en el nombre del producto. El archivo lista las líneas de la más antigua a la más nueva, con fecha y hora de Santiago.`,
        querystring: lineasQuerySchema,
        response: {
          200: lineasSchema.describe('Una página de líneas, o el archivo CSV/XLSX cuando se pide formato'),
          ...ERRORES_LECTURA_PESADA,
        },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      if (formato) return enviarDescarga(reply, await analitica.exportarLineas(request.usuario, request.query, formato));
      const { lineas, total } = await analitica.lineas(request.usuario, request.query);
      reply.header(TOTAL_HEADER, total);
      return lineas;
    },
  );

  app.get(
    '/analitica/cubo',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'cuboVentas',
        summary: 'Cubo categoría × día de la semana (1 = lunes) × hora de Santiago, con ingresos, unidades y margen por celda',
        description: `${FILTROS} Solo vienen las celdas con ventas; una celda ausente vale cero. categorias trae el eje de categorías, de mayor a menor ingreso.`,
        querystring: filtrosAnaliticaSchema,
        response: { 200: cuboSchema, ...ERRORES },
      },
    },
    (request) => analitica.cubo(request.usuario, request.query),
  );

  app.get(
    '/analitica/informe',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'informeMensual',
        summary: 'Informe de un mes calendario (AAAA-MM; por defecto el actual) contra el mes anterior completo',
        description:
          'Cifras del mes y del anterior (ventas, ingresos, unidades, ticket promedio, costo y margen; el mes en curso contra los mismos días del anterior hasta esta hora), ventas por día, por categoría y por método de pago, los 10 productos con más ingresos y las 3 horas peak.',
        querystring: informeQuerySchema,
        response: { 200: informeSchema, ...ERRORES_LECTURA_PESADA },
      },
    },
    (request) => analitica.informe(request.usuario, request.query),
  );

  app.get(
    '/analitica/estado',
    {
      schema: {
        tags: ['analitica'],
        operationId: 'estadoAnalitica',
        summary: 'Si hay cifras de días anteriores que todavía se están preparando (tras cargar un historial) y de qué días',
        querystring: estadoAnaliticaQuerySchema,
        response: { 200: estadoAnaliticaSchema, ...ERRORES },
      },
    },
    (request) => analitica.estado(request.usuario, request.query.id_minimarket),
  );
};

export default analiticaRoutes;
