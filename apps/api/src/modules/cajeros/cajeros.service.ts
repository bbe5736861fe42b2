// A shop's cashiers (issue 31, docs/cajeros.md): its owner (or an administrador) creates, renames,
// deactivates and deletes them, and sets their PINs; an owner sets their own PIN. Every change goes
// to the shop's audit trail in its own transaction. A deactivated cashier's sessions end at once
// (data/usuario.ts: the same mechanism as a new password).
import { type cajeroCreateSchema, MENSAJE_CAJERO_CON_VENTAS } from '@minimarket/contracts/cajeros';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { cajerosDeTienda, crearUsuario, cuentaConTiendasPropias, eliminarUsuario, historialDeUsuario } from '../../data/usuario.js';
import { conflict, validation } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Limites } from '../limites/limites.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { confirmarContrasena } from '../usuarios/credenciales.js';
import { createActualizarCajero } from './actualizar.js';
import { cajeroDe, guardarPin, paso, toCajeroDto } from './cajero.js';
import type { Pines } from './pin.js';

type CajeroCreate = z.output<typeof cajeroCreateSchema>;

export const MENSAJE_CONTRASENA_INCORRECTA = 'La contraseña no es correcta.';

export type CajerosService = ReturnType<typeof createCajerosService>;

export function createCajerosService({ db, acceso, limites, pines }: { db: Db; acceso: AccesoMinimarket; limites: Limites; pines: Pines }) {
  const actualizar = createActualizarCajero({ db, acceso, pines });

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
        await guardarPin(tx, pines, idMinimarket, nuevo.id_usuario, data.pin);
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

    actualizar,

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
      await confirmarContrasena(limites, usuario.id_usuario, contrasena, cuenta.contrasena_hash, {
        campo: 'contrasena',
        mensaje: MENSAJE_CONTRASENA_INCORRECTA,
      });
      if (cuenta.minimarkets.length === 0) throw validation('No tienes un minimarket asociado.', []);
      await db.$transaction(async (tx) => {
        for (const { id_minimarket } of cuenta.minimarkets) {
          await guardarPin(tx, pines, id_minimarket, usuario.id_usuario, pin);
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
