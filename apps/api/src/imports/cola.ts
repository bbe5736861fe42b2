// The in-process queue of imports: one at a time, in arrival order, so a large file
// never holds the request that brought it and two imports never fight over one shop's
// rows. Stopping aborts the running import (it rolls back and records the interruption)
// and records the waiting ones as interrupted too: none is left 'En revisión'.

export interface ColaDeTrabajos<T> {
  encolar(trabajo: T): void;
  /** Imports waiting plus the one running. */
  pendientes(): number;
  detener(): Promise<void>;
}

export function crearCola<T>(opciones: {
  procesar: (trabajo: T, signal: AbortSignal) => Promise<void>;
  /** A job that will not run because the queue stopped. */
  descartar: (trabajo: T) => Promise<void>;
  alError: (err: unknown, trabajo: T) => void;
}): ColaDeTrabajos<T> {
  const espera: T[] = [];
  let actual: { controller: AbortController; promesa: Promise<void> } | null = null;
  let detenida = false;

  function siguiente() {
    if (actual || detenida) return;
    const trabajo = espera.shift();
    if (trabajo === undefined) return;
    const controller = new AbortController();
    const promesa = opciones
      .procesar(trabajo, controller.signal)
      .catch((err) => opciones.alError(err, trabajo))
      .finally(() => {
        actual = null;
        siguiente();
      });
    actual = { controller, promesa };
  }

  return {
    encolar(trabajo) {
      if (detenida) {
        void opciones.descartar(trabajo).catch((err) => opciones.alError(err, trabajo));
        return;
      }
      espera.push(trabajo);
      siguiente();
    },
    pendientes: () => espera.length + (actual ? 1 : 0),
    async detener() {
      detenida = true;
      const enCurso = actual;
      enCurso?.controller.abort(new Error('La aplicación se está deteniendo.'));
      await enCurso?.promesa;
      const descartados = espera.splice(0);
      await Promise.all(descartados.map((t) => opciones.descartar(t).catch((err) => opciones.alError(err, t))));
    },
  };
}
