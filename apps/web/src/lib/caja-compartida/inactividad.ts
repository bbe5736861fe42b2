// When the shared till locks itself (docs/cajeros.md «La caja compartida»): pure decisions over the
// time of the last input and the shop's minutes, so the timer that acts on them has no rule of its own
// and a test can set the clock.
import type { Rol } from '@minimarket/contracts/comunes';

export const MS_POR_MINUTO = 60_000;

/**
 * Whether this device is a shared till: a cashier's session always is; an owner's becomes one once
 * someone switched in by PIN here («Cambiar cajero»), until the session ends. An owner reading
 * Visualizar on their own computer never gets locked out of it.
 */
export function esCajaCompartida(rol: Rol | undefined, marcada: boolean): boolean {
  if (rol === 'cajero') return true;
  return rol === 'pyme' && marcada;
}

/** Milliseconds left before the till locks (≤ 0: it should be locked now). */
export function msHastaBloqueo(ultimaActividad: number, ahora: number, minutos: number): number {
  return ultimaActividad + minutos * MS_POR_MINUTO - ahora;
}

/** A shared, unlocked till whose last input is `minutos` or more ago locks. */
export function debeBloquearse(
  estado: { compartida: boolean; bloqueada: boolean; ultimaActividad: number; minutos: number | null },
  ahora: number,
): boolean {
  if (!estado.compartida || estado.bloqueada || estado.minutos === null) return false;
  return msHastaBloqueo(estado.ultimaActividad, ahora, estado.minutos) <= 0;
}

/** Inputs this close together are one: the last one is written to storage at most once a second. */
export const MS_ENTRE_REGISTROS = 1000;

export function debeRegistrarActividad(registrada: number, ahora: number): boolean {
  return ahora - registrada >= MS_ENTRE_REGISTROS;
}
