// Serves the built SPA from one origin with the API: files as they are, and
// index.html for every other GET that wants HTML (client-side routes).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance, opts: { distDir: string }) => {
    const index = path.join(opts.distDir, 'index.html');
    if (!fs.existsSync(index)) {
      app.log.warn(`No se encontró la web compilada en ${opts.distDir}; solo la API está disponible.`);
      return;
    }
    const assets = path.join(opts.distDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build wrote a .br and a .gz beside each text file (apps/web/vite.config.ts): sent as
      // they are to a browser that accepts them, never compressed per request.
      preCompressed: true,
      // Vite's hashed assets never change: a phone keeps them a year without asking again.
      // Everything else (index.html, the favicon) is revalidated on every visit.
      cacheControl: false,
      setHeaders: (reply, ruta) =>
        reply.header('cache-control', ruta.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url.startsWith('/api/') || url === '/api') {
        return reply.code(404).send({ detail: 'Recurso no encontrado.', code: 'NOT_FOUND' });
      }
      const file = path.normalize(decodeURIComponent(url)).replace(/^(\.\.[/\\])+/, '');
      const candidate = path.join(opts.distDir, file);
      if (candidate.startsWith(opts.distDir) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return reply.sendFile(file);
      return reply.sendFile('index.html');
    });
  },
  { name: 'static-web' },
);
