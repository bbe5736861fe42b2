// Password recovery (decisions §4): the same answer whether or not the address exists,
// a random single-use link valid for 30 minutes, only a hash of its token stored.
//
// A link is valid only while it is
//   - unused and not expired,
//   - the newest one of its user (asking again voids the older ones),
//   - newer than the user's sesiones_validas_desde: every password change, by any path
//     (this reset, /users/me/password, an administrador's edit), moves that instant to
//     now() and so voids the links sent before it, as it ends the sessions.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { Mailer } from '../correo/mailer.js';
import { correoRestablecimiento } from '../correo/plantillas.js';
import { crearEnlace, enlacePorHash, hayEnlaceMasNuevo, usarEnlace } from '../../data/token-restablecimiento.js';
import { actualizarUsuario, usuarioPorCorreo } from '../../data/usuario.js';
import { hashPassword } from '../../lib/passwords.js';

export const VALIDEZ_ENLACE_MINUTOS = 30;
/** 32 random bytes: 43 base64url characters. */
const TOKEN_BYTES = 32;

export const MENSAJE_SOLICITUD_RECIBIDA = `Si el correo está registrado, recibirás un enlace para restablecer tu contraseña. El enlace vence en ${VALIDEZ_ENLACE_MINUTOS} minutos.`;
export const MENSAJE_CONTRASENA_RESTABLECIDA = 'Contraseña restablecida correctamente. Ya puedes iniciar sesión.';
export const MENSAJE_ENLACE_INVALIDO = 'El enlace de restablecimiento de contraseña es inválido o ha expirado.';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

export type RestablecimientoService = ReturnType<typeof createRestablecimientoService>;

export function createRestablecimientoService({
  db,
  mailer,
  appUrl,
  log,
}: {
  db: Db;
  mailer: Mailer;
  /** Public address of the app; the link is {appUrl}/reset-password?token=… */
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  const enCurso = new Set<Promise<void>>();
  const enlaceInvalido = () => badRequest(MENSAJE_ENLACE_INVALIDO, 'INVALID_RESET_TOKEN');

  async function crearYEnviar(correo: string) {
    const usuario = await usuarioPorCorreo(db, correo);
    // Unknown or inactive: nothing happens, and the caller cannot tell.
    if (!usuario || usuario.estado !== 'activo') return;

    const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
    const ahora = new Date();
    const expiraEn = new Date(ahora.getTime() + VALIDEZ_ENLACE_MINUTOS * 60_000);
    await db.$transaction((tx) =>
      crearEnlace(tx, { id_usuario: usuario.id_usuario, token_hash: hashToken(token), creado_en: ahora, expira_en: expiraEn }),
    );

    const enlace = `${appUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
    const mensaje = correoRestablecimiento({
      para: correo,
      nombre: usuario.nombre,
      enlace,
      minutos: VALIDEZ_ENLACE_MINUTOS,
      expiraEn,
    });
    // Part of the background task (esperarPendientes waits for it), never of the answer: a slow
    // relay does not show in the answer's timing.
    await mailer.enviar(mensaje).catch((err: unknown) => {
      log.error({ err, id_usuario: usuario.id_usuario }, 'no se pudo enviar el correo de restablecimiento');
    });
  }

  return {
    /**
     * Starts the request and returns at once, before even looking the address up, so
     * the answer takes the same time whether or not an account exists.
     */
    solicitar(correo: string): void {
      const tarea = crearYEnviar(correo)
        .catch((err: unknown) => log.error({ err }, 'no se pudo crear el enlace de restablecimiento'))
        .finally(() => enCurso.delete(tarea));
      enCurso.add(tarea);
    },

    /** Waits for the requests still writing their link or handing their mail to the relay (tests; app close). */
    async esperarPendientes() {
      await Promise.allSettled([...enCurso]);
    },

    async restablecer(token: string, nuevaContrasena: string) {
      const registro = await enlacePorHash(db, hashToken(token));
      const ahora = new Date();
      if (
        !registro ||
        registro.usado_en ||
        registro.expira_en <= ahora ||
        registro.usuario.estado !== 'activo' ||
        registro.creado_en < registro.usuario.sesiones_validas_desde
      ) {
        throw enlaceInvalido();
      }
      if (await hayEnlaceMasNuevo(db, registro.id_usuario, registro.id_token)) throw enlaceInvalido();

      const contrasena_hash = await hashPassword(nuevaContrasena);
      await db.$transaction(async (tx) => {
        // Of two requests racing with the same link, only one claims it.
        if (!(await usarEnlace(tx, registro, ahora))) throw enlaceInvalido();
        // A new password ends every session opened with the old one.
        await actualizarUsuario(tx, registro.usuario, { contrasena_hash }, ahora);
      });
    },
  };
}
