// Accounts: one's own (the signed-in person's shops, profile and password) and, for the
// administrators, the list, the figures (estadisticas.ts) and the changes to accounts (cuentas.ts).
import type { z } from 'zod';
import type { cambioContrasenaSchema, perfilUpdateSchema, usuariosQuerySchema } from '@minimarket/contracts/usuarios';
import type { Db } from '../../db/client.js';
import { actualizarUsuario, listarCuentas, usuarioConTiendas, usuarioPorId } from '../../data/usuario.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Limites } from '../limites/limites.js';
import { confirmarContrasena, usuarioNoEncontrado } from './credenciales.js';
import { createCuentas } from './cuentas.js';
import { estadisticaDeCuentas } from './estadisticas.js';
import { toUsuarioActualDto, toUsuarioDto } from './usuarios.mapper.js';

const MENSAJE_CONTRASENA_ACTUAL = 'La contraseña actual no es correcta.';

export type UsuariosService = ReturnType<typeof createUsuariosService>;

export function createUsuariosService({ db, limites }: { db: Db; limites: Limites }) {
  const { findOrThrow, ...cuentas } = createCuentas({ db });

  return {
    /** The shops a person works in: an owner's own, a cashier's one. */
    async me(id: number) {
      const usuario = await usuarioConTiendas(db, id);
      if (!usuario) throw usuarioNoEncontrado();
      const tiendas = usuario.tienda_cajero ? [usuario.tienda_cajero] : usuario.minimarkets;
      return toUsuarioActualDto(usuario, tiendas, usuario._count.pines > 0);
    },

    /** Search ignores case and accents over name, e-mail, company and role (usuario.busqueda, in SQL). */
    async list(q: z.output<typeof usuariosQuerySchema>) {
      const { filas, total } = await listarCuentas(
        db,
        { rol: q.rol, estado: q.estado, search: q.search },
        { skip: (q.page - 1) * q.size, limit: q.size },
      );
      return { users: filas.map(toUsuarioDto), total };
    },

    ...cuentas,

    stats: () => estadisticaDeCuentas(db),

    async updatePerfil(id: number, data: z.output<typeof perfilUpdateSchema>) {
      return toUsuarioDto(await actualizarUsuario(db, await findOrThrow(id), data));
    },

    /** Returns nothing; the route issues a fresh token, since the change voids the old ones. */
    async cambiarContrasena(id: number, data: z.output<typeof cambioContrasenaSchema>) {
      // A cashier with an e-mail and password changes its own too (one with its PIN only has none).
      const actual = await usuarioPorId(db, id);
      if (!actual) throw usuarioNoEncontrado();
      await confirmarContrasena(limites, id, data.contrasena_actual, actual.contrasena_hash, {
        campo: 'contrasena_actual',
        mensaje: MENSAJE_CONTRASENA_ACTUAL,
      });
      // The new password ends the other sessions from this instant; the route's fresh token starts at it.
      const ahora = new Date();
      await actualizarUsuario(db, actual, { contrasena_hash: await hashPassword(data.nueva_contrasena) }, ahora);
      return ahora;
    },
  };
}
