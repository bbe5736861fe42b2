// Where the shared till keeps its state on this device (localStorage), and how a session's end clears
// it. Apart from estado.ts: lib/auth.tsx needs only this, and it loads with the login page.

export const CLAVE_COMPARTIDA = 'cajaCompartida';
export const CLAVE_BLOQUEO = 'cajaBloqueada';
export const CLAVE_ACTIVIDAD = 'cajaUltimaActividad';

/** The session ended or a password opened it: this device is no longer a shared till, nor locked. */
export function olvidarCajaCompartida(): void {
  try {
    for (const clave of [CLAVE_COMPARTIDA, CLAVE_BLOQUEO, CLAVE_ACTIVIDAD]) window.localStorage.removeItem(clave);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
