// PostgreSQL went away under the app: a restart, a managed database's failover, a network cut.
// Such an error is not a bug of the request that met it: the request is answered 503 in Spanish
// (plugins/app/error-handler.ts) so the caller tries again, an import hands its job back to the
// queue (imports/cola.ts), and the pools reconnect on their own on the next use. What counts as
// one, from whichever layer it arrives: node-postgres (a socket error, the server's SQLSTATE, or
// its own "Connection terminated"), or Prisma's driver adapter wrapping any of those.
import { Prisma } from './client.js';

export const MENSAJE_BASE_NO_DISPONIBLE = 'La base de datos no está disponible en este momento. Intenta de nuevo.';
export const CODIGO_BASE_NO_DISPONIBLE = 'DATABASE_UNAVAILABLE';

/** The socket could not reach the server, or lost it. */
const ERRORES_DE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of a server going or not yet there: class 08 (connection exception), 57P01
 * admin_shutdown (a fast stop ends every session with it), 57P02 crash_shutdown, 57P03
 * cannot_connect_now ("the database system is starting up / shutting down").
 */
const SQLSTATE_CONEXION = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** What node-postgres says, with no code, when the socket closed under a query or a client. */
const MENSAJES_PG =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/;

/** Prisma's codes for "cannot reach" (P1001), "timed out reaching" (P1002) and "closed" (P1017). */
const CODIGOS_PRISMA = new Set(['P1001', 'P1002', 'P1017']);

/** The driver adapter's own kinds for the same (@prisma/adapter-pg's convertDriverError). */
const TIPOS_ADAPTADOR = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout']);

export function esConexionPerdida(err: unknown, profundidad = 0): boolean {
  if (!err || typeof err !== 'object' || profundidad > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; meta?: unknown; kind?: unknown; originalCode?: unknown };
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (CODIGOS_PRISMA.has(err.code)) return true;
    const adaptador = (err.meta as { driverAdapterError?: { cause?: unknown } } | undefined)?.driverAdapterError;
    if (adaptador && esConexionPerdida(adaptador.cause ?? adaptador, profundidad + 1)) return true;
  }
  if (typeof e.kind === 'string' && TIPOS_ADAPTADOR.has(e.kind)) return true;
  if (typeof e.originalCode === 'string' && SQLSTATE_CONEXION.test(e.originalCode)) return true;
  if (typeof e.code === 'string' && (ERRORES_DE_SOCKET.has(e.code) || SQLSTATE_CONEXION.test(e.code))) return true;
  if (typeof e.message === 'string' && MENSAJES_PG.test(e.message)) return true;
  // A DriverAdapterError keeps what the adapter mapped in `cause`; Node wraps in `cause` too.
  if (e.cause) return esConexionPerdida(e.cause, profundidad + 1);
  // Several connection attempts failed at once (Node's happy eyeballs: 127.0.0.1 and ::1).
  if (err instanceof AggregateError) return err.errors.some((x) => esConexionPerdida(x, profundidad + 1));
  return false;
}
