// Every setting of the API, read from process.env once and validated at start.
// .env.example at the repo root documents each one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ErrorDeArranque } from './lib/error-de-arranque.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Where the app listens. Loopback unless said otherwise (a container or a server sets 0.0.0.0). */
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().positive().default(8000),
  /** Public address of the app, used in e-mailed links. */
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  PG_DATA_DIR: z.string().default(path.join(REPO_ROOT, '.data', 'postgres')),
  PG_PORT: z.coerce.number().int().positive().default(5433),
  /**
   * Where the embedded database's backups go (docs/respaldos.md); unused with DATABASE_URL. Unset:
   * `respaldos` beside PG_DATA_DIR (.data/respaldos), so a run on a data folder of its own (the
   * tests, a second copy) never writes into another's.
   */
  RESPALDO_DIR: z.string().optional(),
  /**
   * Load the demo accounts and data. Unset: only on the embedded database (no DATABASE_URL);
   * a real deployment never gets published passwords unless this says 'true'.
   */
  SEED_DEMO: booleanFlag.optional(),
  /** A real deployment's first administrador, created on a start that finds none. */
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
  /** Signs the session tokens. Unset: a random secret per data directory (see jwt-secret.ts). */
  JWT_SECRET: z.string().min(32).optional(),
  JWT_EXPIRES_IN: z.string().default('8h'),
  /**
   * The key of the PINs' keyed hash (pin_tienda.huella; docs/cajeros.md «El PIN»). Unset: derived
   * from the session secret (then changing JWT_SECRET voids every PIN: the owners set them again).
   */
  PIN_CLAVE: z.string().min(32).optional(),
  /** Wrong PINs per shop (a leaky bucket: never locks the shop's till for a whole window). */
  PIN_MAX_FAILURES_PER_SHOP: z.coerce.number().int().positive().default(20),
  /** Wrong PINs per person asking (the one whose session is on the device). */
  PIN_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(5),
  OFF_BASE_URL: z.string().url().default('https://world.openfoodfacts.org'),
  OFF_TIMEOUT_MS: z.coerce.number().int().positive().default(2500),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(20),
  /**
   * Imports one replica runs at once (each takes a database connection and about a core).
   * 0: this replica only serves requests and queues uploads; others run them.
   */
  IMPORT_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(2),
  /** A running import's lease: a replica that dies holding one frees it after this long. */
  IMPORT_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** How often an idle replica looks for queued imports. */
  IMPORT_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How often a running import writes how far it has got (the upload history's progress bar). */
  IMPORT_PROGRESS_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** Uploads of one shop waiting or running; one more is refused with 429. */
  IMPORT_MAX_PENDING_PER_SHOP: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * How often a replica looks for shops due their weekly "nuevas recomendaciones" notice (minutes;
   * 0 turns it off). A shop gets at most one a week, whichever replica looks.
   */
  AVISO_RECOMENDACIONES_MIN: z.coerce.number().int().min(0).max(10_080).default(60),
  /**
   * How often an idle replica looks for sales days to sum into the analytics' summaries (ms; 0 turns
   * the worker off: reads stay exact, adding the pending days themselves, up to a week of them).
   */
  RESUMEN_INTERVALO_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** A heavy read's statement (raw lines sorted or searched, a download's batch, the monthly report) is cancelled after this many seconds. */
  LECTURA_PESADA_SEGUNDOS: z.coerce.number().int().min(1).max(600).default(20),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Minimarket <no-responder@minimarket.local>'),
  /** SMTP port of the development inbox (embedded default, no SMTP_URL, not production; 127.0.0.1 only). */
  DEV_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
  /** Where that inbox's mail is shown, on its own listener on 127.0.0.1. */
  DEV_INBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8025),
  /** Which proxies to believe about the client's address (X-Forwarded-For): a hop count or addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Throttling (shared by every replica, in PostgreSQL): failed logins per e-mail and per client address, reset requests, in one window. */
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  PASSWORD_RESET_MAX_PER_IP: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
  /** Support messages one user may write in a minute (a leaky bucket: then one every 60 s / this). */
  SOPORTE_MENSAJES_POR_MINUTO: z.coerce.number().int().positive().default(20),
  /** Support conversations one user may open in an hour (a leaky bucket: then one every 60 min / this). */
  SOPORTE_CONVERSACIONES_POR_HORA: z.coerce.number().int().positive().default(10),
  /** Questions to Badito one user may ask in a minute (a leaky bucket: then one every 60 s / this); beyond, 429. */
  BADITO_PREGUNTAS_POR_MINUTO: z.coerce.number().int().positive().default(30),
  /**
   * How often each replica checks again the session behind every open live stream (seconds): the
   * safety net for a session-change notice its listener missed. The notice itself ends a stream at once.
   */
  EVENTOS_REVISION_SEGUNDOS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * The local stand-in of the boleta provider (issue 23, modules/dte/simulador.ts). Unset: the server
   * starts one in-process on 127.0.0.1:DTE_SIMULADOR_PORT (a free port when taken).
   */
  DTE_SIMULADOR_URL: z.string().url().optional(),
  DTE_SIMULADOR_PORT: z.coerce.number().int().min(0).max(65535).default(8030),
  /**
   * The stand-in in production (NODE_ENV=production). Its folios and timbres look like SII's and are
   * not, so a real shop must never print one by mistake: unless the operator says 'true' here (a
   * demo, a staging server), production starts no stand-in, refuses it as a shop's provider (422)
   * and the worker sends nothing to it (docs/boleta.md «El simulador»). Outside production it is on.
   */
  DTE_PERMITIR_SIMULADOR: booleanFlag.default(false),
  /** OpenFactura's API (a shop whose provider is 'openfactura'). */
  DTE_OPENFACTURA_URL: z.string().url().default('https://api.haulmer.com'),
  /**
   * Encrypts the providers' API keys at rest (modules/boletas/cifrado.ts). Required in production to
   * save a key: there it is never derived from the session secret (JWT_SECRET travels to every
   * replica and signs every token; a leak of it and of the database must not give the keys away).
   * Unset outside production: derived from the session secret (JWT_SECRET or its file).
   */
  DTE_CLAVE_CIFRADO: z.string().min(32).optional(),
  /** How often an idle replica looks for boletas to send (ms; 0 turns the worker off). */
  DTE_INTERVALO_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** A call to the provider is given up after this long (and retried with the same key). */
  DTE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const envConRespaldos = envSchema.transform((e) => ({
  ...e,
  RESPALDO_DIR: e.RESPALDO_DIR ?? path.join(path.dirname(path.resolve(e.PG_DATA_DIR)), 'respaldos'),
}));

export type Env = z.infer<typeof envConRespaldos>;

/** The demo data is loaded when SEED_DEMO says so, or by default on the embedded database only. */
export const cargaDatosDemo = (env: Pick<Env, 'SEED_DEMO' | 'DATABASE_URL'>) => env.SEED_DEMO ?? !env.DATABASE_URL;

/**
 * The development inbox catches the app's mail on a developer's machine: the embedded
 * database, no SMTP_URL, never in production.
 */
export const usaBandejaDeDesarrollo = (env: Pick<Env, 'DATABASE_URL' | 'SMTP_URL' | 'NODE_ENV'>) =>
  !env.DATABASE_URL && !env.SMTP_URL && env.NODE_ENV === 'development';

/** The boleta provider's stand-in may be used: always outside production, there only when the operator allows it. */
export const simuladorDtePermitido = (env: Pick<Env, 'NODE_ENV' | 'DTE_PERMITIR_SIMULADOR'>) =>
  env.NODE_ENV !== 'production' || env.DTE_PERMITIR_SIMULADOR;

/**
 * The secret the providers' API keys are encrypted under: DTE_CLAVE_CIFRADO, or outside production
 * the session secret; null in production without DTE_CLAVE_CIFRADO (no key can be saved then).
 */
export const secretoCifradoDte = (env: Pick<Env, 'NODE_ENV' | 'DTE_CLAVE_CIFRADO'>, jwtSecret: string): string | null =>
  env.DTE_CLAVE_CIFRADO ?? (env.NODE_ENV === 'production' ? null : jwtSecret);

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envConRespaldos.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ErrorDeArranque(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
