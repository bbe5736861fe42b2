// Starts the product: the database (embedded unless DATABASE_URL is set), the
// migrations, the demo data, then the HTTP server. Stops all of it on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { createDb } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { migrate } from './db/migrate.js';
import { seedDemo } from './db/seed/seed.js';
import { readEnv } from './env.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';

const env = readEnv();
let embedded: EmbeddedDatabase | undefined;
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  console.log(`Iniciando PostgreSQL embebido en ${env.PG_DATA_DIR} (puerto ${env.PG_PORT})...`);
  embedded = await startEmbeddedPostgres({ dataDir: env.PG_DATA_DIR, port: env.PG_PORT });
  databaseUrl = embedded.url;
}

const db = createDb(databaseUrl);
let app: Awaited<ReturnType<typeof buildApp>> | undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: deteniendo el servidor...`);
  try {
    await app?.close();
    await db.$disconnect();
  } finally {
    await embedded?.stop().catch(() => {});
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
  if (env.SEED_DEMO) {
    const { creado } = await seedDemo(db);
    if (creado) console.log('Datos de demostración cargados.');
  }
  app = await buildApp({ env, db, jwtSecret: resolveJwtSecret(env.JWT_SECRET, env.PG_DATA_DIR) });
  await app.listen({ host: env.HOST, port: env.PORT });
  console.log(`
  Minimarket está listo en http://localhost:${env.PORT}
  Documentación de la API: http://localhost:${env.PORT}/api/docs

  Cuentas de demostración:
    admin@demo.cl  / Admin1234  (administrador)
    pyme@demo.cl   / Pyme1234   (pyme, Minimarket Don Pepe)
    pyme2@demo.cl  / Pyme1234   (pyme, Almacén La Esquina)
`);
} catch (err) {
  console.error('No se pudo iniciar el servidor:', err);
  await db.$disconnect().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(1);
}
