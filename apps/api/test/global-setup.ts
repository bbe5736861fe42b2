import fs from 'node:fs';
import net from 'node:net';
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

/** A port nobody listens on right now (other test runs may share the machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'minimarket-test-pg-'));
  const port = await freePort();
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
