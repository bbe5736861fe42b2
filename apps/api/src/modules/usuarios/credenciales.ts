// An account's e-mail and password, as every writer of accounts says them (administrators' accounts
// here, a shop's cashiers in modules/cajeros): an e-mail another account has, and a password confirmed
// before a change.
import { AppError, notFound, validation } from '../../lib/errors.js';
import { DUMMY_HASH, verifyPassword } from '../../lib/passwords.js';
import type { Limites } from '../limites/limites.js';

export const MENSAJE_USUARIO_NO_ENCONTRADO = 'Usuario no encontrado.';
export const MENSAJE_CORREO_DUPLICADO = 'Ya existe un usuario con este correo.';

export const usuarioNoEncontrado = () => notFound(MENSAJE_USUARIO_NO_ENCONTRADO, 'USER_NOT_FOUND');

/** The e-mail is another account's: 409 on the field. */
export const correoDuplicado = () =>
  new AppError(409, 'EMAIL_TAKEN', MENSAJE_CORREO_DUPLICADO, [{ campo: 'correo', mensaje: MENSAJE_CORREO_DUPLICADO }]);

/**
 * The account's own password, typed again to confirm a change: guessing it from a stolen session is
 * throttled like a login (the password change's rule); a wrong one is 422 on `error.campo`.
 */
export async function confirmarContrasena(
  limites: Limites,
  idUsuario: number,
  contrasena: string,
  hash: string | null,
  error: { campo: string; mensaje: string },
) {
  const intentos = [limites.reglas.cambioContrasena, idUsuario] as const;
  await limites.reservar(intentos);
  if (!(await verifyPassword(contrasena, hash ?? DUMMY_HASH))) throw validation(error.mensaje, [error]);
  await limites.limpiar(intentos);
}
