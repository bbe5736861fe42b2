// A shop's cashiers (issue 31, docs/cajeros.md): its owner (or an administrador) creates, renames,
// deactivates and deletes them, and sets their PINs; an owner sets their own PIN. Every change goes
// to the shop's audit trail in its own transaction. A deactivated cashier's sessions end at once
// (data/usuario.ts: the same mechanism as a new password).
import {
  type Cajero,
  type cajeroCreateSchema,
  type cajeroUpdateSchema,
  MENSAJE_CAJERO_CON_VENTAS,
  MENSAJE_CAJERO_NO_ENCONTRADO,
  MENSAJE_PIN_DUPLICADO,
} from '@minimarket/contracts/cajeros';
import type { z } from 'zod';
import { esViolacionUnica, type Db, type Tx } from '../../db/client.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { fijarPin } from '../../data/pin-tienda.js';
import {
  actualizarUsuario,
  cajerosDeTienda,
  crearUsuario,
  cuentaConTiendasPropias,
  eliminarUsuario,
  historialDeUsuario,
  usuarioPorId,
  type CambiosUsuario,
} from '../../data/usuario.js';
import { AppError, conflict, notFound, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Limites } from '../limites/limites.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { MENSAJE_CORREO_DUPLICADO } from '../usuarios/usuarios.service.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Pines } from './pin.js';

type CajeroCreate = z.output<typeof cajeroCreateSchema>;
type CajeroUpdate = z.output<typeof cajeroUpdateSchema>;

export const MENSAJE_CONTRASENA_INCORRECTA = 'La contraseña no es correcta.';

export function toCajeroDto(u: Usuario): Cajero {
  return {
    id_usuario: u.id_usuario,
    nombre: u.nombre,
    rol: 'cajero',
    id_minimarket: u.id_minimarket_cajero!,
    activo: u.estado === 'activo',
    correo: u.correo,
    fecha_creacion: u.fecha_creacion.toISOString(),
  };
}

/** A unique index refused the write: the PIN (raw insert into pin_tienda) or the e-mail (the account). */
function duplicado(err: unknown, paso: 'pin' | 'correo'): never {
  if (!esViolacionUnica(err)) throw err;
  if (paso === 'pin') throw new AppError(409, 'PIN_TAKEN', MENSAJE_PIN_DUPLICADO, [{ campo: 'pin', mensaje: MENSAJE_PIN_DUPLICADO }]);
  throw new AppError(409, 'EMAIL_TAKEN', MENSAJE_CORREO_DUPLICADO, [{ campo: 'correo', mensaje: MENSAJE_CORREO_DUPLICADO }]);
}

/** Runs one step of a transaction, naming which unique index a violation there is about. */
async function paso<T>(nombre: 'pin' | 'correo', fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    duplicado(err, nombre);
  }
}

export type CajerosService = ReturnType<typeof createCajerosService>;

export function createCajerosService({ db, acceso, limites, pines }: { db: Db; acceso: AccesoMinimarket; limites: Limites; pines: Pines }) {
  /** A cashier of this shop, or 404 (a cashier of another shop does not exist here). */
  async function cajeroDe(tx: Tx, idMinimarket: number, idUsuario: number) {
    const u = await usuarioPorId(tx, idUsuario);
    if (!u || u.rol !== 'cajero' || u.id_minimarket_cajero !== idMinimarket)
      throw notFound(MENSAJE_CAJERO_NO_ENCONTRADO, 'CASHIER_NOT_FOUND');
    return u;
  }

  return {
    async listar(usuario: UsuarioSesion, idMinimarket: number) {
      await acceso.assertAcceso(usuario, idMinimarket);
      const filas = await cajerosDeTienda(db, idMinimarket);
      return { cajeros: filas.map(toCajeroDto), total: filas.length };
    },

    async crear(usuario: UsuarioSesion, idMinimarket: number, data: CajeroCreate) {
      await acceso.assertAcceso(usuario, idMinimarket);
      // Hashing is slow on purpose: before the transaction.
      const contrasena_hash = data.contrasena ? await hashPassword(data.contrasena) : null;
      const cajero = await db.$transaction(async (tx) => {
        const nuevo = await paso('correo', () =>
          crearUsuario(tx, {
            nombre: data.nombre,
            rol: 'cajero',
            id_minimarket_cajero: idMinimarket,
            correo: data.correo ?? null,
            contrasena_hash,
            estado: 'activo',
          }),
        );
        await paso('pin', () =>
          fijarPin(tx, { id_minimarket: idMinimarket, id_usuario: nuevo.id_usuario, huella: pines.huella(idMinimarket, data.pin) }),
        );
        await registrarAuditoria(tx, {
          id_minimarket: idMinimarket,
          accion: 'cajero_creado',
          id_usuario: usuario.id_usuario,
          detalle: `Creó al cajero ${nuevo.nombre}${nuevo.correo ? ` (${nuevo.correo})` : ''}.`,
          datos: { id_cajero: nuevo.id_usuario },
        });
        return nuevo;
      });
      return toCajeroDto(cajero);
    },

    async actualizar(usuario: UsuarioSesion, idMinimarket: number, idUsuario: number, data: CajeroUpdate) {
      await acceso.assertAcceso(usuario, idMinimarket);
      const cambios: CambiosUsuario = {};
      if (data.nombre !== undefined) cambios.nombre = data.nombre;
      if (data.activo !== undefined) cambios.estado = data.activo ? 'activo' : 'inactivo';
      if (data.correo === null) Object.assign(cambios, { correo: null, contrasena_hash: null });
      else if (data.correo !== undefined) cambios.correo = data.correo;
      if (data.contrasena !== undefined) cambios.contrasena_hash = await hashPassword(data.contrasena);
      const cajero = await db.$transaction(async (tx) => {
        const actual = await cajeroDe(tx, idMinimarket, idUsuario);
        // An e-mail signs in with a password (CHECK usuario_correo_contrasena_check): both or neither.
        const conCorreo = cambios.correo !== undefined ? cambios.correo !== null : actual.correo !== null;
        const conContrasena = cambios.contrasena_hash !== undefined ? cambios.contrasena_hash !== null : actual.contrasena_hash !== null;
        if (conCorreo !== conContrasena) {
          const mensaje = 'Para entrar desde otro equipo, indica el correo y la contraseña.';
          throw validation(mensaje, [{ campo: conCorreo ? 'contrasena' : 'correo', mensaje }]);
        }
        const nuevo = Object.keys(cambios).length > 0 ? await paso('correo', () => actualizarUsuario(tx, actual, cambios)) : actual;
        if (data.pin !== undefined) {
          await paso('pin', () =>
            fijarPin(tx, { id_minimarket: idMinimarket, id_usuario: idUsuario, huella: pines.huella(idMinimarket, data.pin!) }),
          );
        }
        const que = [
          data.nombre !== undefined && data.nombre !== actual.nombre ? `nombre «${actual.nombre}» → «${data.nombre}»` : null,
          data.activo === false && actual.estado === 'activo' ? 'desactivado' : null,
          data.activo === true && actual.estado !== 'activo' ? 'reactivado' : null,
          data.pin !== undefined ? 'PIN cambiado' : null,
          data.correo !== undefined && data.correo !== actual.correo ? (data.correo ? `correo ${data.correo}` : 'sin correo') : null,
          data.contrasena !== undefined ? 'contraseña cambiada' : null,
        ].filter(Boolean);
        if (que.length > 0) {
          await registrarAuditoria(tx, {
            id_minimarket: idMinimarket,
            accion: 'cajero_modificado',
            id_usuario: usuario.id_usuario,
            detalle: `Cajero ${nuevo.nombre}: ${que.join(', ')}.`,
            datos: { id_cajero: idUsuario },
          });
        }
        return nuevo;
      });
      return toCajeroDto(cajero);
    },

    /** Only one that never sold, moved cash or stock: otherwise its history keeps its name (409). */
    async eliminar(usuario: UsuarioSesion, idMinimarket: number, idUsuario: number) {
      await acceso.assertAcceso(usuario, idMinimarket);
      await db.$transaction(async (tx) => {
        const actual = await cajeroDe(tx, idMinimarket, idUsuario);
        if (await historialDeUsuario(tx, idMinimarket, idUsuario)) throw conflict(MENSAJE_CAJERO_CON_VENTAS, 'CASHIER_HAS_HISTORY');
        await eliminarUsuario(tx, idUsuario);
        await registrarAuditoria(tx, {
          id_minimarket: idMinimarket,
          accion: 'cajero_eliminado',
          id_usuario: usuario.id_usuario,
          detalle: `Eliminó al cajero ${actual.nombre}.`,
          datos: { id_cajero: idUsuario },
        });
      });
    },

    /**
     * An owner's own PIN, at every shop they own (the same PIN; unique within each), confirmed with
     * their password (throttled as a password change is).
     */
    async fijarPinPropio(usuario: UsuarioSesion, pin: string, contrasena: string) {
      const cuenta = await cuentaConTiendasPropias(db, usuario.id_usuario);
      const intentos = [limites.reglas.cambioContrasena, usuario.id_usuario] as const;
      await limites.reservar(intentos);
      if (!(await verifyPassword(contrasena, cuenta.contrasena_hash ?? DUMMY_HASH))) {
        throw validation(MENSAJE_CONTRASENA_INCORRECTA, [{ campo: 'contrasena', mensaje: MENSAJE_CONTRASENA_INCORRECTA }]);
      }
      await limites.limpiar(intentos);
      if (cuenta.minimarkets.length === 0) throw validation('No tienes un minimarket asociado.', []);
      await db.$transaction(async (tx) => {
        for (const { id_minimarket } of cuenta.minimarkets) {
          await paso('pin', () =>
            fijarPin(tx, { id_minimarket, id_usuario: usuario.id_usuario, huella: pines.huella(id_minimarket, pin) }),
          );
          await registrarAuditoria(tx, {
            id_minimarket,
            accion: 'pin_cambiado',
            id_usuario: usuario.id_usuario,
            detalle: `${usuario.nombre} cambió su PIN.`,
          });
        }
      });
    },
  };
}
