// The connection an import runs on: its own (COPY and TEMP tables need one session for the
// whole import), tuned for bulk work.
import pg from 'pg';
import { TIPOS_PG } from '../db/ids.js';

/** Per import session (at most a few run at once per replica); must be set before the first temp table. */
const TEMP_BUFFERS = '256MB';
/** Sorts and hashes of a 300,000-line file stay in memory. */
const WORK_MEM = '64MB';

/** A new connection; the staging tables live in memory while they fit, not in temp files. */
export async function abrirConexionDeCarga(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'minimarket-importacion', types: TIPOS_PG });
  // The server going away between two statements (a restart, a failover) is emitted here; with no
  // listener it would end the process. The client is then unusable and the import's next
  // statement fails with it, which is where the import deals with it.
  client.on('error', () => {});
  await client.connect();
  await client.query(`SET temp_buffers = '${TEMP_BUFFERS}'`);
  return client;
}

/**
 * BEGIN, for statements that are all bulk. Right after a big import the table statistics are
 * stale, and the planner then takes the shop for a handful of products and picks nested loops
 * that turn quadratic over a 100,000-row staging table: hash joins are always right here.
 */
export async function empezarTransaccionMasiva(client: pg.ClientBase) {
  await client.query('BEGIN');
  await client.query('SET LOCAL enable_nestloop = off');
  await client.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
}
