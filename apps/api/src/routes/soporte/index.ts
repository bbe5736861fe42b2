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
import { pagina, rutasDe } from '../respuestas.js';
import eventosRoutes from './eventos.js';

const conId = z.object({ id: id64Schema });
/** Writing (a message, a new conversation) is throttled per user: also 429 past the limit (modules/limites). */
const LIMITE_ESCRITURA = { 429: errorSchema } as const;

const RUTAS = rutasDe('soporte', {
  abrirConversacion: {
    summary: 'Abre una conversación de soporte para la tienda de quien escribe (solo pyme), con su primer mensaje',
    body: conversacionCreateSchema,
    response: { 201: conversacionSchema, ...LIMITE_ESCRITURA },
  },
  listarConversaciones: {
    summary: 'Conversaciones de soporte: un pyme ve solo las suyas, un administrador todas; total en x-total-count',
    querystring: conversacionesQuerySchema,
    response: { 200: z.array(conversacionSchema) },
  },
  obtenerConversacion: {
    summary: 'Una conversación con sus mensajes, del más antiguo al más nuevo; leerla la marca leída para quien la lee',
    params: conId,
    response: { 200: conversacionDetalleSchema },
  },
  enviarMensajeSoporte: {
    summary: 'Escribe en una conversación; si un pyme escribe en una Resuelta, vuelve a Activo',
    params: conId,
    body: mensajeCreateSchema,
    response: { 201: mensajeSoporteSchema, ...LIMITE_ESCRITURA },
  },
  cambiarConversacion: {
    summary: 'Cambia el estado (Activo, Pendiente, Resuelto) o la prioridad de una conversación (solo administrador)',
    params: conId,
    body: conversacionPatchSchema,
    response: { 200: conversacionSchema },
  },
  ticketEventosSoporte: {
    summary: 'Un ticket de 60 segundos para abrir GET /api/soporte/eventos?ticket= (EventSource no manda encabezados)',
    response: { 200: z.object({ ticket: z.string(), expira_en: z.string() }) },
  },
  contarNoLeidos: {
    summary: 'Cuántas conversaciones y mensajes del otro lado quedan sin leer',
    response: { 200: noLeidosSchema },
  },
  pedirProducto: {
    summary: "El ticket 'Agregar Producto': abre una conversación de soporte con los datos del producto",
    body: ticketProductoSchema,
    response: { 201: ticketProductoRespuestaSchema, ...LIMITE_ESCRITURA },
  },
});

/** Every route but the event stream, behind the session check. */
const conversacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { soporte } = app.services;
  app.addHook('onRequest', app.authenticate);

  app.post('/soporte/conversaciones', RUTAS.abrirConversacion, async (request, reply) =>
    reply.code(201).send(await soporte.abrir(request.usuario, request.body)),
  );
  app.get('/soporte/conversaciones', RUTAS.listarConversaciones, (request, reply) =>
    pagina(reply, soporte.listar(request.usuario, request.query)),
  );
  app.get('/soporte/conversaciones/:id', RUTAS.obtenerConversacion, (request) => soporte.detalle(request.usuario, request.params.id));
  app.post('/soporte/conversaciones/:id/mensajes', RUTAS.enviarMensajeSoporte, async (request, reply) =>
    reply.code(201).send(await soporte.responder(request.usuario, request.params.id, request.body.texto)),
  );
  app.patch('/soporte/conversaciones/:id', { ...RUTAS.cambiarConversacion, onRequest: [app.requireAdmin] }, (request) =>
    soporte.cambiar(request.usuario, request.params.id, request.body),
  );
  app.post('/soporte/eventos/ticket', RUTAS.ticketEventosSoporte, (request) => app.issueTicketEventos(request));
  app.get('/soporte/no-leidos', RUTAS.contarNoLeidos, (request) => soporte.noLeidos(request.usuario));
  app.post(RUTA_TICKET_PRODUCTO, RUTAS.pedirProducto, async (request, reply) =>
    reply.code(201).send(await soporte.ticketProducto(request.usuario, request.body)),
  );
};

const soporteRoutes: FastifyPluginAsyncZod = async (app) => {
  // The event stream authenticates on its own (an EventSource cannot send headers).
  await app.register(eventosRoutes);
  await app.register(conversacionesRoutes);
};

export default soporteRoutes;
