import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance, opts: { secret: string; expiresIn: string }) => {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.expiresIn } });
  },
  { name: 'jwt' },
);
