// pin_tienda: the PINs of a shop's people (issue 31, docs/cajeros.md «El PIN»). `huella` is the keyed
// hash of the shop and the PIN (modules/cajeros/pin.ts): unique within the shop, so the person behind
// a PIN is one indexed read, and two people of one shop never share a PIN.
import type { Tx } from '../db/client.js';

/** Sets (or changes) a person's PIN at a shop. A PIN another person of the shop has: unique_violation. */
export async function fijarPin(tx: Tx, p: { id_minimarket: number; id_usuario: number; huella: string }) {
  await tx.$executeRaw`
    INSERT INTO pin_tienda (id_minimarket, id_usuario, huella) VALUES (${p.id_minimarket}, ${p.id_usuario}, ${p.huella})
    ON CONFLICT (id_minimarket, id_usuario) DO UPDATE SET huella = excluded.huella, actualizado_en = now()`;
}

/** A person's PIN at a shop goes (the owner handed the shop to someone else). */
export async function quitarPin(tx: Tx, idMinimarket: number, idUsuario: number) {
  await tx.$executeRaw`DELETE FROM pin_tienda WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario}`;
}

export interface PersonaDePin {
  id_usuario: number;
  nombre: string;
  rol: string;
  estado: string;
  sesiones_validas_desde: Date;
  /** The shop's owner now (a PIN of someone no longer the owner, nor its cashier, opens nothing). */
  es_dueno: boolean;
  /** A cashier of this shop. */
  es_cajero: boolean;
}

/** Whose PIN this is at the shop, if anyone's. */
export async function personaPorHuella(tx: Tx, idMinimarket: number, huella: string): Promise<PersonaDePin | null> {
  const [fila] = await tx.$queryRaw<PersonaDePin[]>`
    SELECT u.id_usuario, u.nombre, u.rol, u.estado, u.sesiones_validas_desde,
           m.id_usuario = u.id_usuario AS es_dueno,
           u.rol = 'cajero' AND u.id_minimarket_cajero = p.id_minimarket AS es_cajero
    FROM pin_tienda p
    JOIN usuario u ON u.id_usuario = p.id_usuario
    JOIN minimarket m ON m.id_minimarket = p.id_minimarket
    WHERE p.id_minimarket = ${idMinimarket} AND p.huella = ${huella}`;
  return fila ?? null;
}

/** Whether the person has a PIN at the shop. */
export async function tienePin(tx: Tx, idMinimarket: number, idUsuario: number): Promise<boolean> {
  const [fila] = await tx.$queryRaw<{ existe: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM pin_tienda WHERE id_minimarket = ${idMinimarket} AND id_usuario = ${idUsuario}) AS existe`;
  return fila?.existe ?? false;
}
