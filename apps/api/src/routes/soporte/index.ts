import {
  conversacionCreateSchema,
  conversacionDetalleSchema,
  conversacionesQuerySchema,
  conversacionPatchSchema,
  conversacionSchema,
  mensajeCreateSchema,
  mensajeSoporteSchema,
  noLeidosSchema,
  RUTA_TICKET_PRODUCTO,
  ticketProductoRespuestaSchema,
  ticketProductoSchema,
} from '@minimarket/contracts/soporte';
import { errorSchema, id64Schema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORES, TOTAL_HEADER } from '../respuestas.js';
import eventosRoutes from './eventos.js';

const conId = z.object({ id: id64Schema });
/** Writing (a message, a new conversation) is throttled per user: 429 past the limit (modules/limites). */
const ERRORES_ESCRITURA = { ...ERRORES, 429: errorSchema } as const;

/** Every route but the event stream, behind the session check. */
const conversacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { soporte } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/soporte/conversaciones',
    {
      schema: {
        tags: ['soporte'],
        operationId: 'abrirConversacion',
        summary: 'Abre una conversación de soporte para la tienda de quien escribe (solo pyme), con su primer mensaje',
        body: conversacionCreateSchema,
        response: { 201: conversacionSchema, ...ERRORES_ESCRITURA },
      },
    },
    async (request, reply) => reply.code(201).send(await soporte.abrir(request.usuario, request.body)),
  );

  app.get(
    '/soporte/conversaciones',
    {
      schema: {
        tags: ['soporte'],
        operationId: 'listarConversaciones',
        summary: 'Conversaciones de soporte: un pyme ve solo las suyas, un administrador todas; total en x-total-count',
        querystring: conversacionesQuerySchema,
        response: { 200: z.array(conversacionSchema), ...ERRORES },
      },
    },
    async (request, reply) => {
      const { conversaciones, total } = await soporte.listar(request.usuario, request.query);
      reply.header(TOTAL_HEADER, total);
      return conversaciones;
    },
  );

  app.get(
    '/soporte/conversaciones/:id',
    {
      schema: {
        tags: ['soporte'],
        operationId: 'obtenerConversacion',
        summary: 'Una conversación con sus mensajes, del más antiguo al más nuevo; leerla la marca leída para quien la lee',
        params: conId,
        response: { 200: conversacionDetalleSchema, ...ERRORES },
      },
    },
    (request) => soporte.detalle(request.usuario, request.params.id),
  );

  app.post(
    '/soporte/conversaciones/:id/mensajes',
    {
      schema: {
        tags: ['soporte'],
        operationId: 'enviarMensajeSoporte',
        summary: 'Escribe en una conversación; si un pyme escribe en una Resuelta, vuelve a Activo',
        params: conId,
        body: mensajeCreateSchema,
        response: { 201: mensajeSoporteSchema, ...ERRORES_ESCRITURA },
      },
    },
    async (request, reply) => reply.code(201).send(await soporte.responder(request.usuario, request.params.id, request.body.texto)),
  );

  app.patch(
    '/soporte/conversaciones/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['soporte'],
        operationId: 'cambiarConversacion',
        summary: 'Cambia el estado (Activo, Pendiente, Resuelto) o la prioridad de una conversación (solo administrador)',
        params: conId,
        body: conversacionPatchSchema,
        response: { 200: conversacionSchema, ...ERRORES },
      },
    },
    (request) => soporte.cambiar(request.usuario, request.params.id, request.body),
  );

  app.post(
    '/soporte/eventos/ticket',
    {
      schema: {
        tags: ['soporte'],
        operationId: 'ticketEventosSoporte',
        summary: 'Un ticket de 60 segundos para abrir GET /api/soporte/eventos?ticket= (EventSource no manda encabezados)',
        response: { 200: z.object({ ticket: z.string(), expira_en: z.string() }), ...ERRORES },
      },
    },
    (request) => app.issueTicketEventos(request),
  );

  app.get(
    '/soporte/no-leidos',
    {
      schema: {
        tags: ['soporte'],
        operationId: 'contarNoLeidos',
        summary: 'Cuántas conversaciones y mensajes del otro lado quedan sin leer',
        response: { 200: noLeidosSchema, ...ERRORES },
      },
    },
    (request) => soporte.noLeidos(request.usuario),
  );

  app.post(
    RUTA_TICKET_PRODUCTO,
    {
      schema: {
        tags: ['soporte'],
        operationId: 'pedirProducto',
        summary: "El ticket 'Agregar Producto': abre una conversación de soporte con los datos del producto",
        body: ticketProductoSchema,
        response: { 201: ticketProductoRespuestaSchema, ...ERRORES_ESCRITURA },
      },
    },
    async (request, reply) => reply.code(201).send(await soporte.ticketProducto(request.usuario, request.body)),
  );
};

const soporteRoutes: FastifyPluginAsyncZod = async (app) => {
  // The event stream authenticates on its own (an EventSource cannot send headers).
  await app.register(eventosRoutes);
  await app.register(conversacionesRoutes);
};

export default soporteRoutes;
