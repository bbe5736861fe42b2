// @fastify/rate-limit, off by default (global: false): only the routes that ask for it
// (config.rateLimit, or app.createRateLimit) are throttled. Counters live in this
// process's memory. Going over answers 429 with a Spanish message and Retry-After.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';

export function mensajeDemasiadosIntentos(ttlMs: number) {
  const minutos = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `Demasiados intentos. Intente nuevamente en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`;
}

export const demasiadosIntentos = (ttlMs: number) => new AppError(429, 'TOO_MANY_REQUESTS', mensajeDemasiadosIntentos(ttlMs));

export default fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => demasiadosIntentos(context.ttl),
    });
  },
  { name: 'rate-limit' },
);
