// GET /api/soporte/eventos: a server-sent event stream of the support messages and changes the
// caller may see. A browser's EventSource cannot send an Authorization header, and a session token
// in a URL would end up in proxies' access logs: the page first asks for a stream ticket
// (POST /api/soporte/eventos/ticket, a token valid 60 s that only this route accepts) and connects
// with ?ticket=, once (a ticket opens one stream). The session behind it is checked as any
// request's; the stream ends when that session expires or is ended (logout, deactivation, a new
// role or password, its shops changing owner: modules/soporte/eventos.ts), or when a write fails,
// and the browser asks for a new ticket to reconnect.
import { errorSchema } from '@minimarket/contracts/comunes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A comment line now and then, so proxies do not close an idle stream. */
const LATIDO_MS = 25_000;
/** setTimeout's longest wait (about 24.8 days); a longer session is ended by the periodic check. */
const MAX_TIMEOUT_MS = 2_147_483_647;

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
          'Cada evento es una línea data: con JSON { tipo: "mensaje", id_conversacion, mensaje } , { tipo: "conversacion", id_conversacion, conversacion } o { tipo: "refrescar" } (pudo perderse algo: volver a pedir listas y conversación). Para EventSource: ?ticket= con un ticket de POST /api/soporte/eventos/ticket, que abre un solo flujo una sola vez (usado de nuevo: 401); también acepta el token de sesión en el encabezado Authorization. El flujo termina al cerrarse o cambiar la sesión (cerrar sesión, desactivación, cambio de rol o de contraseña, una tienda que cambia de dueño), en cualquier réplica.',
        querystring: z.object({ ticket: z.string().max(4096).optional() }),
        response: { 200: z.string().describe('text/event-stream'), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const usuario = request.usuario;
      const tiendas = await soporte.tiendasVisibles(usuario);
      reply.hijack();
      const res = reply.raw;
      let abierto = true;
      let latido: NodeJS.Timeout | undefined;
      let vence: NodeJS.Timeout | undefined;
      let quitar = () => {};
      /** Ends the stream once, whatever ends it: the browser, the session, a failure, the server closing. */
      const cerrar = () => {
        if (!abierto) return;
        abierto = false;
        clearInterval(latido);
        clearTimeout(vence);
        quitar();
        try {
          res.end();
        } catch {
          res.destroy();
        }
      };
      /** A write that fails (the connection broke) ends the stream instead of throwing at the sender. */
      const escribir = (texto: string) => {
        if (!abierto) return;
        try {
          res.write(texto);
        } catch (err) {
          request.log.warn({ err }, 'No se pudo escribir en un flujo de eventos de soporte');
          cerrar();
        }
      };
      res.on('error', cerrar);
      res.on('close', cerrar);
      request.raw.on('close', cerrar);
      try {
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // nginx and similar proxies: pass each event on at once.
          'x-accel-buffering': 'no',
        });
        escribir('retry: 3000\n\n');
        latido = setInterval(() => escribir(': latido\n\n'), LATIDO_MS);
        vence = setTimeout(cerrar, Math.min(MAX_TIMEOUT_MS, Math.max(0, request.sesion.expira_en.getTime() - Date.now())));
        const dejar = await eventosSoporte.suscribir({
          usuario,
          sesion: { jti: request.sesion.jti, auth_time: request.sesion.auth_time, expira: request.sesion.expira_en.getTime() },
          tiendas,
          enviar: (evento) => escribir(`data: ${JSON.stringify(evento)}\n\n`),
          cerrar,
        });
        quitar = dejar;
        if (!abierto) dejar();
        else escribir(': conectado\n\n');
      } catch (err) {
        // Listening failed (the database is down, say): the stream ends, the browser tries again later.
        request.log.error({ err }, 'No se pudo abrir el flujo de eventos de soporte');
        cerrar();
      }
    },
  );
};

export default eventosRoutes;
