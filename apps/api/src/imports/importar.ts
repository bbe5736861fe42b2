// One import, start to end, in ONE transaction on its own connection (conexion.ts): the file is
// read row by row into a TEMP staging table (staging.ts), then set-based statements write
// products or sales (aplicar-*.ts), the rejected rows and, through resultado.ts, the final state of
// the upload and the end of its queue job. Nothing is ever half-written: any failure rolls all of it
// back. A file that cannot be imported ends in 'Error' with a Spanish message; an import stopped from
// outside (the replica stopping, or its job lost to another replica) keeps nothing and leaves the
// job to the queue.
import type pg from 'pg';
import { ordenarTrasCarga as ordenarClientesTrasCarga } from '../data/cliente.js';
import { guardarRechazadasDesde, primerosErroresDesde } from '../data/fila-rechazada.js';
import { ordenarTrasCarga as ordenarProductosTrasCarga } from '../data/producto.js';
import { esConexionPerdida } from '../db/conexion-perdida.js';
import { aplicarClientes } from './aplicar-clientes.js';
import { aplicarProductos } from './aplicar-productos.js';
import { aplicarVentas } from './aplicar-ventas.js';
import { abrirConexionDeCarga, empezarTransaccionMasiva } from './conexion.js';
import { ErrorArchivo } from './errores.js';
import {
  guardarResultado,
  MENSAJE_ERROR_INTERNO,
  resultadoDeError,
  STATUS,
  TrabajoPerdido,
  type CargaEnCurso,
  type EstadoFinal,
  type ResultadoCarga,
} from './resultado.js';
import { CONTEOS_VACIOS, mensajeFinal } from './resumen.js';
import { cargarStaging, LIMITES, STAGING, type ArchivoAImportar, type InformeDeAvance } from './staging.js';

export type TrabajoImportacion = CargaEnCurso & ArchivoAImportar;

/**
 * Imports one job's file and records how it ended (with the end of its job). Resolves with the
 * result it stored, or null when it stored nothing: stopped from outside, or the job is no
 * longer this replica's. Rejects when the database went away mid-import (esConexionPerdida: the
 * queue hands the job back) or when not even the 'Error' state could be written (the job's lease
 * then runs out and the queue takes it again).
 */
export async function importarArchivo(
  databaseUrl: string,
  trabajo: TrabajoImportacion,
  opciones: { signal: AbortSignal; alError?: (err: unknown) => void; avance?: InformeDeAvance },
): Promise<ResultadoCarga | null> {
  const limites = LIMITES;
  const client = await abrirConexionDeCarga(databaseUrl);
  try {
    try {
      await empezarTransaccionMasiva(client);
      const { tabla, crear } = STAGING[trabajo.tipo];
      await client.query(crear);
      const lectura = await cargarStaging(client, trabajo, limites, opciones.signal, opciones.avance);

      let conteos = CONTEOS_VACIOS;
      if (trabajo.tipo === 'productos') {
        const r = await aplicarProductos(client, {
          idMinimarket: trabajo.idMinimarket,
          idUsuario: trabajo.idUsuario,
          nombreArchivo: trabajo.nombreArchivo,
        });
        conteos = { ...conteos, ...r };
      } else if (trabajo.tipo === 'clientes') {
        const r = await aplicarClientes(client, { idMinimarket: trabajo.idMinimarket });
        conteos = { ...conteos, ...r };
      } else {
        const r = await aplicarVentas(client, { idMinimarket: trabajo.idMinimarket, idUsuario: trabajo.idUsuario });
        conteos = { ...conteos, procesadas: r.procesadas, rechazadas: r.omitidasPorErrores, yaImportadas: r.yaImportadas };
      }
      if (opciones.signal.aborted) throw opciones.signal.reason;

      // The rows refused, as they were in the file, with their reasons.
      await guardarRechazadasDesde(client, tabla, trabajo);
      // The first errors for the details, and how many there are in all.
      const { primeros, total: errores } = await primerosErroresDesde(client, tabla, limites.maxErroresDetalle);
      const estado: EstadoFinal = errores > 0 ? 'Con errores' : 'Completado';
      const resultado: ResultadoCarga = {
        estado,
        detalle: {
          total_filas: lectura.totalFilas,
          errores,
          productos_cargados: trabajo.tipo === 'productos' ? conteos.cargados : 0,
          productos_reactivados: conteos.reactivados,
          productos_omitidos_por_duplicado: trabajo.tipo === 'productos' ? conteos.omitidos : 0,
          ventas_procesadas: conteos.procesadas,
          ventas_omitidas_por_errores: conteos.rechazadas,
          clientes_cargados: trabajo.tipo === 'clientes' ? conteos.cargados : 0,
          clientes_omitidos_por_duplicado: trabajo.tipo === 'clientes' ? conteos.omitidos : 0,
          detalle_errores: primeros,
          status: STATUS[estado],
          message: mensajeFinal(trabajo.tipo, conteos, errores, limites.maxErroresDetalle),
        },
      };
      await guardarResultado(client, trabajo, resultado, lectura.encabezado);
      await client.query('COMMIT');
      // Many new names sit in the trigram index's pending list, and the planner's statistics are
      // stale: each table's module merges the list and refreshes them now (bench/README.md).
      if (trabajo.tipo === 'productos' && conteos.cargados + conteos.reactivados > 0) await ordenarProductosTrasCarga(client);
      if (trabajo.tipo === 'clientes' && conteos.cargados > 0) await ordenarClientesTrasCarga(client);
      if (trabajo.tipo === 'ventas' && conteos.procesadas > 0) {
        // A year of history can be most of the shop's sales: with stale statistics the planner
        // takes a day of them for a few rows and picks plans that read the whole table.
        await client.query('ANALYZE venta, detalle_venta');
      }
      return resultado;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      if (opciones.signal.aborted || err instanceof TrabajoPerdido) return null;
      // The database went away mid-import (a restart, a failover): the transaction went with its
      // connection, nothing was kept, and the file is not at fault. No 'Error' for it: the caller
      // hands the job back to the queue (imports/cola.ts) and it runs again once the database is back.
      if (esConexionPerdida(err)) throw err;
      if (!(err instanceof ErrorArchivo)) opciones.alError?.(err);
      return await terminarConError(client, trabajo, err instanceof ErrorArchivo ? err.mensaje : MENSAJE_ERROR_INTERNO);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Ends the job as 'Error' with `mensaje`, on the caller's connection (null if the job is no longer ours). */
async function terminarConError(client: pg.ClientBase, carga: CargaEnCurso, mensaje: string): Promise<ResultadoCarga | null> {
  const resultado = resultadoDeError(mensaje);
  await client.query('BEGIN');
  try {
    await guardarResultado(client, carga, resultado, null);
    await client.query('COMMIT');
    return resultado;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    if (err instanceof TrabajoPerdido) return null;
    throw err;
  }
}

/** Ends a job without importing it (its replicas kept dying on it): 'Error' with `mensaje`. */
export async function descartarCarga(databaseUrl: string, carga: CargaEnCurso, mensaje: string): Promise<ResultadoCarga | null> {
  const client = await abrirConexionDeCarga(databaseUrl);
  try {
    return await terminarConError(client, carga, mensaje);
  } finally {
    await client.end().catch(() => {});
  }
}
