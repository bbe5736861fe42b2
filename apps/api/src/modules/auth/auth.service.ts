import type { Db } from '../../db/client.js';
import { unauthorized } from '../../lib/errors.js';
import { DUMMY_HASH, verifyPassword } from '../usuarios/passwords.js';

export const MENSAJE_CREDENCIALES_INVALIDAS = 'Correo o contraseña incorrectos.';
export const MENSAJE_CUENTA_INACTIVA = 'Su cuenta está inactiva. Contacte a un administrador.';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db }: { db: Db }) {
  return {
    /** The user behind a correct e-mail and password; one message for both kinds of mistake. */
    async verificarCredenciales(correo: string, password: string) {
      const usuario = await db.usuario.findUnique({ where: { correo: correo.trim().toLowerCase() } });
      const ok = await verifyPassword(password, usuario?.contrasena_hash ?? DUMMY_HASH);
      if (!usuario || !ok) throw unauthorized(MENSAJE_CREDENCIALES_INVALIDAS, 'INVALID_CREDENTIALS');
      if (usuario.estado !== 'activo') throw unauthorized(MENSAJE_CUENTA_INACTIVA, 'ACCOUNT_INACTIVE');
      return usuario;
    },
  };
}
