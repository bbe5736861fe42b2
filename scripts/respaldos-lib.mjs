// What `npm run respaldo` and `npm run restaurar` share: the API's backup commands run with its own
// dependencies through tsx (as the benches do), after an install if this checkout has none yet.
// They run from the repo root, like the server (lib.mjs spawnServer): a relative PG_DATA_DIR,
// RESPALDO_DIR or archive path means the same folder for all of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { install, ROOT } from './lib.mjs';

const API_DIR = path.join(ROOT, 'apps', 'api');

export function correrComandoDeRespaldos(comando, args) {
  if (!fs.existsSync(path.join(API_DIR, 'node_modules', 'tsx'))) install();
  // tsx lives in the API's node_modules, not the root's: its loader by absolute address.
  const tsx = pathToFileURL(createRequire(path.join(API_DIR, 'package.json')).resolve('tsx')).href;
  // npm runs scripts from the root; INIT_CWD is where the person typed the command.
  const donde = process.env.INIT_CWD ?? process.cwd();
  const argumentos = args.map((a) => (a.startsWith('--') ? a : path.resolve(donde, a)));
  const res = spawnSync(
    process.execPath,
    ['--import', tsx, path.join(API_DIR, 'src', 'modules', 'respaldos', 'cli.ts'), comando, ...argumentos],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  process.exit(res.status ?? 1);
}
