// Helpers shared by the root scripts (start, test, bench, dev). They run with Node.js
// alone, before anything is installed, so they use nothing outside Node's standard library.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** pnpm through npx: corepack's signature check fails against our registry (docs/toolchain.md). */
export const PNPM = ['--yes', 'pnpm@10.34.8'];

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  if (res.status !== 0) {
    console.error(`\n✖ Falló: ${cmd} ${args.join(' ')}`);
    process.exit(res.status ?? 1);
  }
}

export const pnpm = (args, opts) => run('npx', [...PNPM, ...args], opts);

/** Installs the workspace exactly as the lockfile says (and generates the Prisma client). */
export function install() {
  console.log('› Instalando dependencias (pnpm)...');
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only'], {
    env: { npm_config_update_notifier: 'false' },
  });
}

/** The web (Vite) and the API (to plain JavaScript, apps/api/dist/server.js). */
export function build() {
  console.log('› Compilando la web y la API...');
  pnpm(['exec', 'turbo', 'run', 'build', '--filter=@minimarket/web', '--filter=@minimarket/api', '--output-logs=errors-only']);
}

export const SERVER_JS = path.join(ROOT, 'apps', 'api', 'dist', 'server.js');

/** The built API server as a direct child (no npx/pnpm layers), so signals reach it. */
export function spawnServer(env = {}, stdio = 'inherit', nodeBinary = process.execPath) {
  return spawn(nodeBinary, ['--enable-source-maps', SERVER_JS], {
    cwd: ROOT,
    stdio,
    env: { ...process.env, ...env },
  });
}
