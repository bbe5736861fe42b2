// The in-process queue of imports, so a large file never holds the request that brought
// it. Up to `simultaneos` imports run at once, but never two of the same shop: two imports
// of one shop would fight over its rows (the same barcodes, the same sales), while a shop
// uploading 200 products should not wait behind another shop's million-row file. Within a
// shop, files run in arrival order. Stopping aborts the running imports (they roll back and
// record the interruption) and records the waiting ones as interrupted too: none is left
// 'En revisión'.

export interface ColaDeTrabajos<T> {
  encolar(trabajo: T): void;
  /** Imports waiting plus the ones running. */
  pendientes(): number;
  detener(): Promise<void>;
}

export function crearCola<T>(opciones: {
  procesar: (trabajo: T, signal: AbortSignal) => Promise<void>;
  /** A job that will not run because the queue stopped. */
  descartar: (trabajo: T) => Promise<void>;
  alError: (err: unknown, trabajo: T) => void;
  /** Jobs with the same key never run at the same time (the shop). */
  clave: (trabajo: T) => string | number;
  /** How many jobs of different keys may run at once. */
  simultaneos: number;
}): ColaDeTrabajos<T> {
  const espera: T[] = [];
  const enCurso = new Map<string | number, { controller: AbortController; promesa: Promise<void> }>();
  let detenida = false;

  function iniciar(trabajo: T) {
    const clave = opciones.clave(trabajo);
    const controller = new AbortController();
    const promesa = opciones
      .procesar(trabajo, controller.signal)
      .catch((err) => opciones.alError(err, trabajo))
      .finally(() => {
        enCurso.delete(clave);
        siguientes();
      });
    enCurso.set(clave, { controller, promesa });
  }

  /** Starts, in arrival order, every waiting job whose shop is free, while there is room. */
  function siguientes() {
    for (let i = 0; i < espera.length && enCurso.size < opciones.simultaneos && !detenida; ) {
      const trabajo = espera[i]!;
      if (enCurso.has(opciones.clave(trabajo))) {
        i += 1;
        continue;
      }
      espera.splice(i, 1);
      iniciar(trabajo);
    }
  }

  return {
    encolar(trabajo) {
      if (detenida) {
        void opciones.descartar(trabajo).catch((err) => opciones.alError(err, trabajo));
        return;
      }
      espera.push(trabajo);
      siguientes();
    },
    pendientes: () => espera.length + enCurso.size,
    async detener() {
      detenida = true;
      const corriendo = [...enCurso.values()];
      for (const { controller } of corriendo) controller.abort(new Error('La aplicación se está deteniendo.'));
      await Promise.all(corriendo.map((c) => c.promesa));
      const descartados = espera.splice(0);
      await Promise.all(descartados.map((t) => opciones.descartar(t).catch((err) => opciones.alError(err, t))));
    },
  };
}
