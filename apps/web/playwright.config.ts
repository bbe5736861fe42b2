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

// The config is read by the runner and again by each worker. The runner picks the ports and a
// fresh data directory and leaves them in the environment, which the workers inherit.
if (!process.env.E2E_DATA_DIR) {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error(`No existe ${DIST_DIR}/index.html: compila la web antes (npx vite build).`);
  }
  fs.rmSync(DATA_ROOT, { recursive: true, force: true });
  fs.mkdirSync(DATA_ROOT, { recursive: true });
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(DATA_ROOT, 'pg-'));
  process.env.E2E_PORT ??= puertoLibre();
  process.env.E2E_PG_PORT ??= puertoLibre();
  process.env.E2E_DEV_INBOX_PORT ??= puertoLibre();
  // The boleta provider's local stand-in (issue #23), started by the API; e2e/boleta.spec.ts tells it
  // to go down and come back through this port. A free one, like the others, so two runs can share a machine.
  process.env.DTE_SIMULADOR_PORT ??= puertoLibre();
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One worker. Tried (issue 33): two lanes, each a whole app with its own PostgreSQL and one worker. On
  // 2 cores it gained nothing: 11.7 and 12.5 min in two lanes against 11.1 to 13.3 min in one, every test
  // slower (two Chromiums, two APIs and two databases share the same two cores), with twice the load on a
  // busy machine. Worth trying again on more cores.
  workers: 1,
  // A stray test.only would skip the rest of the suite: refused in CI (.ci/run sets CI=true).
  forbidOnly: Boolean(process.env.CI),
  fullyParallel: false,
  retries: 0,
  // Tests wait on states, never on a time: a generous ceiling only matters on a loaded machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1366, height: 768 },
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // tsx is the API's dependency: run from apps/api so `--import tsx` resolves there.
    command: `"${process.execPath}" --import tsx src/server.ts`,
    cwd: path.join(WEB_DIR, '..', 'api'),
    url: `${baseURL}/inicio-sesion`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT!,
      HOST: '127.0.0.1',
      PG_PORT: process.env.E2E_PG_PORT!,
      PG_DATA_DIR: process.env.E2E_DATA_DIR!,
      WEB_DIST_DIR: DIST_DIR,
      DEV_SMTP_PORT: '0',
      DEV_INBOX_PORT: process.env.E2E_DEV_INBOX_PORT!,
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
      DTE_SIMULADOR_PORT: process.env.DTE_SIMULADOR_PORT!,
    },
  },
});
