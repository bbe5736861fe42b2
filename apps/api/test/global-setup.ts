import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed/seed.js';

export const TEMPLATE_DB = 'minimarket_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDb: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-test-pg-'));
  const port = 56000 + Math.floor(Math.random() * 2000);
  const pg = await startEmbeddedPostgres({ dataDir, port, database: TEMPLATE_DB });
  await migrate(pg.url);
  const db = createDb(pg.url, 2);
  await seedDemo(db);
  await db.$disconnect();
  project.provide('pgServerUrl', pg.serverUrl);
  project.provide('templateDb', TEMPLATE_DB);
  return async () => {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
