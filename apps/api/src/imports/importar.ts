// One import, start to end, in ONE transaction on its own connection: the file is read
// row by row (CSV, XLSX or XML), each row checked and COPYed into a TEMP staging table,
// then set-based statements write products or sales, the rejected rows and, through
// resultado.ts, the final state of the upload and the end of its queue job. Nothing is ever
// half-written: any failure rolls all of it back. A file that cannot be imported ends in
// 'Error' with a Spanish message; an import stopped from outside (the replica stopping, or its
// job lost to another replica) keeps nothing and leaves the job to the queue.
import fs from 'node:fs';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { finished } from 'node:stream/promises';
import { guardarRechazadasDesde } from '../data/fila-rechazada.js';
import { aplicarProductos, SQL_STG_PRODUCTO } from './aplicar-productos.js';
import { aplicarVentas, SQL_STG_VENTA } from './aplicar-ventas.js';
import { ubicarColumnas, type ColumnaProducto, type ColumnaVenta, type TipoCarga } from './columnas.js';
import { LoteCopy, lineaCopy } from './copy.js';
import { ErrorArchivo } from './errores.js';
import { leerCsv } from './lectores/csv.js';
import type { Lector, LimitesLectura } from './lectores/tipos.js';
import { leerXlsx } from './lectores/xlsx.js';
import { leerXml } from './lectores/xml.js';
import type { LimitesZip } from './lectores/zip-seguro.js';
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
import { CONTEOS_VACIOS, mensajeDemasiadasFilas, mensajeDemasiadoTexto, mensajeFinal } from './resumen.js';
import { COLUMNAS_STG_PRODUCTO, COLUMNAS_STG_VENTA, crearValidadorProductos, crearValidadorVentas } from './validar.js';

export type FormatoCarga = 'csv' | 'xlsx' | 'xml';

export interface TrabajoImportacion extends CargaEnCurso {
  tipo: TipoCarga;
  formato: FormatoCarga;
  /** The file, on this replica's disk. */
  ruta: string;
}

export interface LimitesImportacion extends LimitesLectura {
  zip: LimitesZip;
  /**
   * The most text (in characters) a file of this many bytes may hold once read. A CSV or XML
   * holds at most its own size; an .xlsx can point a million cells at one long shared string
   * (amplification), which this stops early.
   */
  maxTexto: (bytesArchivo: number) => number;
  /** detalle_errores keeps at most this many entries (the count in `errores` is the real one). */
  maxErroresDetalle: number;
  /** Rows per COPY write. */
  tamanoLote: number;
}

const LIMITES: LimitesImportacion = {
  // Excel's own limit: no real spreadsheet has more rows.
  maxFilas: 1_048_576,
  maxColumnas: 100,
  maxLargoCelda: 10_000,
  // Real spreadsheets hold a few times their compressed size in text; 16x plus 16 MB is room to spare.
  maxTexto: (bytes) => 16 * 1024 * 1024 + 16 * bytes,
  zip: { maxDescomprimido: 512 * 1024 * 1024, maxTextosCompartidos: 128 * 1024 * 1024, maxEntradas: 1000 },
  maxErroresDetalle: 1000,
  tamanoLote: 2000,
};

/** Per import session (at most a few run at once per replica); must be set before the first temp table. */
const TEMP_BUFFERS = '256MB';
/** Sorts and hashes of a 300,000-line file stay in memory. */
const WORK_MEM = '64MB';

function abrirLector(trabajo: TrabajoImportacion, limites: LimitesImportacion, maxTexto: number, signal: AbortSignal): Lector {
  switch (trabajo.formato) {
    case 'csv':
      return leerCsv(trabajo.ruta, signal);
    case 'xlsx':
      return leerXlsx(trabajo.ruta, {
        limitesZip: limites.zip,
        maxColumnas: limites.maxColumnas,
        maxLargoCelda: limites.maxLargoCelda,
        maxTextoCompartido: maxTexto,
        signal,
      });
    case 'xml':
      return leerXml(trabajo.ruta, { tipo: trabajo.tipo, maxLargoCelda: limites.maxLargoCelda, signal });
  }
}

/** Per kind of file: its staging table (the SQL that creates it, its COPY columns) and its row checks, given the header. */
const STAGING = {
  productos: {
    tabla: 'stg_producto',
    crear: SQL_STG_PRODUCTO,
    columnas: COLUMNAS_STG_PRODUCTO,
    validador: (encabezado: string[]) => crearValidadorProductos(ubicarColumnas<ColumnaProducto>('productos', encabezado)),
  },
  ventas: {
    tabla: 'stg_venta',
    crear: SQL_STG_VENTA,
    columnas: COLUMNAS_STG_VENTA,
    validador: (encabezado: string[]) => crearValidadorVentas(ubicarColumnas<ColumnaVenta>('ventas', encabezado)),
  },
} as const;

const vacia = (celdas: readonly string[]) => celdas.every((c) => c === undefined || c === null || String(c).trim() === '');

interface Lectura {
  totalFilas: number;
  encabezado: string[];
}

/** Reads the whole file into the staging table. Throws ErrorArchivo for a file that cannot be imported. */
async function cargarStaging(
  client: pg.Client,
  trabajo: TrabajoImportacion,
  limites: LimitesImportacion,
  signal: AbortSignal,
): Promise<Lectura> {
  const maxTexto = limites.maxTexto((await fs.promises.stat(trabajo.ruta)).size);
  const lector = abrirLector(trabajo, limites, maxTexto, signal);
  try {
    return await copiarFilas(client, trabajo, limites, maxTexto, signal, lector);
  } finally {
    // Closes the file whatever happened (a thrown error leaves the generator suspended).
    await lector.return();
  }
}

async function copiarFilas(
  client: pg.Client,
  trabajo: TrabajoImportacion,
  limites: LimitesImportacion,
  maxTexto: number,
  signal: AbortSignal,
  lector: Lector,
): Promise<Lectura> {
  // The header is the first row that is not empty.
  let primera = await lector.next();
  while (!primera.done && vacia(primera.value.celdas)) primera = await lector.next();
  if (primera.done) throw new ErrorArchivo('El archivo está vacío.');
  const encabezado = { fila: primera.value.fila, celdas: primera.value.celdas.slice(0, limites.maxColumnas).map((c) => (c ?? '').trim()) };

  const { tabla, columnas, validador } = STAGING[trabajo.tipo];
  const validar = validador(encabezado.celdas);
  const ancho = encabezado.celdas.length;

  const copy = client.query(copyFrom(`COPY ${tabla} (${columnas.join(', ')}) FROM STDIN`));
  // Without a listener an error of the COPY would crash the process; it surfaces at write/finish.
  let errorCopy: Error | null = null;
  copy.on('error', (err) => {
    errorCopy = err;
  });
  const lote = new LoteCopy(copy, limites.tamanoLote);
  let totalFilas = 0;
  let texto = 0;
  try {
    for await (const { fila, celdas } of lector) {
      if (signal.aborted) throw signal.reason ?? new Error('abortado');
      if (errorCopy) throw errorCopy;
      if (vacia(celdas)) continue;
      totalFilas += 1;
      if (totalFilas > limites.maxFilas) {
        throw new ErrorArchivo(mensajeDemasiadasFilas(limites.maxFilas));
      }
      for (const c of celdas) texto += c?.length ?? 0;
      if (texto > maxTexto) throw new ErrorArchivo(mensajeDemasiadoTexto(maxTexto));
      // A cell is read up to one character past the longest any column takes: enough for the
      // row's checks to say it is too long, never a megabyte carried through.
      const acotadas = celdas.map((c) => (c && c.length > limites.maxLargoCelda ? c.slice(0, limites.maxLargoCelda + 1) : c));
      // The cells as written, under the header's columns (for the rejected-rows download).
      const crudo: string[] = new Array(ancho);
      for (let i = 0; i < ancho; i++) {
        const c = acotadas[i];
        crudo[i] = c === undefined || c === null ? '' : String(c).slice(0, limites.maxLargoCelda);
      }
      await lote.agregar(lineaCopy(validar(fila, acotadas, JSON.stringify(crudo))));
    }
    await lote.vaciar();
    copy.end();
    await finished(copy);
  } catch (err) {
    copy.destroy(err instanceof Error ? err : new Error(String(err)));
    await finished(copy).catch(() => {});
    throw err;
  }
  if (totalFilas === 0) throw new ErrorArchivo('El archivo no tiene filas con datos: solo tiene el encabezado.');
  return { totalFilas, encabezado: encabezado.celdas };
}

/**
 * Imports one job's file and records how it ended (with the end of its job). Resolves with the
 * result it stored, or null when it stored nothing: stopped from outside, or the job is no
 * longer this replica's. Rejects only when not even the 'Error' state could be written (the
 * job's lease then runs out and the queue takes it again).
 */
export async function importarArchivo(
  databaseUrl: string,
  trabajo: TrabajoImportacion,
  opciones: { signal: AbortSignal; alError?: (err: unknown) => void },
): Promise<ResultadoCarga | null> {
  const limites = LIMITES;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'minimarket-importacion' });
  await client.connect();
  try {
    try {
      // The staging tables live in memory while they fit, not in temp files.
      await client.query(`SET temp_buffers = '${TEMP_BUFFERS}'`);
      await client.query('BEGIN');
      // Right after a big import the table statistics are stale, and the planner then takes
      // the shop for a handful of products and picks nested loops that turn quadratic over a
      // 100,000-row staging table. These statements are bulk: hash joins are always right.
      await client.query('SET LOCAL enable_nestloop = off');
      await client.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
      const { tabla, crear } = STAGING[trabajo.tipo];
      await client.query(crear);
      const lectura = await cargarStaging(client, trabajo, limites, opciones.signal);

      let conteos = CONTEOS_VACIOS;
      if (trabajo.tipo === 'productos') {
        const r = await aplicarProductos(client, {
          idMinimarket: trabajo.idMinimarket,
          idUsuario: trabajo.idUsuario,
          nombreArchivo: trabajo.nombreArchivo,
        });
        conteos = { ...conteos, ...r };
      } else {
        const r = await aplicarVentas(client, { idMinimarket: trabajo.idMinimarket, idUsuario: trabajo.idUsuario });
        conteos = { ...conteos, procesadas: r.procesadas, rechazadas: r.omitidasPorErrores, yaImportadas: r.yaImportadas };
      }
      if (opciones.signal.aborted) throw opciones.signal.reason;

      // The rows refused, as they were in the file, with their reasons.
      await guardarRechazadasDesde(client, tabla, trabajo);
      // The first errors for the details, and (counted before LIMIT) how many there are in all.
      const { rows: primeros } = await client.query<{ fila: number; campo: string; mensaje: string; total: number }>(
        `SELECT s.fila, e->>'campo' AS campo, e->>'mensaje' AS mensaje, (count(*) OVER ())::int AS total
         FROM ${tabla} s, jsonb_array_elements(s.errores) WITH ORDINALITY AS x(e, orden)
         WHERE s.errores IS NOT NULL ORDER BY s.fila, x.orden LIMIT $1`,
        [limites.maxErroresDetalle],
      );
      const errores = primeros[0]?.total ?? 0;
      const estado: EstadoFinal = errores > 0 ? 'Con errores' : 'Completado';
      const resultado: ResultadoCarga = {
        estado,
        detalle: {
          total_filas: lectura.totalFilas,
          errores,
          productos_cargados: conteos.cargados,
          productos_reactivados: conteos.reactivados,
          productos_omitidos_por_duplicado: conteos.omitidos,
          ventas_procesadas: conteos.procesadas,
          ventas_omitidas_por_errores: conteos.rechazadas,
          detalle_errores: primeros.map(({ fila, campo, mensaje }) => ({ fila, campo, mensaje })),
          status: STATUS[estado],
          message: mensajeFinal(trabajo.tipo, conteos, errores, limites.maxErroresDetalle),
        },
      };
      await guardarResultado(client, trabajo, resultado, lectura.encabezado);
      await client.query('COMMIT');
      if (trabajo.tipo === 'productos' && conteos.cargados + conteos.reactivados > 0) {
        // Many new names sit in the trigram index's pending list, and the planner's statistics
        // are stale: until autovacuum runs, name search would read the list on every query or
        // pick a full scan (bench/README.md). Merge it and refresh the statistics now.
        await client.query(`SELECT gin_clean_pending_list('producto_nombre_busqueda_trgm_idx'::regclass)`);
        await client.query('ANALYZE producto');
      }
      return resultado;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      if (opciones.signal.aborted || err instanceof TrabajoPerdido) return null;
      if (!(err instanceof ErrorArchivo)) opciones.alError?.(err);
      return await terminarConError(client, trabajo, err instanceof ErrorArchivo ? err.mensaje : MENSAJE_ERROR_INTERNO);
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Ends the job as 'Error' with `mensaje`, on the caller's connection (null if the job is no longer ours). */
async function terminarConError(client: pg.Client, carga: CargaEnCurso, mensaje: string): Promise<ResultadoCarga | null> {
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
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'minimarket-importacion' });
  await client.connect();
  try {
    return await terminarConError(client, carga, mensaje);
  } finally {
    await client.end().catch(() => {});
  }
}
