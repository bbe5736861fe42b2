// The import of a queued upload, on whichever replica takes the job (imports/cola.ts): the file's
// bytes brought down to a temp file, imported (src/imports) with its progress written as it goes,
// and a job that died with its replica too often ended instead of tried again.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { registrarAvance } from '../../data/archivo-carga.js';
import { bajarArchivo, type TrabajoTomado } from '../../data/trabajo-carga.js';
import type { Env } from '../../env.js';
import { escritorDeAvance } from '../../imports/avance.js';
import { crearTrabajador } from '../../imports/cola.js';
import { descartarCarga, importarArchivo } from '../../imports/importar.js';
import { MENSAJE_INTERRUMPIDA } from '../../imports/resultado.js';
import type { FormatoCarga } from '../../imports/staging.js';
import { type RecursosCarga, SIN_CONEXION_PROPIA } from './recursos.js';

/** A job taken this many times died with its replica each time: it is ended, not tried again. */
const MAX_INTENTOS = 2;

const formatoDe = (nombreArchivo: string) => path.extname(nombreArchivo).toLowerCase().slice(1) as FormatoCarga;

export function createTrabajadorCargas({
  db,
  env,
  recursos,
  alTerminar,
}: {
  db: Db;
  env: Env;
  recursos: RecursosCarga;
  alTerminar: () => void;
}) {
  const { replica, rutaTemporal, registrar, archivos } = recursos;

  async function procesar(t: TrabajoTomado, signal: AbortSignal) {
    if (!env.DATABASE_URL) throw new Error(SIN_CONEXION_PROPIA);
    const carga = { ...t, replica };
    if (t.intento > MAX_INTENTOS) {
      await descartarCarga(env.DATABASE_URL, carga, MENSAJE_INTERRUMPIDA);
      return;
    }
    const formato = formatoDe(t.nombreArchivo);
    const ruta = rutaTemporal(`.${formato}`);
    const avance = escritorDeAvance(
      (a) => registrarAvance(archivos(), t.idArchivo, a),
      (err) => registrar(err, `avance de la carga ${t.idArchivo}`),
    );
    try {
      await bajarArchivo(archivos(), t, ruta);
      await importarArchivo(
        env.DATABASE_URL,
        { ...carga, formato, ruta },
        {
          signal,
          alError: (err) => registrar(err, `carga ${t.idArchivo}`),
          avance: { alAvanzar: avance.informar, cadaMs: env.IMPORT_PROGRESS_MS },
        },
      );
    } finally {
      await avance.terminar();
      await fs.promises.rm(ruta, { force: true });
      alTerminar();
    }
  }

  return crearTrabajador({
    db,
    replica,
    simultaneas: env.IMPORT_CONCURRENCY,
    leaseMs: env.IMPORT_LEASE_SECONDS * 1000,
    sondeoMs: env.IMPORT_POLL_MS,
    procesar,
    alError: registrar,
  });
}
