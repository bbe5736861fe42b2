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
import { enviarDescarga, ERRORES_LECTURA_PESADA, rutasDe, TOTAL_HEADER } from '../respuestas.js';

const FILTROS =
  'Filtros comunes: id_minimarket (un pyme puede omitirlo), desde y hasta (AAAA-MM-DD, días de Santiago entre los años 2000 y 2100; por defecto los últimos 30 días, con solo uno de ellos los 30 días desde o hasta él; a lo más 1.100 días), categoria y metodo_pago. Solo cuentan las ventas Completadas, menos lo devuelto.';

/** A figure of a range of days, read with the common filters. */
const DEL_RANGO = { description: FILTROS, querystring: filtrosAnaliticaSchema } as const;

const RUTAS = rutasDe('analitica', {
  resumenAnalitica: {
    summary: 'Ventas, ingresos, unidades, ticket promedio, costo y margen del rango, y los del período anterior de igual largo',
    ...DEL_RANGO,
    response: { 200: resumenSchema },
  },
  serieAnalitica: {
    summary: 'Ventas, ingresos y unidades por día, semana (desde el lunes) o mes, con todos los períodos del rango',
    description: FILTROS,
    querystring: serieQuerySchema,
    response: { 200: serieSchema },
  },
  ventasPorCategoria: {
    summary: 'Ventas, ingresos y unidades por categoría, de mayor a menor ingreso',
    ...DEL_RANGO,
    response: { 200: porCategoriaSchema },
  },
  ventasPorMetodoPago: {
    summary: 'Ventas e ingresos por método de pago',
    ...DEL_RANGO,
    response: { 200: porMetodoPagoSchema },
  },
  ventasPorVendedor: {
    summary: 'Ventas e ingresos por persona en la caja (el rango de días; categoría y método de pago no la dividen)',
    ...DEL_RANGO,
    response: { 200: porVendedorSchema },
  },
  descuentosYRedondeo: {
    summary: 'Descuentos dados en el rango (en total, por día, por producto y por persona) y el redondeo del efectivo (Ley 20.956)',
    ...DEL_RANGO,
    response: { 200: descuentosAnaliticaSchema },
  },
  cuentasPorCobrar: {
    summary: 'Cuentas por cobrar: lo que deben hoy los clientes de la tienda (la libreta de fiado)',
    description:
      'La suma de los saldos de la vista cuenta_cliente (la misma cifra que por_cobrar de GET /api/clientes), cuántos clientes deben y desde cuándo la compra impaga más antigua. No es una cifra de un rango: desde, hasta y los filtros no aplican.',
    querystring: porCobrarQuerySchema,
    response: { 200: porCobrarSchema },
  },
  mapaCalorVentas: {
    summary: 'Ventas e ingresos por día de la semana (1 = lunes) y hora de Santiago: las 168 celdas',
    ...DEL_RANGO,
    response: { 200: mapaCalorSchema },
  },
  rankingProductos: {
    summary: 'Los productos vendidos en el rango, por ingresos o unidades',
    description: FILTROS,
    querystring: rankingQuerySchema,
    response: { 200: rankingSchema },
  },
  recomendaciones: {
    summary: 'Qué reponer, lo más vendido y su tendencia, lo que no se vende, márgenes bajos, horas peak y clases ABC',
    description:
      'Ventanas fijas que terminan hoy (Santiago): 28 días para reponer, más vendidos (contra los 28 anteriores) y horas peak; 30 días para sin ventas; 90 días para ABC (A hasta 80 % del ingreso acumulado, B hasta 95 %, C el resto). desde/hasta no aplican.',
    querystring: recomendacionesQuerySchema,
    response: { 200: recomendacionesSchema },
  },
  lineasVenta: {
    summary: 'Las líneas de venta del rango, paginadas (x-total-count), ordenables y filtrables; con formato=csv|xlsx, todas como archivo',
    description: `${FILTROS} search busca en el nombre del producto. El archivo lista las líneas de la más antigua a la más nueva, con fecha y hora de Santiago.`,
    querystring: lineasQuerySchema,
    response: {
      200: lineasSchema.describe('Una página de líneas, o el archivo CSV/XLSX cuando se pide formato'),
      ...ERRORES_LECTURA_PESADA,
    },
  },
  cuboVentas: {
    summary: 'Cubo categoría × día de la semana (1 = lunes) × hora de Santiago, con ingresos, unidades y margen por celda',
    description: `${FILTROS} Solo vienen las celdas con ventas; una celda ausente vale cero. categorias trae el eje de categorías, de mayor a menor ingreso.`,
    querystring: filtrosAnaliticaSchema,
    response: { 200: cuboSchema },
  },
  informeMensual: {
    summary: 'Informe de un mes calendario (AAAA-MM; por defecto el actual) contra el mes anterior completo',
    description:
      'Cifras del mes y del anterior (ventas, ingresos, unidades, ticket promedio, costo y margen; el mes en curso contra los mismos días del anterior hasta esta hora), ventas por día, por categoría y por método de pago, los 10 productos con más ingresos y las 3 horas peak.',
    querystring: informeQuerySchema,
    response: { 200: informeSchema, ...ERRORES_LECTURA_PESADA },
  },
  estadoAnalitica: {
    summary: 'Si hay cifras de días anteriores que todavía se están preparando (tras cargar un historial) y de qué días',
    querystring: estadoAnaliticaQuerySchema,
    response: { 200: estadoAnaliticaSchema },
  },
});

const analiticaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analitica } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/analitica/resumen', RUTAS.resumenAnalitica, (request) => analitica.resumen(request.usuario, request.query));
  app.get('/analitica/serie', RUTAS.serieAnalitica, (request) => analitica.serie(request.usuario, request.query));
  app.get('/analitica/por-categoria', RUTAS.ventasPorCategoria, (request) => analitica.porCategoria(request.usuario, request.query));
  app.get('/analitica/por-metodo-pago', RUTAS.ventasPorMetodoPago, (request) => analitica.porMetodoPago(request.usuario, request.query));
  app.get('/analitica/por-vendedor', RUTAS.ventasPorVendedor, (request) => analitica.porVendedor(request.usuario, request.query));
  app.get('/analitica/descuentos', RUTAS.descuentosYRedondeo, (request) => analitica.descuentos(request.usuario, request.query));
  app.get('/analitica/por-cobrar', RUTAS.cuentasPorCobrar, (request) => analitica.porCobrar(request.usuario, request.query.id_minimarket));
  app.get('/analitica/mapa-calor', RUTAS.mapaCalorVentas, (request) => analitica.mapaCalor(request.usuario, request.query));
  app.get('/analitica/ranking', RUTAS.rankingProductos, (request) => analitica.ranking(request.usuario, request.query));
  app.get('/analitica/recomendaciones', RUTAS.recomendaciones, (request) =>
    analitica.recomendaciones(request.usuario, request.query.id_minimarket),
  );
  app.get('/analitica/lineas', RUTAS.lineasVenta, async (request, reply) => {
    const { formato } = request.query;
    if (formato) return enviarDescarga(reply, await analitica.exportarLineas(request.usuario, request.query, formato));
    const { lineas, total } = await analitica.lineas(request.usuario, request.query);
    reply.header(TOTAL_HEADER, total);
    return lineas;
  });

  app.get('/analitica/cubo', RUTAS.cuboVentas, (request) => analitica.cubo(request.usuario, request.query));
  app.get('/analitica/informe', RUTAS.informeMensual, (request) => analitica.informe(request.usuario, request.query));
  app.get('/analitica/estado', RUTAS.estadoAnalitica, (request) => analitica.estado(request.usuario, request.query.id_minimarket));
};

export default analiticaRoutes;
