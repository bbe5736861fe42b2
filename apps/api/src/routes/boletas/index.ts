import {
  documentoSchema,
  documentosListSchema,
  documentosQuerySchema,
  emisorQuerySchema,
  emisorSchema,
  emisorUpdateSchema,
  notaCreditoSchema,
  notasCreditoQuerySchema,
} from '@minimarket/contracts/boletas';
import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PARA_CAJEROS } from '../../plugins/app/auth.js';
import { rutasDe } from '../respuestas.js';

// The electronic boleta (issue 23, docs/boleta.md): the shop's issuer and provider, and the documents
// the outbox sends. The owner for their shop, administrators for any; a sale's notas de crédito, to
// print them, whoever sees its sales (a cashier too, like the sale's receipt).
const RUTAS = rutasDe('boletas', {
  obtenerEmisorDte: {
    summary: 'Datos del emisor de boletas de la tienda y su proveedor (la API key nunca se devuelve: solo si hay una guardada)',
    querystring: emisorQuerySchema,
    response: { 200: emisorSchema },
  },
  guardarEmisorDte: {
    summary:
      'Guarda el emisor (RUT, razón social, giro, dirección, comuna, sucursal, resolución), el proveedor, su API key (cifrada; sin ella queda la guardada) y si se emiten boletas',
    body: emisorUpdateSchema,
    response: { 200: emisorSchema },
  },
  listarDocumentosDte: {
    summary: 'Boletas y notas de crédito de la tienda (por estado y día), cuántas hay en cada estado y las emitidas por día',
    querystring: documentosQuerySchema,
    response: { 200: documentosListSchema },
  },
  listarNotasCreditoDeVenta: {
    config: PARA_CAJEROS,
    summary: 'Las notas de crédito de una venta (de su anulación y de cada devolución), como se imprimen',
    querystring: notasCreditoQuerySchema,
    response: { 200: z.array(notaCreditoSchema) },
  },
  obtenerNotaCredito: {
    config: PARA_CAJEROS,
    summary: 'Una nota de crédito para imprimir: emisor, folio y timbre, la boleta que corrige, sus líneas y montos',
    params: id64ParamsSchema,
    querystring: emisorQuerySchema,
    response: { 200: notaCreditoSchema },
  },
  reintentarDocumentoDte: {
    summary: 'Vuelve a enviar un documento rechazado (como una solicitud nueva)',
    params: id64ParamsSchema,
    querystring: emisorQuerySchema,
    response: { 200: documentoSchema },
  },
});

const boletasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { boletas } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get('/boletas/emisor', RUTAS.obtenerEmisorDte, (request) => boletas.emisor(request.usuario, request.query.id_minimarket));
  app.put('/boletas/emisor', RUTAS.guardarEmisorDte, (request) => boletas.guardarEmisor(request.usuario, request.body));
  app.get('/boletas/documentos', RUTAS.listarDocumentosDte, (request) => boletas.documentos(request.usuario, request.query));
  app.get('/boletas/notas-credito', RUTAS.listarNotasCreditoDeVenta, (request) =>
    boletas.notasCreditoDeVenta(request.usuario, request.query.id_minimarket, request.query.id_venta),
  );
  app.get('/boletas/notas-credito/:id', RUTAS.obtenerNotaCredito, (request) =>
    boletas.notaCredito(request.usuario, request.query.id_minimarket, request.params.id),
  );
  app.post('/boletas/documentos/:id/reintento', RUTAS.reintentarDocumentoDte, (request) =>
    boletas.reintentar(request.usuario, request.query.id_minimarket, request.params.id),
  );
};

export default boletasRoutes;
