// GET /api/soporte/eventos: a server-sent event stream of the support messages and changes the
// caller may see. A browser's EventSource cannot send an Authorization header, and a session token
// in a URL would end up in proxies' access logs: the page first asks for a stream ticket
// (POST /api/soporte/eventos/ticket, a token valid 60 s that only this route accepts) and connects
// with ?ticket=. The session behind it is checked as any request's; the stream ends when that
// session expires, and the browser asks for a new ticket to reconnect.
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A comment line now and then, so proxies do not close an idle stream. */
const LATIDO_MS = 25_000;

const eventosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { eventosSoporte, soporte } = app.services;

  app.get(
    '/soporte/eventos',
    {
      onRequest: [app.authenticateTicket],
      schema: {
        tags: ['soporte'],
        operationId: 'eventosSoporte',
        summary: 'Eventos en vivo (text/event-stream): mensajes nuevos y cambios de las conversaciones que quien escucha puede ver',
        description:
          'Cada evento es una línea data: con JSON { tipo: "mensaje", id_conversacion, mensaje } o { tipo: "conversacion", id_conversacion, conversacion }. Para EventSource: ?ticket= con un ticket de POST /api/soporte/eventos/ticket; también acepta el token de sesión en el encabezado Authorization.',
        querystring: z.object({ ticket: z.string().max(4096).optional() }),
        response: { 200: z.string().describe('text/event-stream'), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const usuario = request.usuario;
      const tiendas = await soporte.tiendasVisibles(usuario);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies: pass each event on at once.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      let abierto = true;
      const cerrar = () => {
        if (!abierto) return;
        abierto = false;
        clearInterval(latido);
        clearTimeout(vence);
        suscripcion.quitar();
        res.end();
      };
      const latido = setInterval(() => res.write(': latido\n\n'), LATIDO_MS);
      const vence = setTimeout(cerrar, Math.max(0, request.sesion.expira_en.getTime() - Date.now()));
      const suscripcion = { quitar: () => {} };
      request.raw.on('close', cerrar);
      suscripcion.quitar = await eventosSoporte.suscribir({
        usuario,
        tiendas,
        enviar: (evento) => {
          if (abierto) res.write(`data: ${JSON.stringify(evento)}\n\n`);
        },
        cerrar,
      });
      if (!abierto) suscripcion.quitar();
      else res.write(': conectado\n\n');
    },
  );
};

export default eventosRoutes;
