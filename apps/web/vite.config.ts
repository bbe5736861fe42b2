import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
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

/**
 * The modules an offline reload of the till needs besides the entry (with their static imports): the
 * signed-in frame and layout, the POS route (the till, CAJA, Transacciones…), the receipts, the first
 * screen after signing in, the toasts and the service worker's own registration.
 */
const RAICES_CASCARON = [
  'src/app/layout/con-caja-compartida.tsx',
  'src/app/layout/main-layout.tsx',
  'src/app/routes/pos.tsx',
  'src/app/routes/comprobante.tsx',
  'src/app/routes/inicio.tsx',
  'src/app/toaster.tsx',
  'src/app/actualizacion.tsx',
];
/** The service worker's second cache: the rest of the app, fetched once it has taken over. */
const CACHE_RESTO = 'minimarket-resto';
const SW_RESTO = 'sw-resto.js';

/**
 * The app shell first (issue 32, docs/offline.md «La app sin red»). The service worker installs with the
 * shell and the till only (RAICES_CASCARON's chunks, about a third of the app), so on a first visit it
 * takes over sooner and a reload without a connection finds the till; everything else (Visualizar's
 * charts, the Excel writer, the timbre…) goes into its own cache right after it activates (SW_RESTO,
 * written here beside sw.js), and any file asked for before that is kept as it is fetched (CacheFirst:
 * the names carry their hash). A root that no chunk comes from any more stops the build.
 */
function cascaronPrimero(): Plugin & { cascaron: Set<string> } {
  const cascaron = new Set<string>();
  let resto: string[] = [];
  return {
    name: 'minimarket-cascaron-primero',
    apply: 'build',
    cascaron,
    generateBundle(_opciones, bundle) {
      cascaron.clear();
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const porArchivo = new Map(chunks.map((c) => [c.fileName, c]));
      const raices = chunks.filter((c) => c.isEntry || RAICES_CASCARON.some((r) => c.facadeModuleId?.endsWith(r)));
      for (const r of RAICES_CASCARON) {
        if (!raices.some((c) => c.facadeModuleId?.endsWith(r)))
          this.error(`cascaronPrimero: ningún archivo de la compilación viene de ${r}.`);
      }
      const pendientes = [...raices];
      while (pendientes.length > 0) {
        const c = pendientes.pop()!;
        if (cascaron.has(c.fileName)) continue;
        cascaron.add(c.fileName);
        for (const css of c.viteMetadata?.importedCss ?? []) cascaron.add(css);
        for (const i of c.imports) {
          const dep = porArchivo.get(i);
          if (dep) pendientes.push(dep);
        }
      }
      resto = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/') && /\.(js|css)$/.test(f) && !cascaron.has(f))
        .sort();
    },
    writeBundle(opciones) {
      // Runs inside the service worker (importScripts): once active, the rest of the app into its own
      // cache, and the files of older versions out of it.
      const codigo = `// Written by apps/web/vite.config.ts (cascaronPrimero): do not edit.
const RESTO = ${JSON.stringify(resto)};
self.addEventListener('activate', () => {
  const vigentes = new Set(RESTO.map((u) => new URL(u, self.registration.scope).href));
  caches.open(${JSON.stringify(CACHE_RESTO)}).then(async (cache) => {
    for (const peticion of await cache.keys()) if (!vigentes.has(peticion.url)) await cache.delete(peticion);
    for (const url of vigentes) if (!(await cache.match(url))) await cache.add(url).catch(() => {});
  });
});
`;
      fs.writeFileSync(path.join(opciones.dir ?? 'dist', SW_RESTO), codigo);
    },
  };
}
const cascaron = cascaronPrimero();

// In development the SPA and the API share an origin through this proxy, as in production
// where the API serves the built SPA itself.
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8000';

/**
 * The installable app (issue 22, docs/offline.md): a service worker made by Workbox precaches the
 * app shell and the till (cascaronPrimero), so once opened the app loads with no connection; every
 * other path that is not /api answers with index.html (client-side routes). 'prompt': a new version
 * waits until the person presses «Actualizar» (app/actualizacion.tsx), never mid-sale. The first one
 * takes the open page over as soon as it is active (clientsClaim): from then on even the page of the
 * first visit gets its screens from the cache.
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
    globIgnores: [SW_RESTO],
    // Of the built files, the service worker installs with the shell and the till (and index.html,
    // the icons): the rest is SW_RESTO's, after it activates.
    manifestTransforms: [
      async (entradas) => ({
        manifest: entradas.filter((e) => !e.url.startsWith('assets/') || cascaron.cascaron.has(e.url)),
        warnings: [],
      }),
    ],
    importScripts: [SW_RESTO],
    runtimeCaching: [
      {
        urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: CACHE_RESTO },
      },
    ],
    clientsClaim: true,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // exceljs's browser chunk (~930 KB) is in the rest: Descargar XLSX is a screen like any other.
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), cascaron, pwa, precomprimir()],
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
