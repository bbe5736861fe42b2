// Starts the product: the database (embedded unless DATABASE_URL is set), the
// migrations, the demo data, then the HTTP server. Stops all of it on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { createDb } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { migrate } from './db/migrate.js';
import { lineasCuentasDemo, seedDemo } from './db/seed/seed.js';
import { readEnv } from './env.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { marcarCargasInterrumpidas } from './modules/cargas/cargas.service.js';
import { startDevInbox, type DevInbox } from './modules/correo/dev-inbox.js';

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
let devInbox: DevInbox | undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: deteniendo el servidor...`);
  try {
    await app?.close();
    await db.$disconnect();
  } finally {
    await devInbox?.close().catch(() => {});
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
  // An upload cut by the last stop is not resumed (its file is gone): it ends 'Error'.
  const interrumpidas = await marcarCargasInterrumpidas(db);
  if (interrumpidas > 0) console.log(`Cargas interrumpidas marcadas como Error: ${interrumpidas}`);
  // No SMTP_URL: mail goes to a local development inbox, readable at /dev/correos.
  if (!env.SMTP_URL && env.NODE_ENV !== 'test') {
    devInbox = await startDevInbox({
      port: env.DEV_SMTP_PORT,
      fallbackToFreePort: true,
      onError: (err) => console.warn('Bandeja de correo de desarrollo:', err.message),
    });
  }
  // DATABASE_URL always set for the app: imports open their own connection (COPY).
  const appEnv = { ...env, DATABASE_URL: databaseUrl, ...(devInbox ? { SMTP_URL: devInbox.smtpUrl } : {}) };
  app = await buildApp({ env: appEnv, db, jwtSecret: resolveJwtSecret(env.JWT_SECRET, env.PG_DATA_DIR), devInbox });
  await app.listen({ host: env.HOST, port: env.PORT });
  const puertoOcupado = devInbox && devInbox.port !== env.DEV_SMTP_PORT ? `; el ${env.DEV_SMTP_PORT} estaba ocupado` : '';
  const lineaCorreos = devInbox
    ? `\n  Correos enviados (bandeja de desarrollo): http://localhost:${env.PORT}/dev/correos (SMTP en 127.0.0.1:${devInbox.port}${puertoOcupado})`
    : '';
  // The demo logins only where the demo data is (SEED_DEMO); never a password the database does not have.
  const cuentas = env.SEED_DEMO ? `\n\n  Cuentas de demostración:\n${lineasCuentasDemo().map((l) => `    ${l}`).join('\n')}` : '';
  console.log(`
  Minimarket está listo en http://localhost:${env.PORT}
  Documentación de la API: http://localhost:${env.PORT}/api/docs${lineaCorreos}${cuentas}
`);
} catch (err) {
  console.error('No se pudo iniciar el servidor:', err);
  await db.$disconnect().catch(() => {});
  await devInbox?.close().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(1);
}
