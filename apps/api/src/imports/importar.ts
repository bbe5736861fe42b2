// One import, start to end, in ONE transaction on its own connection: the file is read
// row by row (CSV, XLSX or XML), each row checked and COPYed into a TEMP staging table,
// then set-based statements write products or sales, the rejected rows and the final
// state of the upload. Nothing is ever half-written: any failure rolls all of it back
// and the upload ends in 'Error' with a Spanish message.
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { finished } from 'node:stream/promises';
import { DETALLE_RESULTADO_VACIO, type DetalleResultado } from '@minimarket/contracts/uploads';
import { notificacionCargaConErrores } from '../modules/notificaciones/notificaciones.service.js';
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
import { COLUMNAS_STG_PRODUCTO, COLUMNAS_STG_VENTA, crearValidadorProductos, crearValidadorVentas } from './validar.js';

export type FormatoCarga = 'csv' | 'xlsx' | 'xml';
export type EstadoFinal = 'Completado' | 'Con errores' | 'Error';

export interface TrabajoCarga {
  idArchivo: number;
  idMinimarket: number;
  idUsuario: number | null;
  tipo: TipoCarga;
  formato: FormatoCarga;
  nombreArchivo: string;
  ruta: string;
}

export interface LimitesImportacion extends LimitesLectura {
  zip: LimitesZip;
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
  zip: { maxDescomprimido: 512 * 1024 * 1024, maxTextosCompartidos: 128 * 1024 * 1024, maxEntradas: 1000 },
  maxErroresDetalle: 1000,
  tamanoLote: 2000,
};

/** Per import session (at most two run at once, see cargas.service); must be set before the first temp table. */
const TEMP_BUFFERS = '256MB';
/** Sorts and hashes of a 300,000-line file stay in memory. */
const WORK_MEM = '64MB';

export const MENSAJE_INTERRUMPIDA = 'El procesamiento se interrumpió (el servidor se reinició). Vuelva a cargar el archivo.';
export const MENSAJE_ERROR_INTERNO = 'No se pudo procesar el archivo por un error del servidor. Intente de nuevo en unos minutos.';

export interface ResultadoCarga {
  estado: EstadoFinal;
  detalle: DetalleResultado;
}

const STATUS: Record<EstadoFinal, DetalleResultado['status']> = {
  Completado: 'success',
  'Con errores': 'partial',
  Error: 'error',
};

const n = (x: number) => x.toLocaleString('es-CL');
const plural = (x: number, uno: string, varios: string) => `${n(x)} ${x === 1 ? uno : varios}`;

export function resultadoDeError(mensaje: string, totalFilas = 0): ResultadoCarga {
  return { estado: 'Error', detalle: { ...DETALLE_RESULTADO_VACIO, total_filas: totalFilas, status: 'error', message: mensaje } };
}

function abrirLector(trabajo: TrabajoCarga, limites: LimitesImportacion, signal: AbortSignal): Lector {
  switch (trabajo.formato) {
    case 'csv':
      return leerCsv(trabajo.ruta, signal);
    case 'xlsx':
      return leerXlsx(trabajo.ruta, { limitesZip: limites.zip, maxColumnas: limites.maxColumnas, signal });
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
  trabajo: TrabajoCarga,
  limites: LimitesImportacion,
  signal: AbortSignal,
): Promise<Lectura> {
  const lector = abrirLector(trabajo, limites, signal);
  try {
    return await copiarFilas(client, trabajo, limites, signal, lector);
  } finally {
    // Closes the file whatever happened (a thrown error leaves the generator suspended).
    await lector.return();
  }
}

async function copiarFilas(
  client: pg.Client,
  trabajo: TrabajoCarga,
  limites: LimitesImportacion,
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
  try {
    for await (const { fila, celdas } of lector) {
      if (signal.aborted) throw signal.reason ?? new Error('abortado');
      if (errorCopy) throw errorCopy;
      if (vacia(celdas)) continue;
      totalFilas += 1;
      if (totalFilas > limites.maxFilas) {
        throw new ErrorArchivo(`El archivo tiene más de ${n(limites.maxFilas)} filas de datos. Divídalo en archivos más pequeños.`);
      }
      // The cells as written, under the header's columns (for the rejected-rows download).
      const crudo: string[] = new Array(ancho);
      for (let i = 0; i < ancho; i++) {
        const c = celdas[i];
        crudo[i] = c === undefined || c === null ? '' : String(c).slice(0, limites.maxLargoCelda);
      }
      await lote.agregar(lineaCopy(validar(fila, celdas, JSON.stringify(crudo))));
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

function mensajeFinal(
  trabajo: TrabajoCarga,
  conteos: { cargados: number; reactivados: number; omitidos: number; procesadas: number; rechazadas: number; yaImportadas: number },
  errores: number,
  maxDetalle: number,
): string {
  const partes: string[] = [];
  const se = (x: number, uno: string, varios: string) => (x === 1 ? uno : varios);
  if (trabajo.tipo === 'productos') {
    partes.push(`${se(conteos.cargados, 'Se cargó', 'Se cargaron')} ${plural(conteos.cargados, 'producto nuevo', 'productos nuevos')}.`);
    if (conteos.reactivados > 0) {
      partes.push(`${se(conteos.reactivados, 'Se reactivó', 'Se reactivaron')} ${plural(conteos.reactivados, 'producto que estaba eliminado', 'productos que estaban eliminados')}.`);
    }
    if (conteos.omitidos > 0) {
      partes.push(`${se(conteos.omitidos, 'Se omitió', 'Se omitieron')} ${plural(conteos.omitidos, 'producto que ya estaba en el inventario o repetido en el archivo', 'productos que ya estaban en el inventario o repetidos en el archivo')}.`);
    }
  } else {
    partes.push(`${se(conteos.procesadas, 'Se cargó', 'Se cargaron')} ${plural(conteos.procesadas, 'venta', 'ventas')}.`);
    if (conteos.yaImportadas > 0) partes.push(`${plural(conteos.yaImportadas, 'venta ya estaba cargada y se omitió', 'ventas ya estaban cargadas y se omitieron')}.`);
    if (conteos.rechazadas > 0) partes.push(`${plural(conteos.rechazadas, 'venta se rechazó completa', 'ventas se rechazaron completas')} por errores.`);
  }
  if (errores > 0) {
    partes.push('Descargue las filas rechazadas, corríjalas y vuelva a cargarlas.');
    if (errores > maxDetalle) partes.push(`Se muestran los primeros ${n(maxDetalle)} errores de ${n(errores)}.`);
  }
  return partes.join(' ');
}

/** Writes the final state of the upload and, unless it is Completado, the notice for its uploader (inside the caller's transaction). */
async function guardarEstado(client: pg.Client, trabajo: TrabajoCarga, resultado: ResultadoCarga, encabezado: string[] | null) {
  await client.query(
    `UPDATE archivo_carga SET estado_procesamiento = $2, detalle_resultado = $3, columnas_archivo = $4 WHERE id_archivo = $1`,
    [trabajo.idArchivo, resultado.estado, JSON.stringify(resultado.detalle), encabezado ? JSON.stringify(encabezado) : null],
  );
  if (resultado.estado !== 'Completado' && trabajo.idUsuario !== null) {
    const aviso = notificacionCargaConErrores({
      nombre_archivo: trabajo.nombreArchivo,
      estado: resultado.estado,
      errores: resultado.detalle.errores,
      mensaje: resultado.detalle.message,
    });
    await client.query(
      `INSERT INTO notificacion (id_usuario, id_minimarket, tipo, titulo, descripcion, url_accion) VALUES ($1, $2, $3, $4, $5, $6)`,
      [trabajo.idUsuario, trabajo.idMinimarket, aviso.tipo, aviso.titulo, aviso.descripcion, aviso.url_accion],
    );
  }
}

/**
 * Imports one uploaded file and records how it ended. Resolves with the result it
 * stored; rejects only when even the 'Error' state could not be written (the caller
 * then records it another way).
 */
export async function importarArchivo(
  databaseUrl: string,
  trabajo: TrabajoCarga,
  opciones: { signal: AbortSignal; alError?: (err: unknown) => void },
): Promise<ResultadoCarga> {
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

      let conteos = { cargados: 0, reactivados: 0, omitidos: 0, procesadas: 0, rechazadas: 0, yaImportadas: 0 };
      if (trabajo.tipo === 'productos') {
        const r = await aplicarProductos(client, { idMinimarket: trabajo.idMinimarket, idUsuario: trabajo.idUsuario, nombreArchivo: trabajo.nombreArchivo });
        conteos = { ...conteos, ...r };
      } else {
        const r = await aplicarVentas(client, { idMinimarket: trabajo.idMinimarket, idUsuario: trabajo.idUsuario });
        conteos = { ...conteos, procesadas: r.procesadas, rechazadas: r.omitidasPorErrores, yaImportadas: r.yaImportadas };
      }

      // The rows refused, as they were in the file, with their reasons.
      await client.query(
        `INSERT INTO fila_rechazada (id_archivo, id_minimarket, fila, celdas, motivo)
         SELECT $1, $2, s.fila, s.celdas, (SELECT string_agg(e->>'mensaje', '; ') FROM jsonb_array_elements(s.errores) e)
         FROM ${tabla} s WHERE s.errores IS NOT NULL ORDER BY s.fila`,
        [trabajo.idArchivo, trabajo.idMinimarket],
      );
      // The first errors for the details, and (counted before LIMIT) how many there are in all.
      const { rows: primeros } = await client.query<{ fila: number; campo: string; mensaje: string; total: number }>(
        `SELECT s.fila, e->>'campo' AS campo, e->>'mensaje' AS mensaje, (count(*) OVER ())::int AS total
         FROM ${tabla} s, jsonb_array_elements(s.errores) WITH ORDINALITY AS x(e, orden)
         WHERE s.errores IS NOT NULL ORDER BY s.fila, x.orden LIMIT $1`,
        [limites.maxErroresDetalle],
      );
      const errores = primeros[0]?.total ?? 0;
      const detalle = primeros.map(({ fila, campo, mensaje }) => ({ fila, campo, mensaje }));
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
          detalle_errores: detalle,
          status: STATUS[estado],
          message: mensajeFinal(trabajo, conteos, errores, limites.maxErroresDetalle),
        },
      };
      await guardarEstado(client, trabajo, resultado, lectura.encabezado);
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
      const abortado = opciones.signal.aborted;
      if (!(err instanceof ErrorArchivo) && !abortado) opciones.alError?.(err);
      const resultado = resultadoDeError(
        err instanceof ErrorArchivo ? err.mensaje : abortado ? MENSAJE_INTERRUMPIDA : MENSAJE_ERROR_INTERNO,
      );
      await client.query('BEGIN');
      await guardarEstado(client, trabajo, resultado, null);
      await client.query('COMMIT');
      return resultado;
    }
  } finally {
    await client.end().catch(() => {});
  }
}
