// Whether the API is reachable, as this tab knows it: the browser's own flag (navigator.onLine)
// and the outcome of the last request (api-client reports each one). A phone on a barrio's mobile
// data often says "online" while nothing answers: a request that got no answer counts too.
import { useSyncExternalStore } from 'react';

let ultimaSinRespuesta = false;
const oyentes = new Set<() => void>();

function avisar() {
  for (const o of oyentes) o();
}

/** Called by the API client after every request: true when it got no answer (network, timeout). */
export function registrarResultado(sinRespuesta: boolean): void {
  if (ultimaSinRespuesta === sinRespuesta) return;
  ultimaSinRespuesta = sinRespuesta;
  avisar();
}

export function sinConexion(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || ultimaSinRespuesta;
}

function suscribir(oyente: () => void) {
  oyentes.add(oyente);
  const alCambiar = () => {
    // Back online: the next request decides; until then trust the browser.
    if (navigator.onLine) ultimaSinRespuesta = false;
    avisar();
  };
  window.addEventListener('online', alCambiar);
  window.addEventListener('offline', alCambiar);
  return () => {
    oyentes.delete(oyente);
    window.removeEventListener('online', alCambiar);
    window.removeEventListener('offline', alCambiar);
  };
}

export function useSinConexion(): boolean {
  return useSyncExternalStore(suscribir, sinConexion, () => false);
}

/** A request that got no answer: a network failure or the time limit, not a status from the server. */
export function esSinRespuesta(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
}
