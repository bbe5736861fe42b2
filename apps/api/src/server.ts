// Starts the product: the database (embedded unless DATABASE_URL is set), the migrations,
// the demo data or the first administrador, the development inbox where it belongs, then the
// HTTP server. Stops all of it on SIGINT/SIGTERM. Several copies may run over one database.
import { buildApp, type App } from './app.js';
import { createDb } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { migrate } from './db/migrate.js';
import { lineasCuentasDemo, seedDemo } from './db/seed/seed.js';
import { cargaDatosDemo, readEnv, simuladorDtePermitido, usaBandejaDeDesarrollo, type Env } from './env.js';
import { crearSimuladorDte, type SimuladorDte } from './modules/dte/simulador.js';
import { describirErrorDeArranque } from './lib/error-de-arranque.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { startDevInbox, type DevInbox } from './modules/correo/dev-inbox.js';
import { startDevInboxWeb, type DevInboxWeb } from './modules/correo/dev-inbox-web.js';
import { crearPrimerAdministrador } from './modules/usuarios/primer-administrador.js';

/** One Spanish line saying why, never "undefined" (see lib/error-de-arranque.ts). */
function informarFallo(err: unknown, puertos: Record<string, number> = {}) {
  const { mensaje, detalle } = describirErrorDeArranque(err, puertos);
  console.error(`No se pudo iniciar el servidor: ${mensaje}`);
  if (detalle) console.error(`\nDetalle técnico:\n${detalle}`);
}

let env: Env;
let jwtSecret: string;
try {
  env = readEnv();
  // Checked before anything starts: a deployment without its secret must not come up at all.
  jwtSecret = resolveJwtSecret(env);
} catch (err) {
  informarFallo(err);
  process.exit(1);
}
let embedded: EmbeddedDatabase | undefined;
let databaseUrl = env.DATABASE_URL;
let db: ReturnType<typeof createDb> | undefined;
let app: App | undefined;
let devInbox: DevInbox | undefined;
let devInboxWeb: DevInboxWeb | undefined;
let simuladorDte: SimuladorDte | undefined;

async function detenerTodo() {
  await app?.close().catch((err) => console.error('Al cerrar la app:', err));
  await db?.$disconnect().catch(() => {});
  await devInboxWeb?.close().catch(() => {});
  await devInbox?.close().catch(() => {});
  await simuladorDte?.cerrar().catch(() => {});
  await embedded?.stop().catch(() => {});
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: deteniendo el servidor...`);
  await detenerTodo();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A closed terminal: the same clean stop (async-exit-hook no longer does it for us: senalesPropias).
process.on('SIGHUP', () => void shutdown('SIGHUP'));

try {
  if (!databaseUrl) {
    console.log(`Iniciando PostgreSQL embebido en ${env.PG_DATA_DIR} (puerto ${env.PG_PORT})...`);
    // A PostgreSQL left running by a run that died is stopped first, and said so (db/embedded-postgres.ts).
    embedded = await startEmbeddedPostgres({ dataDir: env.PG_DATA_DIR, port: env.PG_PORT, senalesPropias: true });
    databaseUrl = embedded.url;
  }
  db = createDb(databaseUrl);
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
  const demo = cargaDatosDemo(env);
  if (demo && (await seedDemo(db)).creado) console.log('Datos de demostración cargados.');
  if (env.ADMIN_EMAIL || env.ADMIN_PASSWORD) {
    if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) throw new Error('ADMIN_EMAIL y ADMIN_PASSWORD van juntas: defina las dos.');
    const r = await crearPrimerAdministrador(db, { correo: env.ADMIN_EMAIL, contrasena: env.ADMIN_PASSWORD });
    if (r === 'creado') console.log(`Administrador creado: ${env.ADMIN_EMAIL}`);
  }
  if (usaBandejaDeDesarrollo(env)) {
    devInbox = await startDevInbox({
      port: env.DEV_SMTP_PORT,
      fallbackToFreePort: true,
      onError: (err) => console.warn('Bandeja de correo de desarrollo:', err.message),
    });
    devInboxWeb = await startDevInboxWeb({ inbox: devInbox, port: env.DEV_INBOX_PORT });
  }
  // The boleta provider's local stand-in, for shops whose provider is 'simulador' (docs/boleta.md).
  // Its port taken (another copy of the app): any free one, as the mail inbox does. Never in
  // production unless the operator allowed it (DTE_PERMITIR_SIMULADOR): its boletas are not SII's.
  if (!env.DTE_SIMULADOR_URL && simuladorDtePermitido(env)) {
    simuladorDte = await crearSimuladorDte({ port: env.DTE_SIMULADOR_PORT }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      return crearSimuladorDte({ port: 0 });
    });
  }
  // DATABASE_URL always set for the app: imports open their own connection (COPY).
  const appEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    ...(devInbox ? { SMTP_URL: devInbox.smtpUrl } : {}),
    ...(simuladorDte ? { DTE_SIMULADOR_URL: simuladorDte.url } : {}),
  };
  app = await buildApp({ env: appEnv, db, jwtSecret, baseEmbebida: embedded !== undefined });
  await app.listen({ host: env.HOST, port: env.PORT });
  const lineaCorreos = devInboxWeb ? `\n  Correos enviados (bandeja de desarrollo): ${devInboxWeb.url}` : '';
  const lineaBoletas = simuladorDte ? `\n  Simulador de boletas (no válidas ante el SII): ${simuladorDte.url}` : '';
  // The demo logins only where the demo data is; never a password the database does not have.
  const cuentas = demo
    ? `\n\n  Cuentas de demostración:\n${lineasCuentasDemo()
        .map((l) => `    ${l}`)
        .join('\n')}`
    : '';
  console.log(`
  Minimarket está listo en http://localhost:${env.PORT}
  Documentación de la API: http://localhost:${env.PORT}/api/docs${lineaCorreos}${lineaBoletas}${cuentas}
`);
} catch (err) {
  informarFallo(err, { PORT: env.PORT, DEV_INBOX_PORT: env.DEV_INBOX_PORT });
  await detenerTodo();
  process.exit(1);
}
