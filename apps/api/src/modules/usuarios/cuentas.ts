// The accounts the administrators manage (an owner or an administrador; a cashier is its shop's,
// modules/cajeros): one by its id, created, edited, deleted, switched on and off. Changes run one at a
// time under one lock and never leave the app without an active administrador.
import type { usuarioCreateSchema, usuarioUpdateSchema } from '@minimarket/contracts/usuarios';
import type { z } from 'zod';
import { esViolacionUnica, type Db, type Tx } from '../../db/client.js';
import { contarTiendasDeDueno } from '../../data/minimarket.js';
import {
  actualizarUsuario,
  type CambiosUsuario,
  contarAdministradoresActivos,
  crearUsuario,
  eliminarUsuario,
  usuarioPorId,
} from '../../data/usuario.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { LLAVES_BLOQUEO } from '../../lib/llaves-bloqueo.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import { correoDuplicado, usuarioNoEncontrado } from './credenciales.js';
import { toUsuarioDto } from './usuarios.mapper.js';

/** Any constant: changes to accounts (the last-administrador guard) are taken one at a time. */
const LOCK_CUENTAS = LLAVES_BLOQUEO.cuentas;

const TEXTOS_BLOQUEO_PROPIO = {
  eliminar: 'No puede eliminar su propia cuenta.',
  desactivar: 'No puede desactivar su propia cuenta.',
  cambiar_rol: 'No puede quitarse a sí mismo el rol de administrador.',
};

/** Keeps at least one active administrador, and keeps admins from locking themselves out. */
async function assertNoDejaSinAdministrador(
  tx: Tx,
  actor: UsuarioSesion,
  objetivo: { id_usuario: number; rol: string; estado: string },
  cambio: keyof typeof TEXTOS_BLOQUEO_PROPIO,
) {
  if (objetivo.id_usuario === actor.id_usuario) throw conflict(TEXTOS_BLOQUEO_PROPIO[cambio], 'SELF_LOCKOUT');
  if (objetivo.rol === 'administrador' && objetivo.estado === 'activo') {
    const activos = await contarAdministradoresActivos(tx);
    if (activos <= 1) throw conflict('Debe quedar al menos un administrador activo.', 'LAST_ADMIN');
  }
}

function uniqueCorreo(err: unknown): never {
  if (esViolacionUnica(err)) throw correoDuplicado();
  throw err;
}

export function createCuentas({ db }: { db: Db }) {
  /**
   * An account the administrators manage: an owner or an administrador. A cashier is its shop's
   * (routes/cajeros): here it does not exist, so no form can give it a role or a company.
   */
  async function findOrThrow(id: number, tx: Tx = db) {
    const usuario = await usuarioPorId(tx, id);
    if (!usuario || usuario.rol === 'cajero') throw usuarioNoEncontrado();
    return usuario;
  }

  /**
   * Changes to accounts run one at a time under one lock, and read the account inside it: two
   * administradores who deactivate (or demote, or delete) each other at the same moment are taken
   * one after the other, and the second finds it would leave no active administrador.
   */
  function cambiarCuenta<T>(id: number, cambio: (tx: Tx, actual: Usuario) => Promise<T>): Promise<T> {
    return db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_CUENTAS}::bigint)`;
      return cambio(tx, await findOrThrow(id, tx));
    });
  }

  return {
    findOrThrow,

    async get(id: number) {
      return toUsuarioDto(await findOrThrow(id));
    },

    async create(data: z.output<typeof usuarioCreateSchema>) {
      const { contrasena, ...rest } = data;
      const contrasena_hash = await hashPassword(contrasena);
      const usuario = await crearUsuario(db, { ...rest, contrasena_hash, estado: 'activo' }).catch(uniqueCorreo);
      return toUsuarioDto(usuario);
    },

    async update(actor: UsuarioSesion, id: number, data: z.output<typeof usuarioUpdateSchema>) {
      await findOrThrow(id);
      const { contrasena, ...rest } = data;
      // Hashing is slow on purpose: done before the lock is taken.
      const cambios: CambiosUsuario = { ...rest, ...(contrasena ? { contrasena_hash: await hashPassword(contrasena) } : {}) };
      const usuario = await cambiarCuenta(id, async (tx, actual) => {
        if (data.estado === 'inactivo' && actual.estado === 'activo') await assertNoDejaSinAdministrador(tx, actor, actual, 'desactivar');
        if (data.rol && data.rol !== 'administrador' && actual.rol === 'administrador') {
          await assertNoDejaSinAdministrador(tx, actor, actual, 'cambiar_rol');
        }
        return actualizarUsuario(tx, actual, cambios);
      }).catch(uniqueCorreo);
      return toUsuarioDto(usuario);
    },

    async remove(actor: UsuarioSesion, id: number) {
      await cambiarCuenta(id, async (tx, actual) => {
        await assertNoDejaSinAdministrador(tx, actor, actual, 'eliminar');
        const tiendas = await contarTiendasDeDueno(tx, id);
        if (tiendas > 0) {
          throw conflict(
            'No se puede eliminar un usuario que tiene minimarkets asignados. Reasigne o elimine sus minimarkets primero.',
            'USER_HAS_MINIMARKETS',
          );
        }
        await eliminarUsuario(tx, id);
      });
    },

    async toggleStatus(actor: UsuarioSesion, id: number) {
      const usuario = await cambiarCuenta(id, async (tx, actual) => {
        const estado = actual.estado === 'activo' ? 'inactivo' : 'activo';
        if (estado === 'inactivo') await assertNoDejaSinAdministrador(tx, actor, actual, 'desactivar');
        return actualizarUsuario(tx, actual, { estado });
      });
      return toUsuarioDto(usuario);
    },
  };
}
