// The routes the web calls, as the API serves them: "METHOD /path" (Fastify's `:param` syntax, without
// the /api prefix the web's client adds) with the same zod schemas the route declares for its params,
// query, body and success response. The web types every call from this table (apps/web/src/lib/api-client.ts,
// docs/web.md «Llamadas a la API»), importing it with `import type` only, so zod never reaches the first
// download; apps/api/test/rutas-contrato.test.ts holds every entry to the route the API really serves.
import { z } from 'zod';
import {
  ajusteStockCreateSchema,
  ajusteStockResultadoSchema,
  ajusteStockSchema,
  ajustesStockQuerySchema,
  informeAjustesQuerySchema,
  informeAjustesSchema,
} from './ajustes-stock.js';
import {
  cuboSchema,
  descuentosAnaliticaSchema,
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
  rankingQuerySchema,
  rankingSchema,
  recomendacionesQuerySchema,
  recomendacionesSchema,
  resumenSchema,
  serieQuerySchema,
  serieSchema,
} from './analitica.js';
import { auditoriaListSchema, auditoriaQuerySchema } from './auditoria.js';
import { forgotPasswordSchema, resetPasswordSchema, tokenRequestSchema, tokenResponseSchema } from './auth.js';
import { baditoPreguntaSchema, baditoRespuestaSchema } from './badito.js';
import {
  documentoSchema,
  documentosListSchema,
  documentosQuerySchema,
  emisorQuerySchema,
  emisorSchema,
  emisorUpdateSchema,
  notaCreditoSchema,
  notasCreditoQuerySchema,
} from './boletas.js';
import {
  boletaSchema,
  cierreTurnoSchema,
  movimientoCajaCreateSchema,
  turnoActualQuerySchema,
  turnoAperturaSchema,
  turnoSchema,
  turnosQuerySchema,
} from './caja.js';
import {
  cajeroCreateSchema,
  cajeroParamsSchema,
  cajeroSchema,
  cajerosListSchema,
  cajeroUpdateSchema,
  pinIngresoSchema,
  pinPropioSchema,
  pinTokenSchema,
} from './cajeros.js';
import { catalogoQuerySchema, catalogoSchema } from './catalogo.js';
import {
  abonoCreateSchema,
  abonoResultadoSchema,
  clienteCreateSchema,
  clienteSchema,
  clientesListSchema,
  clientesQuerySchema,
  clienteUpdateSchema,
  estadoCuentaSchema,
} from './clientes.js';
import { id64ParamsSchema, idParamsSchema, mensajeSchema } from './comunes.js';
import {
  minimarketConfiguracionSchema,
  minimarketCreateSchema,
  minimarketSchema,
  minimarketsQuerySchema,
  minimarketUpdateSchema,
  teclasRapidasSchema,
  teclasRapidasUpdateSchema,
} from './minimarkets.js';
import { notificacionesListSchema } from './notificaciones.js';
import {
  catalogoExternoParamsSchema,
  etiquetaCodigoSchema,
  etiquetaLeidaSchema,
  etiquetaQuerySchema,
  ingresoStockSchema,
  productoCreateSchema,
  productoExternoSchema,
  productoSchema,
  productosQuerySchema,
  productoUpdateSchema,
} from './productos.js';
import { ultimoRespaldoSchema } from './respaldos.js';
import {
  conversacionCreateSchema,
  conversacionDetalleSchema,
  conversacionesQuerySchema,
  conversacionPatchSchema,
  conversacionSchema,
  eventosQuerySchema,
  flujoEventosSchema,
  mensajeCreateSchema,
  mensajeSoporteSchema,
  noLeidosSchema,
  ticketEventosSchema,
  ticketProductoSchema,
} from './soporte.js';
import {
  archivoCargaSchema,
  cargaQuerySchema,
  historialCargasParamsSchema,
  plantillaParamsSchema,
  plantillaQuerySchema,
  rechazadosParamsSchema,
} from './uploads.js';
import {
  cambioContrasenaRespuestaSchema,
  cambioContrasenaSchema,
  estadisticaUsuariosSchema,
  perfilUpdateSchema,
  usuarioActualSchema,
  usuarioCreateSchema,
  usuariosListSchema,
  usuariosQuerySchema,
  usuarioSchema,
  usuarioUpdateSchema,
} from './usuarios.js';
import {
  anulacionVentaSchema,
  devolucionCreateSchema,
  devolucionSchema,
  resolucionRechazadaSchema,
  ventaCreateSchema,
  ventaSchema,
  ventasListSchema,
  ventasQuerySchema,
  ventasRechazadasListSchema,
  ventasRechazadasQuerySchema,
} from './ventas.js';

/** A 204: no body (the web's client resolves it to undefined). */
export const sinContenidoSchema = z.null();
/** A file to download (CSV, XLSX, XML, ZIP): bytes, not JSON. */
export const archivoSchema = z.any();

export const METODOS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Metodo = (typeof METODOS)[number];

/** One route: its parts as the API route declares them; `respuesta` is its 200 (or 201, or 204) schema. */
export interface RutaContrato {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  respuesta: z.ZodType;
}

/** An analytics read of a range: the filters every such call takes (filtrosAnaliticaSchema), and its answer. */
const filtradaAnalitica = <R extends z.ZodType>(respuesta: R) => ({ query: filtrosAnaliticaSchema, respuesta });

export const rutas = {
  // Sessions and accounts
  'POST /auth/token': { body: tokenRequestSchema, respuesta: tokenResponseSchema },
  'POST /auth/logout': { respuesta: sinContenidoSchema },
  'POST /auth/forgot-password': { body: forgotPasswordSchema, respuesta: mensajeSchema },
  'POST /auth/reset-password': { body: resetPasswordSchema, respuesta: mensajeSchema },
  'POST /auth/pin': { body: pinIngresoSchema, respuesta: pinTokenSchema },
  'PUT /auth/pin': { body: pinPropioSchema, respuesta: sinContenidoSchema },
  'GET /users/me': { respuesta: usuarioActualSchema },
  'PUT /users/me': { body: perfilUpdateSchema, respuesta: usuarioSchema },
  'POST /users/me/password': { body: cambioContrasenaSchema, respuesta: cambioContrasenaRespuestaSchema },
  'GET /users': { query: usuariosQuerySchema, respuesta: usuariosListSchema },
  'GET /users/stats': { respuesta: estadisticaUsuariosSchema },
  'GET /users/:id': { params: idParamsSchema, respuesta: usuarioSchema },
  'POST /users': { body: usuarioCreateSchema, respuesta: usuarioSchema },
  'PUT /users/:id': { params: idParamsSchema, body: usuarioUpdateSchema, respuesta: usuarioSchema },
  'DELETE /users/:id': { params: idParamsSchema, respuesta: sinContenidoSchema },

  // Shops, their cashiers, their audit trail and their data
  'GET /minimarkets/': { query: minimarketsQuerySchema, respuesta: z.array(minimarketSchema) },
  'POST /minimarkets/': { body: minimarketCreateSchema, respuesta: minimarketSchema },
  'GET /minimarkets/:id': { params: idParamsSchema, respuesta: minimarketSchema },
  'PUT /minimarkets/:id': { params: idParamsSchema, body: minimarketUpdateSchema, respuesta: minimarketSchema },
  'DELETE /minimarkets/:id': { params: idParamsSchema, respuesta: sinContenidoSchema },
  'PATCH /minimarkets/:id/configuracion': { params: idParamsSchema, body: minimarketConfiguracionSchema, respuesta: minimarketSchema },
  'GET /minimarkets/:id/teclas-rapidas': { params: idParamsSchema, respuesta: teclasRapidasSchema },
  'PUT /minimarkets/:id/teclas-rapidas': { params: idParamsSchema, body: teclasRapidasUpdateSchema, respuesta: teclasRapidasSchema },
  'GET /minimarkets/:id/cajeros': { params: idParamsSchema, respuesta: cajerosListSchema },
  'POST /minimarkets/:id/cajeros': { params: idParamsSchema, body: cajeroCreateSchema, respuesta: cajeroSchema },
  'PATCH /minimarkets/:id/cajeros/:id_usuario': { params: cajeroParamsSchema, body: cajeroUpdateSchema, respuesta: cajeroSchema },
  'DELETE /minimarkets/:id/cajeros/:id_usuario': { params: cajeroParamsSchema, respuesta: sinContenidoSchema },
  'GET /minimarkets/:id/exportacion': { params: idParamsSchema, respuesta: archivoSchema },
  'GET /auditoria': { query: auditoriaQuerySchema, respuesta: auditoriaListSchema },

  // Products, stock adjustments, the offline catalogue
  'GET /productos/': { query: productosQuerySchema, respuesta: z.array(productoSchema) },
  'POST /productos/': { body: productoCreateSchema, respuesta: productoSchema },
  'GET /productos/catalogo': { query: catalogoQuerySchema, respuesta: catalogoSchema },
  'GET /productos/etiqueta/:codigo': { params: etiquetaCodigoSchema, query: etiquetaQuerySchema, respuesta: etiquetaLeidaSchema },
  'GET /productos/:id': { params: id64ParamsSchema, respuesta: productoSchema },
  'PUT /productos/:id': { params: id64ParamsSchema, body: productoUpdateSchema, respuesta: productoSchema },
  'DELETE /productos/:id': { params: id64ParamsSchema, respuesta: sinContenidoSchema },
  'POST /productos/:id/stock': { params: id64ParamsSchema, body: ingresoStockSchema, respuesta: productoSchema },
  'POST /productos/:id/ajustes': { params: id64ParamsSchema, body: ajusteStockCreateSchema, respuesta: ajusteStockResultadoSchema },
  'GET /catalogo-externo/:codigo_barra': { params: catalogoExternoParamsSchema, respuesta: productoExternoSchema },
  'GET /ajustes-stock': { query: ajustesStockQuerySchema, respuesta: z.array(ajusteStockSchema) },
  'GET /ajustes-stock/informe': { query: informeAjustesQuerySchema, respuesta: informeAjustesSchema },

  // Customers (la libreta)
  'GET /clientes': { query: clientesQuerySchema, respuesta: clientesListSchema },
  'POST /clientes': { body: clienteCreateSchema, respuesta: clienteSchema },
  'PUT /clientes/:id': { params: id64ParamsSchema, body: clienteUpdateSchema, respuesta: clienteSchema },
  'POST /clientes/:id/abonos': { params: id64ParamsSchema, body: abonoCreateSchema, respuesta: abonoResultadoSchema },
  'GET /clientes/:id/estado-cuenta': { params: id64ParamsSchema, respuesta: estadoCuentaSchema },

  // Sales
  'GET /ventas/': { query: ventasQuerySchema, respuesta: ventasListSchema },
  'POST /ventas/': { body: ventaCreateSchema, respuesta: ventaSchema },
  'POST /ventas/:id/anulacion': { params: id64ParamsSchema, body: anulacionVentaSchema, respuesta: ventaSchema },
  'POST /ventas/:id/devoluciones': { params: id64ParamsSchema, body: devolucionCreateSchema, respuesta: devolucionSchema },
  'GET /ventas/:id/boleta': { params: id64ParamsSchema, respuesta: boletaSchema },
  'GET /ventas/rechazadas': { query: ventasRechazadasQuerySchema, respuesta: ventasRechazadasListSchema },
  'POST /ventas/rechazadas/:id/resolucion': { params: id64ParamsSchema, body: resolucionRechazadaSchema, respuesta: sinContenidoSchema },

  // The cash shift
  'GET /caja/turnos': { query: turnosQuerySchema, respuesta: z.array(turnoSchema) },
  'POST /caja/turnos': { body: turnoAperturaSchema, respuesta: turnoSchema },
  'GET /caja/turnos/actual': { query: turnoActualQuerySchema, respuesta: turnoSchema },
  'POST /caja/turnos/:id/movimientos': { params: id64ParamsSchema, body: movimientoCajaCreateSchema, respuesta: turnoSchema },
  'POST /caja/turnos/:id/cierre': { params: id64ParamsSchema, body: cierreTurnoSchema, respuesta: turnoSchema },

  // Electronic boletas
  'GET /boletas/emisor': { query: emisorQuerySchema, respuesta: emisorSchema },
  'PUT /boletas/emisor': { body: emisorUpdateSchema, respuesta: emisorSchema },
  'GET /boletas/documentos': { query: documentosQuerySchema, respuesta: documentosListSchema },
  'POST /boletas/documentos/:id/reintento': { params: id64ParamsSchema, query: emisorQuerySchema, respuesta: documentoSchema },
  'GET /boletas/notas-credito': { query: notasCreditoQuerySchema, respuesta: z.array(notaCreditoSchema) },
  'GET /boletas/notas-credito/:id': { params: id64ParamsSchema, query: emisorQuerySchema, respuesta: notaCreditoSchema },

  // Notifications
  'GET /notificaciones': { respuesta: notificacionesListSchema },
  'POST /notificaciones/:id/leer': { params: id64ParamsSchema, respuesta: sinContenidoSchema },
  'POST /notificaciones/leer-todas': { respuesta: sinContenidoSchema },

  // Uploads
  'POST /upload/files/': { query: cargaQuerySchema, respuesta: archivoCargaSchema },
  'GET /upload/history/:id_minimarket': { params: historialCargasParamsSchema, respuesta: z.array(archivoCargaSchema) },
  'GET /upload/history/:id_minimarket/:id_archivo/:archivo': { params: rechazadosParamsSchema, respuesta: archivoSchema },
  'GET /upload/plantillas/:nombre': { params: plantillaParamsSchema, query: plantillaQuerySchema, respuesta: archivoSchema },

  // Analytics
  'GET /analitica/resumen': filtradaAnalitica(resumenSchema),
  'GET /analitica/serie': { query: serieQuerySchema, respuesta: serieSchema },
  'GET /analitica/por-categoria': filtradaAnalitica(porCategoriaSchema),
  'GET /analitica/por-metodo-pago': filtradaAnalitica(porMetodoPagoSchema),
  'GET /analitica/por-vendedor': filtradaAnalitica(porVendedorSchema),
  'GET /analitica/descuentos': filtradaAnalitica(descuentosAnaliticaSchema),
  'GET /analitica/por-cobrar': { query: porCobrarQuerySchema, respuesta: porCobrarSchema },
  'GET /analitica/mapa-calor': filtradaAnalitica(mapaCalorSchema),
  'GET /analitica/ranking': { query: rankingQuerySchema, respuesta: rankingSchema },
  'GET /analitica/recomendaciones': { query: recomendacionesQuerySchema, respuesta: recomendacionesSchema },
  'GET /analitica/lineas': { query: lineasQuerySchema, respuesta: lineasSchema },
  'GET /analitica/cubo': filtradaAnalitica(cuboSchema),
  'GET /analitica/informe': { query: informeQuerySchema, respuesta: informeSchema },
  'GET /analitica/estado': { query: estadoAnaliticaQuerySchema, respuesta: estadoAnaliticaSchema },

  // Badito and support
  'POST /badito': { body: baditoPreguntaSchema, respuesta: baditoRespuestaSchema },
  'GET /soporte/conversaciones': { query: conversacionesQuerySchema, respuesta: z.array(conversacionSchema) },
  'POST /soporte/conversaciones': { body: conversacionCreateSchema, respuesta: conversacionSchema },
  'GET /soporte/conversaciones/:id': { params: id64ParamsSchema, respuesta: conversacionDetalleSchema },
  'PATCH /soporte/conversaciones/:id': { params: id64ParamsSchema, body: conversacionPatchSchema, respuesta: conversacionSchema },
  'POST /soporte/conversaciones/:id/mensajes': { params: id64ParamsSchema, body: mensajeCreateSchema, respuesta: mensajeSoporteSchema },
  'GET /soporte/no-leidos': { respuesta: noLeidosSchema },
  'POST /soporte/eventos/ticket': { respuesta: ticketEventosSchema },
  'GET /soporte/eventos': { query: eventosQuerySchema, respuesta: flujoEventosSchema },
  'POST /soporte/tickets-producto': { body: ticketProductoSchema, respuesta: conversacionSchema },

  // Backups
  'GET /respaldos/ultimo': { respuesta: ultimoRespaldoSchema },
} as const satisfies Record<`${Metodo} /${string}`, RutaContrato>;

export type Rutas = typeof rutas;
export type ClaveRuta = keyof Rutas;
