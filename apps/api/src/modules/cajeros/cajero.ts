// A shop's cashier as the API shows it, found in its shop (404 for another shop's), and the unique
// indexes a write of one may break (its PIN in the shop, its e-mail among all accounts).
import { type Cajero, MENSAJE_CAJERO_NO_ENCONTRADO, MENSAJE_PIN_DUPLICADO } from '@minimarket/contracts/cajeros';
import { esViolacionUnica, type Tx } from '../../db/client.js';
import { fijarPin } from '../../data/pin-tienda.js';
import { usuarioPorId } from '../../data/usuario.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { correoDuplicado } from '../usuarios/credenciales.js';
import type { Pines } from './pin.js';

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

/** A cashier of this shop, or 404 (a cashier of another shop does not exist here). */
export async function cajeroDe(tx: Tx, idMinimarket: number, idUsuario: number) {
  const u = await usuarioPorId(tx, idUsuario);
  if (!u || u.rol !== 'cajero' || u.id_minimarket_cajero !== idMinimarket)
    throw notFound(MENSAJE_CAJERO_NO_ENCONTRADO, 'CASHIER_NOT_FOUND');
  return u;
}

/** A unique index refused the write: the PIN (raw insert into pin_tienda) or the e-mail (the account). */
function duplicado(err: unknown, paso: 'pin' | 'correo'): never {
  if (!esViolacionUnica(err)) throw err;
  if (paso === 'pin') throw new AppError(409, 'PIN_TAKEN', MENSAJE_PIN_DUPLICADO, [{ campo: 'pin', mensaje: MENSAJE_PIN_DUPLICADO }]);
  throw correoDuplicado();
}

/** Runs one step of a transaction, naming which unique index a violation there is about. */
export async function paso<T>(nombre: 'pin' | 'correo', fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    duplicado(err, nombre);
  }
}

/** A person's PIN at a shop (its fingerprint, unique in the shop: another's PIN is 409 on the field). */
export const guardarPin = (tx: Tx, pines: Pines, idMinimarket: number, idUsuario: number, pin: string) =>
  paso('pin', () => fijarPin(tx, { id_minimarket: idMinimarket, id_usuario: idUsuario, huella: pines.huella(idMinimarket, pin) }));
