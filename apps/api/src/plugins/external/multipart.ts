import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * File uploads (POST /upload/files/): one file, at most MAX_UPLOAD_MB. Past the limit the
 * file stream is cut and the upload answered 413 (modules/cargas). The file is streamed
 * to disk, never buffered in memory.
 */
export default fp(
  async (app: FastifyInstance, opts: { maxUploadMb: number }) => {
    await app.register(multipart, {
      limits: {
        fileSize: Math.floor(opts.maxUploadMb * 1024 * 1024),
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 11,
        headerPairs: 100,
      },
    });
  },
  { name: 'multipart' },
);
