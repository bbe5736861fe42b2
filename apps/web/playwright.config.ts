// End-to-end tests in Debian's Chromium against the real app: the API server (with a fresh
// embedded PostgreSQL, migrated and seeded) serving the already-built SPA from dist/.
// Build first (`vite build`); this config builds nothing itself.
import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_DIR = path.dirname(fileURLToPath(import.meta.url));
const DIST_DIR = path.join(WEB_DIR, 'dist');
const DATA_ROOT = path.join(WEB_DIR, '.e2e-data');

/** A port nobody is listening on right now (asked of the OS in a child process, synchronously). */
function puertoLibre(): string {
  return execFileSync(
    process.execPath,
    ['-e', "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: 'utf8' },
  ).trim();
}

// Two lanes side by side (issue 33: the suite keeps pace). Each lane is a whole app of its own: its
// API server, its embedded PostgreSQL (migrated and seeded with the demo), its mail inbox and its
// boleta stand-in, on ports of its own. The specs share the demo shop, its shift and its stock, so two
// specs may never run against one database at once; across two databases they can. Each lane runs its
// specs one at a time, in file order, as the whole suite ran before.
//
// The config is read by the runner and again by each worker. The runner picks the ports and a
// fresh data directory per lane and leaves them in the environment, which the workers inherit.
const CARRILES = ['A', 'B'] as const;
type Carril = (typeof CARRILES)[number];
if (!process.env.E2E_DATA_DIR_A) {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error(`No existe ${DIST_DIR}/index.html: compila la web antes (npx vite build).`);
  }
  fs.rmSync(DATA_ROOT, { recursive: true, force: true });
  fs.mkdirSync(DATA_ROOT, { recursive: true });
  for (const carril of CARRILES) {
    process.env[`E2E_DATA_DIR_${carril}`] = fs.mkdtempSync(path.join(DATA_ROOT, `pg-${carril}-`));
    process.env[`E2E_PORT_${carril}`] ??= puertoLibre();
    process.env[`E2E_PG_PORT_${carril}`] ??= puertoLibre();
    process.env[`E2E_DEV_INBOX_PORT_${carril}`] ??= puertoLibre();
    // The boleta provider's local stand-in (issue #23), started by the API.
    process.env[`DTE_SIMULADOR_PORT_${carril}`] ??= puertoLibre();
  }
  // Lane A's inbox and stand-in under the names the specs that drive them read (boleta.spec.ts takes the
  // stand-in down and back, recuperacion.spec.ts reads the mail): those specs run in lane A.
  process.env.E2E_DEV_INBOX_PORT = process.env.E2E_DEV_INBOX_PORT_A;
  process.env.DTE_SIMULADOR_PORT = process.env.DTE_SIMULADOR_PORT_A;
}

const baseURLDe = (carril: Carril) => `http://127.0.0.1:${process.env[`E2E_PORT_${carril}`]}`;

// Lane A's specs, chosen so both lanes take about as long (summed test times of a run, in seconds, in
// the comment); every other spec, a new one too, runs in lane B. boleta and recuperacion must stay in A.
const CARRIL_A = [
  'telefono', // 90
  'offline', // 73
  'accesibilidad', // 55
  'cajeros', // 45
  'cargar', // 43
  'soporte', // 33
  'admin', // 25
  'capturas', // 19
  'boleta', // 18
  'caja', // 16
  'recuperacion', // 11
  'productos', // 12
].map((nombre) => `**/${nombre}.spec.ts`);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function servidor(carril: Carril) {
  return {
    // tsx is the API's dependency: run from apps/api so `--import tsx` resolves there.
    command: `"${process.execPath}" --import tsx src/server.ts`,
    cwd: path.join(WEB_DIR, '..', 'api'),
    url: `${baseURLDe(carril)}/inicio-sesion`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: process.env[`E2E_PORT_${carril}`]!,
      HOST: '127.0.0.1',
      PG_PORT: process.env[`E2E_PG_PORT_${carril}`]!,
      PG_DATA_DIR: process.env[`E2E_DATA_DIR_${carril}`]!,
      WEB_DIST_DIR: DIST_DIR,
      DEV_SMTP_PORT: '0',
      DEV_INBOX_PORT: process.env[`E2E_DEV_INBOX_PORT_${carril}`]!,
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address: keep the lockout out of its way.
      LOGIN_MAX_FAILURES_PER_EMAIL: '100',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      // ...and writes to support many times as the same few users: keep that throttle out of its way too.
      SOPORTE_MENSAJES_POR_MINUTO: '1000',
      SOPORTE_CONVERSACIONES_POR_HORA: '1000',
      // Open Food Facts is out of reach here: fail fast to the "not found" path.
      OFF_BASE_URL: 'http://127.0.0.1:9',
      OFF_TIMEOUT_MS: '500',
      DTE_SIMULADOR_PORT: process.env[`DTE_SIMULADOR_PORT_${carril}`]!,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One worker per lane; a lane's specs run one after another (fullyParallel off, workers: 1 per project).
  workers: CARRILES.length,
  // A stray test.only would skip the rest of the suite: refused in CI (.ci/run sets CI=true).
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1366, height: 768 },
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'A', testMatch: CARRIL_A, workers: 1, use: { baseURL: baseURLDe('A') } },
    { name: 'B', testIgnore: CARRIL_A, workers: 1, use: { baseURL: baseURLDe('B') } },
  ],
  webServer: CARRILES.map(servidor),
});
