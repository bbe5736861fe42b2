// Throttling shared by every replica: the counters live in PostgreSQL (data/limite-intento.ts),
// so two API processes count one client once and a restart forgets nothing. Here: the rules.
//
// An attempt is reserved BEFORE the work it guards (checking a password), and given back
// when it turns out not to be a failure: a burst of concurrent wrong passwords can never get
// more checks than the limit. The rules, and why the per-address one leaks instead of locking
// a whole window, are in docs/seguridad.md.
import type { Db } from '../../db/client.js';
import type { Env } from '../../env.js';
import { devolverIntento, limpiarIntentos, reservarIntento, type ModoLimite } from '../../data/limite-intento.js';
import { AppError } from '../../lib/errors.js';

export interface Regla {
  /** Prefix of the counter's key; also says what it counts. */
  nombre: string;
  max: number;
  ventanaMs: number;
  /**
   * 'ventana': at most `max` in a window that opens at the first attempt (then wait it out).
   * 'goteo': a bucket of `max` that empties one attempt every ventanaMs / max.
   */
  modo: ModoLimite;
}

export function mensajeDemasiadosIntentos(esperaMs: number) {
  const minutos = Math.max(1, Math.ceil(esperaMs / 60_000));
  return `Demasiados intentos. Intenta nuevamente en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`;
}

/** 429 with Retry-After (the error handler writes the header). */
export class DemasiadosIntentos extends AppError {
  constructor(readonly esperaMs: number) {
    super(429, 'TOO_MANY_REQUESTS', mensajeDemasiadosIntentos(esperaMs));
  }
}

type EnvLimites = Pick<
  Env,
  | 'RATE_LIMIT_WINDOW_MINUTES'
  | 'LOGIN_MAX_FAILURES_PER_EMAIL'
  | 'LOGIN_MAX_FAILURES_PER_IP'
  | 'PASSWORD_RESET_MAX_PER_IP'
  | 'PASSWORD_RESET_MAX_PER_EMAIL'
  | 'SOPORTE_MENSAJES_POR_MINUTO'
  | 'SOPORTE_CONVERSACIONES_POR_HORA'
  | 'BADITO_PREGUNTAS_POR_MINUTO'
  | 'PIN_MAX_FAILURES_PER_SHOP'
  | 'PIN_MAX_FAILURES_PER_USER'
>;

const MINUTO_MS = 60_000;

export function reglasDeAcceso(env: EnvLimites) {
  const ventanaMs = Math.round(env.RATE_LIMIT_WINDOW_MINUTES * MINUTO_MS);
  const regla = (nombre: string, max: number, modo: Regla['modo'], ventana = ventanaMs): Regla => ({
    nombre,
    max,
    ventanaMs: ventana,
    modo,
  });
  return {
    /** Wrong passwords per account, from anywhere. */
    loginCorreo: regla('login:correo', env.LOGIN_MAX_FAILURES_PER_EMAIL, 'ventana'),
    /** Wrong passwords per client address, any account: leaks, never locks the window. */
    loginDireccion: regla('login:direccion', env.LOGIN_MAX_FAILURES_PER_IP, 'goteo'),
    /** Wrong current passwords in Mi perfil, per user. */
    cambioContrasena: regla('contrasena:usuario', env.LOGIN_MAX_FAILURES_PER_EMAIL, 'ventana'),
    /** Reset-link requests per address asked for, whether or not it has an account. */
    recuperacionCorreo: regla('recuperacion:correo', env.PASSWORD_RESET_MAX_PER_EMAIL, 'ventana'),
    /** Reset-link requests per client address. */
    recuperacionDireccion: regla('recuperacion:direccion', env.PASSWORD_RESET_MAX_PER_IP, 'ventana'),
    /** Attempts to use a reset token per client address (guessing tokens). */
    restablecerDireccion: regla('restablecer:direccion', env.PASSWORD_RESET_MAX_PER_IP, 'ventana'),
    /** Support messages per user (answers, and each new conversation's first message): leaks, never locks. */
    soporteMensaje: regla('soporte:mensaje', env.SOPORTE_MENSAJES_POR_MINUTO, 'goteo', MINUTO_MS),
    /** New support conversations per user (the 'Agregar Producto' ticket opens one too). */
    soporteConversacion: regla('soporte:conversacion', env.SOPORTE_CONVERSACIONES_POR_HORA, 'goteo', 60 * MINUTO_MS),
    /** Wrong PINs at a shop (switching who sells, or the owner's approval): leaks, never locks the till. */
    pinTienda: regla('pin:tienda', env.PIN_MAX_FAILURES_PER_SHOP, 'goteo'),
    /** Wrong PINs asked by one person (whose session is on the device). */
    pinUsuario: regla('pin:usuario', env.PIN_MAX_FAILURES_PER_USER, 'ventana'),
    /** Questions to Badito per user: leaks one every minute / max, never locks. */
    baditoUsuario: regla('badito:usuario', env.BADITO_PREGUNTAS_POR_MINUTO, 'goteo', MINUTO_MS),
  };
}

export type ReglasDeAcceso = ReturnType<typeof reglasDeAcceso>;
/** A rule and whom it counts (an e-mail, a client address, a user id). */
export type Conteo = readonly [Regla, string | number];

const clave = ([regla, quien]: Conteo) => `${regla.nombre}:${quien}`;

export type Limites = ReturnType<typeof createLimites>;

export function createLimites({ db, env }: { db: Db; env: EnvLimites }) {
  const reservarUno = ([regla, quien]: Conteo) => reservarIntento(db, clave([regla, quien]), regla.modo, regla.max, regla.ventanaMs);
  const devolverUno = ([regla, quien]: Conteo) => devolverIntento(db, clave([regla, quien]), regla.modo, regla.max, regla.ventanaMs);

  return {
    reglas: reglasDeAcceso(env),

    /**
     * Reserves one attempt on each count, in order. When one is full, gives back the ones
     * already taken and throws DemasiadosIntentos with the wait.
     */
    async reservar(...conteos: Conteo[]) {
      const tomados: Conteo[] = [];
      for (const conteo of conteos) {
        const espera = await reservarUno(conteo);
        if (espera > 0) {
          await Promise.all(tomados.map(devolverUno));
          throw new DemasiadosIntentos(espera);
        }
        tomados.push(conteo);
      }
    },

    /** The reserved attempt turned out not to be a failure. */
    async devolver(...conteos: Conteo[]) {
      await Promise.all(conteos.map(devolverUno));
    },

    /** Forgets a count altogether (a correct password clears its account's failures). */
    async limpiar(...conteos: Conteo[]) {
      await limpiarIntentos(db, conteos.map(clave));
    },
  };
}
