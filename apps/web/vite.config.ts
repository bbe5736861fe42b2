import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRIMIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Beside every text file of the build, its .br and .gz, compressed once at the highest levels:
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing each
 * response or sending the JavaScript raw. Files under 1 KB are not worth a second request header.
 */
function precomprimir(): Plugin {
  let salida = 'dist';
  return {
    name: 'minimarket-precomprimir',
    apply: 'build',
    configResolved(config) {
      salida = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const archivos = fs.readdirSync(salida, { recursive: true, encoding: 'utf8' }).filter((f) => COMPRIMIBLE.test(f));
      await Promise.all(
        archivos.map(async (f) => {
          const ruta = path.join(salida, f);
          const contenido = fs.readFileSync(ruta);
          if (contenido.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(contenido, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: contenido.length },
            }),
            gzip(contenido, { level: 9 }),
          ]);
          fs.writeFileSync(`${ruta}.br`, br);
          fs.writeFileSync(`${ruta}.gz`, gz);
        }),
      );
    },
  };
}

// In development the SPA and the API share an origin through this proxy, as in production
// where the API serves the built SPA itself.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precomprimir()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // exceljs's browser build (~930 KB, ~256 KB gzip) is one chunk loaded only on 'Descargar XLSX'.
    chunkSizeWarningLimit: 1000,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
