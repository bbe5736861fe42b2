// The worker that runs queued imports on this replica: it polls the queue in PostgreSQL
// (data/trabajo-carga.ts) and takes jobs while it has room, at most `simultaneas` at a
// time, renewing each one's lease while it runs. Other replicas do the same on the same table,
// so a job goes to whichever replica is free; a file never waits on the replica that received it.
// Each replica goes through the shops with a free job round-robin, so a shop that queued many files
// gets a place in its turn, not all the places (docs/escalar.md «Las colas»).
//
// Stopping aborts the running imports (they roll back) and hands their jobs back to the queue,
// so another replica, or this one after its restart, runs them from the start. So does losing the
// database mid-import (a restart, a failover): the job is handed back as soon as the database
// answers again, as a first try, and runs again from the start.
import { setTimeout as esperar } from 'node:timers/promises';
import type { Db } from '../db/client.js';
import { esConexionPerdida } from '../db/conexion-perdida.js';
import { liberarTrabajo, renovarTrabajo, tomarTrabajo, type TrabajoTomado } from '../data/trabajo-carga.js';

/** How often a job whose import lost the database tries to go back to the queue. */
const REINTENTO_SIN_BASE_MS = 500;

export interface OpcionesTrabajador {
  db: Db;
  /** Names this process in trabajo_carga.tomado_por. */
  replica: string;
  simultaneas: number;
  leaseMs: number;
  /** How often an idle worker looks for new jobs (a job queued here wakes it at once). */
  sondeoMs: number;
  /** Runs one job; must stop soon after `signal` aborts (lease lost or the replica stopping). */
  procesar: (trabajo: TrabajoTomado, signal: AbortSignal) => Promise<void>;
  alError: (err: unknown, contexto: string) => void;
  /** After each look at the queue, whether it took anything or not (what a test waits on instead of time). */
  alBuscar?: () => void;
}

export type Trabajador = ReturnType<typeof crearTrabajador>;

export function crearTrabajador(o: OpcionesTrabajador) {
  const enCurso = new Map<string, { controller: AbortController; promesa: Promise<void> }>();
  let detenido = true;
  /** The look at the queue under way, if any: stopping waits for it (it may be taking a job). */
  let buscando: Promise<void> | null = null;
  let sondeo: NodeJS.Timeout | undefined;
  /** The shop this replica took a job of last: the next look starts after it (round-robin, fair). */
  let ultimaTienda = 0;

  function ejecutar(t: TrabajoTomado) {
    const clave = `${t.idMinimarket}/${t.idArchivo}`;
    const controller = new AbortController();
    // The lease is renewed at a third of its length: two renewals can fail before it runs out.
    const latido = setInterval(
      () => {
        renovarTrabajo(o.db, t, o.replica, o.leaseMs)
          .then((sigue) => {
            if (!sigue) controller.abort(new Error('El trabajo pasó a otra réplica.'));
          })
          .catch((err) => o.alError(err, `renovar la carga ${t.idArchivo}`));
      },
      Math.max(100, Math.floor(o.leaseMs / 3)),
    );
    const promesa = o
      .procesar(t, controller.signal)
      .then(
        () => false,
        (err: unknown) => {
          o.alError(err, `carga ${t.idArchivo}`);
          return esConexionPerdida(err);
        },
      )
      .then(async (sinBase) => {
        // Stopped mid-import (rolled back): back to the queue for whoever runs next.
        if (detenido && controller.signal.aborted) await liberarTrabajo(o.db, t, o.replica);
        else if (sinBase) await devolverAlVolverLaBase(t);
      })
      .catch((err) => o.alError(err, `devolver la carga ${t.idArchivo} a la cola`))
      .finally(() => {
        clearInterval(latido);
        enCurso.delete(clave);
        void despertar();
      });
    enCurso.set(clave, { controller, promesa });
  }

  /**
   * Hands back a job whose import lost the database, trying until the database answers. Not past
   * the lease: by then the queue takes the job again on its own (counted as a new try).
   */
  async function devolverAlVolverLaBase(t: TrabajoTomado) {
    const hasta = Date.now() + o.leaseMs;
    for (;;) {
      try {
        await liberarTrabajo(o.db, t, o.replica);
        return;
      } catch (err) {
        if (!esConexionPerdida(err) || detenido || Date.now() >= hasta) throw err;
      }
      await esperar(Math.min(REINTENTO_SIN_BASE_MS, o.leaseMs / 3));
    }
  }

  /** Takes jobs while there is room and the queue has free ones. */
  async function despertar() {
    if (buscando || detenido) return;
    buscando = buscar();
    try {
      await buscando;
    } finally {
      buscando = null;
      o.alBuscar?.();
    }
  }

  async function buscar() {
    try {
      while (!detenido && enCurso.size < o.simultaneas) {
        const trabajo = await tomarTrabajo(o.db, o.replica, o.leaseMs, ultimaTienda);
        if (!trabajo) break;
        ultimaTienda = trabajo.idMinimarket;
        if (detenido) {
          await liberarTrabajo(o.db, trabajo, o.replica);
          break;
        }
        ejecutar(trabajo);
      }
    } catch (err) {
      o.alError(err, 'tomar cargas de la cola');
    }
  }

  return {
    iniciar() {
      if (!detenido || o.simultaneas === 0) return;
      detenido = false;
      sondeo = setInterval(() => void despertar(), o.sondeoMs);
      void despertar();
    },
    /** Something was queued: look now rather than at the next poll. */
    despertar,
    async detener() {
      detenido = true;
      clearInterval(sondeo);
      // A look under way may be taking a job right now: it hands it back before stopping ends.
      await buscando;
      const corriendo = [...enCurso.values()];
      for (const { controller } of corriendo) controller.abort(new Error('La réplica se está deteniendo.'));
      await Promise.all(corriendo.map((c) => c.promesa));
    },
  };
}
