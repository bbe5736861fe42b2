// Throttles failed logins: per client IP (@fastify/rate-limit's store) and per e-mail
// (an in-memory counter, see modules/auth/contador-fallos.ts). Only failures count, so
// a good login is never held back by what other clients did; but once an address or an
// IP is over its limit, even the right password waits, or guessing would go on.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { demasiadosIntentos } from '../../plugins/external/rate-limit.js';

export function createLimiteLogin(app: FastifyInstance) {
  const { limitesAcceso } = app.services;
  const fallosPorIp = app.createRateLimit({ max: limitesAcceso.loginMaxFallosPorIp, timeWindow: limitesAcceso.ventanaMs });
  const correoDe = (request: FastifyRequest) => (request.body as { username?: string } | undefined)?.username ?? '';

  return {
    /** preHandler: answers 429 before the password is even compared. */
    async comprobar(request: FastifyRequest, reply: FastifyReply) {
      const ip = await fallosPorIp(request, { increment: false });
      const esperaIp = !ip.isAllowed && ip.remaining === 0 ? ip.ttl : 0;
      const porCorreo = limitesAcceso.loginFallosPorCorreo.consultar(correoDe(request));
      const espera = Math.max(esperaIp, porCorreo.bloqueado ? porCorreo.ttlMs : 0);
      if (espera > 0) {
        reply.header('retry-after', Math.ceil(espera / 1000));
        throw demasiadosIntentos(espera);
      }
    },

    async registrarFallo(request: FastifyRequest) {
      await fallosPorIp(request);
      limitesAcceso.loginFallosPorCorreo.registrarFallo(correoDe(request));
    },

    registrarExito(request: FastifyRequest) {
      limitesAcceso.loginFallosPorCorreo.limpiar(correoDe(request));
    },
  };
}
