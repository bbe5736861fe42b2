// Reading a file into its TEMP staging table: the right reader for the format (CSV, XLSX, XML),
// the header, every row checked (validar.ts) and COPYed in batches, and the caps that keep a
// hostile file from costing more than its size (rows, cells, text). Throws ErrorArchivo for a
// file that cannot be imported.
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { AvanceCarga, TipoCarga } from '@minimarket/contracts/uploads';
import { SQL_STG_CLIENTE } from './aplicar-clientes.js';
import { SQL_STG_PRODUCTO } from './aplicar-productos.js';
import { SQL_STG_VENTA } from './aplicar-ventas.js';
import { ubicarColumnas, type ColumnaCliente, type ColumnaProducto, type ColumnaVenta } from './columnas.js';
import { LoteCopy, lineaCopy } from './copy.js';
import { ErrorArchivo } from './errores.js';
import { leerCsv } from './lectores/csv.js';
import type { Avance, Lector, LimitesLectura } from './lectores/tipos.js';
import { leerXlsx } from './lectores/xlsx.js';
import { leerXml } from './lectores/xml.js';
import type { LimitesZip } from './lectores/zip-seguro.js';
import { mensajeDemasiadasFilas, mensajeDemasiadoTexto } from './resumen.js';
import {
  COLUMNAS_STG_CLIENTE,
  COLUMNAS_STG_PRODUCTO,
  COLUMNAS_STG_VENTA,
  crearValidadorClientes,
  crearValidadorProductos,
  crearValidadorVentas,
} from './validar.js';

export type FormatoCarga = 'csv' | 'xlsx' | 'xml';

export interface ArchivoAImportar {
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

export const LIMITES: LimitesImportacion = {
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

function abrirLector(
  trabajo: ArchivoAImportar,
  limites: LimitesImportacion,
  maxTexto: number,
  signal: AbortSignal,
  avance: Avance,
): Lector {
  switch (trabajo.formato) {
    case 'csv':
      return leerCsv(trabajo.ruta, { signal, avance });
    case 'xlsx':
      return leerXlsx(trabajo.ruta, {
        limitesZip: limites.zip,
        maxColumnas: limites.maxColumnas,
        maxLargoCelda: limites.maxLargoCelda,
        maxTextoCompartido: maxTexto,
        signal,
        avance,
      });
    case 'xml':
      return leerXml(trabajo.ruta, { tipo: trabajo.tipo, maxLargoCelda: limites.maxLargoCelda, signal, avance });
  }
}

/** Rows read so far and, once a little of the file is read, all the rows it should hold at this rate. */
function avanceDe(filas: number, avance: Avance): AvanceCarga {
  const fraccion = avance.total > 0 ? avance.leidos / avance.total : 0;
  return {
    filas_leidas: filas,
    filas_estimadas: fraccion >= 0.02 ? Math.max(filas, Math.round(filas / Math.min(1, fraccion))) : null,
    etapa: 'leyendo',
  };
}

/** Per kind of file: its staging table (the SQL that creates it, its COPY columns) and its row checks, given the header. */
export const STAGING = {
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
  clientes: {
    tabla: 'stg_cliente',
    crear: SQL_STG_CLIENTE,
    columnas: COLUMNAS_STG_CLIENTE,
    validador: (encabezado: string[]) => crearValidadorClientes(ubicarColumnas<ColumnaCliente>('clientes', encabezado)),
  },
} as const;

const vacia = (celdas: readonly string[]) => celdas.every((c) => c === undefined || c === null || String(c).trim() === '');

interface Lectura {
  totalFilas: number;
  encabezado: string[];
}

/** Told how far the reading has got, at most once per `cadaMs`, and once more when the file is read. */
export interface InformeDeAvance {
  alAvanzar: (avance: AvanceCarga) => void;
  cadaMs: number;
}

/** Reads the whole file into the staging table (created already by the caller). */
export async function cargarStaging(
  client: pg.Client,
  trabajo: ArchivoAImportar,
  limites: LimitesImportacion,
  signal: AbortSignal,
  informe: InformeDeAvance = { alAvanzar: () => {}, cadaMs: Infinity },
): Promise<Lectura> {
  const maxTexto = limites.maxTexto((await fs.promises.stat(trabajo.ruta)).size);
  const avance: Avance = { leidos: 0, total: 0 };
  const lector = abrirLector(trabajo, limites, maxTexto, signal, avance);
  try {
    const lectura = await copiarFilas(client, trabajo, limites, maxTexto, signal, lector, {
      cadaMs: informe.cadaMs,
      informar: (filas) => informe.alAvanzar(avanceDe(filas, avance)),
    });
    informe.alAvanzar({ filas_leidas: lectura.totalFilas, filas_estimadas: lectura.totalFilas, etapa: 'guardando' });
    return lectura;
  } finally {
    // Closes the file whatever happened (a thrown error leaves the generator suspended).
    await lector.return();
  }
}

async function copiarFilas(
  client: pg.Client,
  trabajo: ArchivoAImportar,
  limites: LimitesImportacion,
  maxTexto: number,
  signal: AbortSignal,
  lector: Lector,
  avance: { informar: (filas: number) => void; cadaMs: number },
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
  let ultimoAviso = Date.now();
  try {
    for await (const { fila, celdas } of lector) {
      if (signal.aborted) throw signal.reason ?? new Error('abortado');
      if (errorCopy) throw errorCopy;
      if (vacia(celdas)) continue;
      totalFilas += 1;
      if ((totalFilas & 1023) === 0 && Date.now() - ultimoAviso >= avance.cadaMs) {
        ultimoAviso = Date.now();
        avance.informar(totalFilas);
      }
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
