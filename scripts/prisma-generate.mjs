// Runs after every install: generates the Prisma client into apps/api/src/generated.
// Prisma's CLI wants to download its schema engine first, which our machines cannot;
// `generate` does not need it, so any existing file satisfies the check (docs/database.md).
import { spawnSync } from 'node:child_process';
import { ROOT } from './lib.mjs';

const res = spawnSync('npx', ['--no-install', 'prisma', 'generate'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(res.status ?? 1);
