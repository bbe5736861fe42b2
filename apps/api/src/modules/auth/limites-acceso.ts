// How often a client may fail to log in or ask for a reset link, from env (.env.example
// documents each value). Per process, in memory.
import type { Env } from '../../env.js';
import { createContadorFallos } from './contador-fallos.js';

export type LimitesAcceso = ReturnType<typeof createLimitesAcceso>;

export function createLimitesAcceso(
  env: Pick<
    Env,
    | 'RATE_LIMIT_WINDOW_MINUTES'
    | 'LOGIN_MAX_FAILURES_PER_EMAIL'
    | 'LOGIN_MAX_FAILURES_PER_IP'
    | 'PASSWORD_RESET_MAX_PER_IP'
    | 'PASSWORD_RESET_MAX_PER_EMAIL'
  >,
) {
  const ventanaMs = env.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  return {
    ventanaMs,
    /** Failed logins per client IP (counted with @fastify/rate-limit's store). */
    loginMaxFallosPorIp: env.LOGIN_MAX_FAILURES_PER_IP,
    /** Failed logins per e-mail address. */
    loginFallosPorCorreo: createContadorFallos({ max: env.LOGIN_MAX_FAILURES_PER_EMAIL, ventanaMs }),
    /** forgot-password and reset-password requests per client IP (each route its own count). */
    recuperacionMaxPorIp: env.PASSWORD_RESET_MAX_PER_IP,
    /** forgot-password requests per address, whether or not it has an account. */
    recuperacionMaxPorCorreo: env.PASSWORD_RESET_MAX_PER_EMAIL,
  };
}
