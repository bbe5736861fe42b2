import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** POST /auth/token is form-encoded (OAuth2 password flow). */
export default fp(async (app: FastifyInstance) => app.register(formbody), { name: 'formbody' });
