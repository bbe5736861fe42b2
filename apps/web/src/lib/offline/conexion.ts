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

/**
 * The server's clock at the last answer this device got (its `Date` header), kept across reloads: an
 * offline sale carries it as `ultimo_contacto`, and the server flags a sale dated well before it (a
 * device clock set back; docs/offline.md «El rastro»). The server's time, not the device's.
 */
const ULTIMO_CONTACTO_KEY = 'ultimoContactoServidor';

/** Called by the API client with the `Date` header of every successful answer. */
export function registrarContacto(fechaHttp: string | null): void {
  if (!fechaHttp) return;
  const fecha = new Date(fechaHttp);
  if (Number.isNaN(fecha.getTime())) return;
  try {
    // ISO 8601 in UTC ('…Z', an offset of zero): the server's moment, whatever the device's zone.
    window.localStorage.setItem(ULTIMO_CONTACTO_KEY, fecha.toISOString());
  } catch {
    // Storage unavailable: the sale goes without it (the field is optional).
  }
}

/** ISO 8601 with offset, or null when this device never heard from the server. */
export function ultimoContacto(): string | null {
  try {
    return window.localStorage.getItem(ULTIMO_CONTACTO_KEY);
  } catch {
    return null;
  }
}
