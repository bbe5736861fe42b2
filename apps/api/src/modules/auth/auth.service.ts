// Signing in and out. Every password check is throttled through modules/limites, with the
// attempt reserved before bcrypt runs (see docs/seguridad.md).
import { MENSAJE_CUENTA_DESACTIVADA } from '@minimarket/contracts/reglas';
import type { Db } from '../../db/client.js';
import { revocarToken } from '../../data/token-revocado.js';
import { usuarioPorCorreo } from '../../data/usuario.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import type { Limites } from '../limites/limites.js';
import { DUMMY_HASH, verifyPassword } from '../../lib/passwords.js';

export const MENSAJE_CREDENCIALES_INVALIDAS = 'Correo o contraseña incorrectos.';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, limites }: { db: Db; limites: Limites }) {
  const { reglas } = limites;

  /** The user behind a correct e-mail and password; one message for both kinds of mistake. */
  async function verificarCredenciales(correo: string, password: string) {
    const usuario = await usuarioPorCorreo(db, correo);
    const ok = await verifyPassword(password, usuario?.contrasena_hash ?? DUMMY_HASH);
    if (!usuario || !ok) throw unauthorized(MENSAJE_CREDENCIALES_INVALIDAS, 'INVALID_CREDENTIALS');
    if (usuario.estado !== 'activo') throw unauthorized(MENSAJE_CUENTA_DESACTIVADA, 'ACCOUNT_INACTIVE');
    return usuario;
  }

  return {
    /**
     * A failure is reserved on the account and on the client's address before the password
     * is compared; a correct password gives both back (and clears the account's count).
     */
    async iniciarSesion(correo: string, password: string, direccion: string) {
      const cuenta = [reglas.loginCorreo, correo.trim().toLowerCase()] as const;
      const origen = [reglas.loginDireccion, direccion] as const;
      await limites.reservar(cuenta, origen);
      try {
        const usuario = await verificarCredenciales(cuenta[1], password);
        await Promise.all([limites.limpiar(cuenta), limites.devolver(origen)]);
        return usuario;
      } catch (err) {
        const fallo = err instanceof AppError && err.code === 'INVALID_CREDENTIALS';
        if (!fallo) await limites.devolver(cuenta, origen);
        throw err;
      }
    },

    /** 'Cerrar Sesión': this token is refused from now on; the user's other sessions stay. */
    async cerrarSesion(sesion: { jti: string; id_usuario: number; expira_en: Date }) {
      await revocarToken(db, sesion);
    },
  };
}
