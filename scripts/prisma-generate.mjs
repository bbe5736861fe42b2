// Runs after every install: generates the Prisma client into apps/api/src/generated.
// Prisma's CLI wants to download its schema engine first, which our machines cannot;
// `generate` does not need it, so any existing file satisfies the check (docs/database.md).
// The CLI runs straight from node_modules with this Node: through npx, npm would warn about every
// pnpm setting it finds in the environment ("Unknown env config …") on each install.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const cli = createRequire(path.join(ROOT, 'package.json')).resolve('prisma/build/index.js');
const res = spawnSync(process.execPath, [cli, 'generate'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(res.status ?? 1);
