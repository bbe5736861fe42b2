import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compression only where a route asks for it (`compress: {}` in its options): the offline
 * catalogue, 27 MB of JSON for 100,000 products, is about 2 MB gzipped over a barrio's mobile data
 * (bench/offline-bench.ts). Only gzip: every browser takes it, and brotli at its default quality
 * takes seconds of CPU on 27 MB. Other answers are small, and the exports stream their own files.
 */
export default fp(async (app: FastifyInstance) => app.register(compress, { global: false, encodings: ['gzip'] }), {
  name: 'compress',
});
