// The development inbox's viewer on a listener of its own, bound to 127.0.0.1 (never the
// app's port): a reverse proxy or a tunnel that publishes the app does not publish it. It also
// answers only requests whose Host names this machine at this port, so a tunnel pointed at it,
// or a web page rebinding a DNS name to 127.0.0.1, gets nothing. Reset links are secrets.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import devCorreosRoutes from './dev-inbox-rutas.js';
import type { DevInbox } from './dev-inbox.js';

const HOST = '127.0.0.1';

export interface DevInboxWeb {
  port: number;
  url: string;
  close(): Promise<void>;
}

export const MENSAJE_SOLO_ESTE_EQUIPO = 'La bandeja de correo de desarrollo solo se puede abrir desde este mismo equipo.';

export async function startDevInboxWeb({ inbox, port }: { inbox: DevInbox; port: number }): Promise<DevInboxWeb> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  let hostsPermitidos = new Set<string>();
  app.addHook('onRequest', async (request, reply) => {
    if (!hostsPermitidos.has((request.headers.host ?? '').toLowerCase())) {
      return reply.code(403).send({ detail: MENSAJE_SOLO_ESTE_EQUIPO, code: 'DEV_INBOX_LOCAL_ONLY' });
    }
  });
  await app.register(devCorreosRoutes, { devInbox: inbox });
  await app.listen({ host: HOST, port });
  const actual = (app.server.address() as AddressInfo).port;
  hostsPermitidos = new Set([`127.0.0.1:${actual}`, `localhost:${actual}`]);
  return { port: actual, url: `http://localhost:${actual}/dev/correos`, close: () => app.close() };
}
