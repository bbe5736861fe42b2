// What `npm run respaldo` and `npm run restaurar` share: the API's backup commands
// (apps/api/src/modules/respaldos/cli.ts) run as the built JavaScript beside the server,
// apps/api/dist/respaldos.js, by `node` alone, the way `npm start` runs dist/server.js (lib.mjs
// spawnServer): no TypeScript loader. The API is built first, as start builds it (turbo replays an
// unchanged build from its cache in a moment), so the command never runs code older than the
// checkout; an install comes first if this checkout has none yet. They run from the repo root,
// like the server: a relative PG_DATA_DIR, RESPALDO_DIR or archive path means the same folder for all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { install, pnpm, ROOT } from './lib.mjs';

const API_DIR = path.join(ROOT, 'apps', 'api');
export const RESPALDOS_JS = path.join(API_DIR, 'dist', 'respaldos.js');

export function correrComandoDeRespaldos(comando, args) {
  // turbo at the root and esbuild in the API build it: without them, nothing is installed yet.
  if (!fs.existsSync(path.join(ROOT, 'node_modules', 'turbo')) || !fs.existsSync(path.join(API_DIR, 'node_modules', 'esbuild'))) install();
  console.log('› Compilando la API...');
  pnpm(['exec', 'turbo', 'run', 'build', '--filter=@minimarket/api', '--output-logs=errors-only']);
  if (!fs.existsSync(RESPALDOS_JS)) {
    console.error(`✖ No se encontró ${path.relative(ROOT, RESPALDOS_JS)} después de compilar la API: revise los mensajes de arriba.`);
    process.exit(1);
  }
  // npm runs scripts from the root; INIT_CWD is where the person typed the command.
  const donde = process.env.INIT_CWD ?? process.cwd();
  const argumentos = args.map((a) => (a.startsWith('--') ? a : path.resolve(donde, a)));
  const res = spawnSync(process.execPath, ['--enable-source-maps', RESPALDOS_JS, comando, ...argumentos], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  process.exit(res.status ?? 1);
}
