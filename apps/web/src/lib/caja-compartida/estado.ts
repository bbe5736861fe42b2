// What the shared till keeps on this device (localStorage: it survives a reload and is this browser's,
// so each till locks on its own): whether it is a shared till, whether it is locked and why, and the
// time of the last input.

import { CLAVE_ACTIVIDAD, CLAVE_BLOQUEO, CLAVE_COMPARTIDA } from './claves';

export interface Bloqueo {
  /** ISO time it locked. */
  desde: string;
  /** What to say above the PIN pad (the shift just closed and what was counted), or null. */
  aviso: string | null;
}

function almacen(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function leerCompartida(): boolean {
  return almacen()?.getItem(CLAVE_COMPARTIDA) === '1';
}

export function marcarCompartida(): void {
  almacen()?.setItem(CLAVE_COMPARTIDA, '1');
}

export function leerBloqueo(): Bloqueo | null {
  try {
    const valor = JSON.parse(almacen()?.getItem(CLAVE_BLOQUEO) ?? 'null') as Bloqueo | null;
    return valor && typeof valor.desde === 'string' ? { desde: valor.desde, aviso: valor.aviso ?? null } : null;
  } catch {
    return null;
  }
}

export function guardarBloqueo(bloqueo: Bloqueo | null): void {
  if (bloqueo) almacen()?.setItem(CLAVE_BLOQUEO, JSON.stringify(bloqueo));
  else almacen()?.removeItem(CLAVE_BLOQUEO);
}

/** The last input's time (ms); a device that never recorded one starts counting now. */
export function leerActividad(ahora: number): number {
  const valor = Number(almacen()?.getItem(CLAVE_ACTIVIDAD));
  return Number.isFinite(valor) && valor > 0 && valor <= ahora ? valor : ahora;
}

export function guardarActividad(ms: number): void {
  try {
    almacen()?.setItem(CLAVE_ACTIVIDAD, String(ms));
  } catch {
    // Storage full: the timer in memory still counts.
  }
}

/** The storage keys another tab's change arrives under ('storage' events). */
export const CLAVES_CAJA = new Set([CLAVE_COMPARTIDA, CLAVE_BLOQUEO]);
