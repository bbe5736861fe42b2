import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * The installable app (issue 22, docs/offline.md): a service worker made by Workbox precaches the
 * built shell, so once opened the app loads with no connection; every other path that is not
 * /api answers with index.html (client-side routes). 'prompt': a new version waits until the
 * person presses «Actualizar» (app/actualizacion.tsx), never mid-sale.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    name: 'Minimarket · Back office',
    short_name: 'Minimarket',
    description: 'Ventas, caja, inventario y fiado de tu minimarket.',
    lang: 'es-CL',
    dir: 'ltr',
    start_url: '/pos/nueva-venta',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0f766e',
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // exceljs's browser chunk (~930 KB) is precached too: Descargar XLSX is a screen like any other.
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa, precomprimir()],
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
