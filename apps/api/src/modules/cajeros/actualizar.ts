// A cashier changed by its shop's owner: its name, PIN, e-mail or password, or switched off (its
// sessions end at once: data/usuario.ts); what changed goes to the shop's audit trail.
import type { cajeroUpdateSchema } from '@minimarket/contracts/cajeros';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { registrarAuditoria } from '../../data/auditoria.js';
import { actualizarUsuario, type CambiosUsuario } from '../../data/usuario.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { validation } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { cajeroDe, guardarPin, paso, toCajeroDto } from './cajero.js';
import type { Pines } from './pin.js';

type CajeroUpdate = z.output<typeof cajeroUpdateSchema>;

/** The account's columns to write; the password hashed (slow on purpose: before the transaction). */
async function cambiosDe(data: CajeroUpdate): Promise<CambiosUsuario> {
  const cambios: CambiosUsuario = {};
  if (data.nombre !== undefined) cambios.nombre = data.nombre;
  if (data.activo !== undefined) cambios.estado = data.activo ? 'activo' : 'inactivo';
  if (data.correo === null) Object.assign(cambios, { correo: null, contrasena_hash: null });
  else if (data.correo !== undefined) cambios.correo = data.correo;
  if (data.contrasena !== undefined) cambios.contrasena_hash = await hashPassword(data.contrasena);
  return cambios;
}

/** An e-mail signs in with a password (CHECK usuario_correo_contrasena_check): both or neither. */
function assertCorreoConContrasena(cambios: CambiosUsuario, actual: Usuario) {
  const conCorreo = cambios.correo !== undefined ? cambios.correo !== null : actual.correo !== null;
  const conContrasena = cambios.contrasena_hash !== undefined ? cambios.contrasena_hash !== null : actual.contrasena_hash !== null;
  if (conCorreo !== conContrasena) {
    const mensaje = 'Para entrar desde otro equipo, indica el correo y la contraseña.';
    throw validation(mensaje, [{ campo: conCorreo ? 'contrasena' : 'correo', mensaje }]);
  }
}

/** What changed, in the audit trail's words. */
function queCambio(data: CajeroUpdate, actual: Usuario) {
  return [
    data.nombre !== undefined && data.nombre !== actual.nombre ? `nombre «${actual.nombre}» → «${data.nombre}»` : null,
    data.activo === false && actual.estado === 'activo' ? 'desactivado' : null,
    data.activo === true && actual.estado !== 'activo' ? 'reactivado' : null,
    data.pin !== undefined ? 'PIN cambiado' : null,
    data.correo !== undefined && data.correo !== actual.correo ? (data.correo ? `correo ${data.correo}` : 'sin correo') : null,
    data.contrasena !== undefined ? 'contraseña cambiada' : null,
  ].filter(Boolean);
}

export function createActualizarCajero({ db, acceso, pines }: { db: Db; acceso: AccesoMinimarket; pines: Pines }) {
  return async function actualizar(usuario: UsuarioSesion, idMinimarket: number, idUsuario: number, data: CajeroUpdate) {
    await acceso.assertAcceso(usuario, idMinimarket);
    const cambios = await cambiosDe(data);
    const cajero = await db.$transaction(async (tx) => {
      const actual = await cajeroDe(tx, idMinimarket, idUsuario);
      assertCorreoConContrasena(cambios, actual);
      const nuevo = Object.keys(cambios).length > 0 ? await paso('correo', () => actualizarUsuario(tx, actual, cambios)) : actual;
      if (data.pin !== undefined) {
        await guardarPin(tx, pines, idMinimarket, idUsuario, data.pin);
      }
      const que = queCambio(data, actual);
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
  };
}
