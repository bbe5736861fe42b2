import {
  documentoSchema,
  documentosListSchema,
  documentosQuerySchema,
  emisorQuerySchema,
  emisorSchema,
  emisorUpdateSchema,
} from '@minimarket/contracts/boletas';
import { id64ParamsSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORES } from '../respuestas.js';

// The electronic boleta (issue 23, docs/boleta.md): the shop's issuer and provider, and the documents
// the outbox sends. The owner for their shop, administrators for any.
const boletasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { boletas } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/boletas/emisor',
    {
      schema: {
        tags: ['boletas'],
        operationId: 'obtenerEmisorDte',
        summary: 'Datos del emisor de boletas de la tienda y su proveedor (la API key nunca se devuelve: solo si hay una guardada)',
        querystring: emisorQuerySchema,
        response: { 200: emisorSchema, ...ERRORES },
      },
    },
    (request) => boletas.emisor(request.usuario, request.query.id_minimarket),
  );

  app.put(
    '/boletas/emisor',
    {
      schema: {
        tags: ['boletas'],
        operationId: 'guardarEmisorDte',
        summary:
          'Guarda el emisor (RUT, razón social, giro, dirección, comuna, sucursal, resolución), el proveedor, su API key (cifrada; sin ella queda la guardada) y si se emiten boletas',
        body: emisorUpdateSchema,
        response: { 200: emisorSchema, ...ERRORES },
      },
    },
    (request) => boletas.guardarEmisor(request.usuario, request.body),
  );

  app.get(
    '/boletas/documentos',
    {
      schema: {
        tags: ['boletas'],
        operationId: 'listarDocumentosDte',
        summary: 'Boletas y notas de crédito de la tienda (por estado y día), cuántas hay en cada estado y las emitidas por día',
        querystring: documentosQuerySchema,
        response: { 200: documentosListSchema, ...ERRORES },
      },
    },
    (request) => boletas.documentos(request.usuario, request.query),
  );

  app.post(
    '/boletas/documentos/:id/reintento',
    {
      schema: {
        tags: ['boletas'],
        operationId: 'reintentarDocumentoDte',
        summary: 'Vuelve a enviar un documento rechazado (como una solicitud nueva)',
        params: id64ParamsSchema,
        querystring: emisorQuerySchema,
        response: { 200: documentoSchema, ...ERRORES },
      },
    },
    (request) => boletas.reintentar(request.usuario, request.query.id_minimarket, request.params.id),
  );
};

export default boletasRoutes;
