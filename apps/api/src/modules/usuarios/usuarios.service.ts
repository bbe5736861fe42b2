import type { z } from 'zod';
import type {
  cambioContrasenaSchema,
  perfilUpdateSchema,
  usuarioCreateSchema,
  usuariosQuerySchema,
  usuarioUpdateSchema,
} from '@minimarket/contracts/usuarios';
import { esViolacionUnica, type Db, type Tx } from '../../db/client.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { contarTiendasDeDueno } from '../../data/minimarket.js';
import { AppError, conflict, notFound, validation } from '../../lib/errors.js';
import { mesLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Limites } from '../limites/limites.js';
import {
  actualizarUsuario,
  cifrasDeCuentas,
  contarAdministradoresActivos,
  crearUsuario,
  eliminarUsuario,
  listarCuentas,
  usuarioConTiendas,
  usuarioPorId,
  type CambiosUsuario,
} from '../../data/usuario.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { toUsuarioActualDto, toUsuarioDto } from './usuarios.mapper.js';
import { LLAVES_BLOQUEO } from '../../lib/llaves-bloqueo.js';

export const MENSAJE_USUARIO_NO_ENCONTRADO = 'Usuario no encontrado.';
/** Any constant: changes to accounts (the last-administrador guard) are taken one at a time. */
const LOCK_CUENTAS = LLAVES_BLOQUEO.cuentas;
export const MENSAJE_CORREO_DUPLICADO = 'Ya existe un usuario con este correo.';
const MESES_ESTADISTICA = 12;
const ULTIMOS_USUARIOS = 5;

type UsuarioCreate = z.output<typeof usuarioCreateSchema>;
type UsuarioUpdate = z.output<typeof usuarioUpdateSchema>;
type UsuariosQuery = z.output<typeof usuariosQuerySchema>;

export type UsuariosService = ReturnType<typeof createUsuariosService>;

export function createUsuariosService({ db, limites }: { db: Db; limites: Limites }) {
  /**
   * An account the administrators manage: an owner or an administrador. A cashier is its shop's
   * (routes/cajeros): here it does not exist, so no form can give it a role or a company.
   */
  async function findOrThrow(id: number, tx: Tx = db) {
    const usuario = await usuarioPorId(tx, id);
    if (!usuario || usuario.rol === 'cajero') throw notFound(MENSAJE_USUARIO_NO_ENCONTRADO, 'USER_NOT_FOUND');
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

  /** Keeps at least one active administrador, and keeps admins from locking themselves out. */
  async function assertNoDejaSinAdministrador(
    tx: Tx,
    actor: UsuarioSesion,
    objetivo: { id_usuario: number; rol: string; estado: string },
    cambio: 'eliminar' | 'desactivar' | 'cambiar_rol',
  ) {
    if (objetivo.id_usuario === actor.id_usuario) {
      const textos = {
        eliminar: 'No puede eliminar su propia cuenta.',
        desactivar: 'No puede desactivar su propia cuenta.',
        cambiar_rol: 'No puede quitarse a sí mismo el rol de administrador.',
      };
      throw conflict(textos[cambio], 'SELF_LOCKOUT');
    }
    if (objetivo.rol === 'administrador' && objetivo.estado === 'activo') {
      const activos = await contarAdministradoresActivos(tx);
      if (activos <= 1) throw conflict('Debe quedar al menos un administrador activo.', 'LAST_ADMIN');
    }
  }

  function uniqueCorreo(err: unknown): never {
    if (esViolacionUnica(err)) {
      throw new AppError(409, 'EMAIL_TAKEN', MENSAJE_CORREO_DUPLICADO, [{ campo: 'correo', mensaje: MENSAJE_CORREO_DUPLICADO }]);
    }
    throw err;
  }

  return {
    /** The shops a person works in: an owner's own, a cashier's one. */
    async me(id: number) {
      const usuario = await usuarioConTiendas(db, id);
      if (!usuario) throw notFound(MENSAJE_USUARIO_NO_ENCONTRADO, 'USER_NOT_FOUND');
      const tiendas = usuario.tienda_cajero ? [usuario.tienda_cajero] : usuario.minimarkets;
      return toUsuarioActualDto(usuario, tiendas, usuario._count.pines > 0);
    },

    /** Search ignores case and accents over name, e-mail, company and role (usuario.busqueda, in SQL). */
    async list(q: UsuariosQuery) {
      const { filas, total } = await listarCuentas(
        db,
        { rol: q.rol, estado: q.estado, search: q.search },
        { skip: (q.page - 1) * q.size, limit: q.size },
      );
      return { users: filas.map(toUsuarioDto), total };
    },

    async get(id: number) {
      return toUsuarioDto(await findOrThrow(id));
    },

    async create(data: UsuarioCreate) {
      const { contrasena, ...rest } = data;
      const contrasena_hash = await hashPassword(contrasena);
      const usuario = await crearUsuario(db, { ...rest, contrasena_hash, estado: 'activo' }).catch(uniqueCorreo);
      return toUsuarioDto(usuario);
    },

    async update(actor: UsuarioSesion, id: number, data: UsuarioUpdate) {
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

    async stats() {
      const desde = new Date();
      desde.setUTCMonth(desde.getUTCMonth() - MESES_ESTADISTICA, 1);
      const { total, administrador, pyme, activo, inactivo, creadas, ultimas } = await cifrasDeCuentas(db, desde, ULTIMOS_USUARIOS);
      // The last MESES_ESTADISTICA months in Santiago, oldest first, empty months included.
      const meses = new Map<string, number>();
      for (let i = MESES_ESTADISTICA - 1; i >= 0; i--) {
        const d = new Date();
        d.setUTCDate(15);
        d.setUTCMonth(d.getUTCMonth() - i);
        meses.set(mesLocal(d), 0);
      }
      for (const creada of creadas) {
        const mes = mesLocal(creada);
        if (meses.has(mes)) meses.set(mes, (meses.get(mes) ?? 0) + 1);
      }
      return {
        total,
        por_rol: { administrador, pyme },
        por_estado: { activo, inactivo },
        nuevos_por_mes: [...meses].map(([mes, cantidad]) => ({ mes, cantidad })),
        ultimos: ultimas.map(toUsuarioDto),
      };
    },

    async updatePerfil(id: number, data: z.output<typeof perfilUpdateSchema>) {
      return toUsuarioDto(await actualizarUsuario(db, await findOrThrow(id), data));
    },

    /** Returns nothing; the route issues a fresh token, since the change voids the old ones. */
    async cambiarContrasena(id: number, data: z.output<typeof cambioContrasenaSchema>) {
      // A cashier with an e-mail and password changes its own too (one with its PIN only has none).
      const actual = await usuarioPorId(db, id);
      if (!actual) throw notFound(MENSAJE_USUARIO_NO_ENCONTRADO, 'USER_NOT_FOUND');
      // Guessing the current password from a stolen session is throttled like a login.
      const intentos = [limites.reglas.cambioContrasena, id] as const;
      await limites.reservar(intentos);
      if (!(await verifyPassword(data.contrasena_actual, actual.contrasena_hash ?? DUMMY_HASH))) {
        throw validation('La contraseña actual no es correcta.', [
          { campo: 'contrasena_actual', mensaje: 'La contraseña actual no es correcta.' },
        ]);
      }
      await limites.limpiar(intentos);
      // The new password ends the other sessions from this instant; the route's fresh token starts at it.
      const ahora = new Date();
      await actualizarUsuario(db, actual, { contrasena_hash: await hashPassword(data.nueva_contrasena) }, ahora);
      return ahora;
    },
  };
}
