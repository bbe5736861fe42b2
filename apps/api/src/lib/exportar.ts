// Tables downloaded as files: a CSV a Chilean Excel opens with a double click and an .xlsx,
// both streamed row by row so a million lines never sit in memory. The rejected rows of an
// upload and the analytics' sale lines are written here.
//
// A text cell that starts with =, +, -, @ (or a tab or carriage return) would run as a formula
// when the CSV is opened in Excel (CSV injection): papaparse writes it with a ' in front, so it
// opens as the text it was. The .xlsx needs nothing: a string is written as a text cell.
//
// A weight ({ gramos }) is written as kilos: in the CSV as a Chilean Excel reads a number ('0,350',
// decimal comma, 3 decimals: kilosEnCelda), in the .xlsx as a number of kilos with 3 decimals
// shown, so a sheet can sum it. The table says the unit in a column of its own (docs/granel.md).
import { PassThrough, Readable } from 'node:stream';
import { kilosEnCelda } from '@minimarket/contracts/cantidad';
import { PATRON_FORMULA_CSV } from '@minimarket/contracts/reglas';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/**
 * A cell: text stays text (a barcode keeps its leading zeros), a number is a number, null is empty,
 * and a weight in grams is written as kilos.
 */
export type Celda = string | number | null | { gramos: number };

const esPeso = (c: Celda): c is { gramos: number } => c !== null && typeof c === 'object';
/** Kilos shown with 3 decimals (Excel writes the decimal mark of the reader's locale). */
const FORMATO_KILOS = '#,##0.000';

const BOM = '\uFEFF';
/** Rows written per papaparse call: the download streams without a call per row. */
const LOTE_CSV = 500;

const lineasCsv = (filas: Celda[][]) =>
  `${Papa.unparse(
    filas.map((f) => f.map((c) => (esPeso(c) ? kilosEnCelda(c.gramos) : c))),
    { delimiter: ';', newline: '\r\n', escapeFormulae: PATRON_FORMULA_CSV },
  )}\r\n`;

/** CSV as a Chilean Excel opens it with a double click: UTF-8 with BOM, ';', CRLF. */
export function csvStream(encabezado: readonly string[], filas: AsyncIterable<Celda[]>): Readable {
  async function* generar() {
    yield BOM + lineasCsv([[...encabezado]]);
    let lote: Celda[][] = [];
    for await (const f of filas) {
      lote.push(f);
      if (lote.length === LOTE_CSV) {
        yield lineasCsv(lote);
        lote = [];
      }
    }
    if (lote.length > 0) yield lineasCsv(lote);
  }
  return Readable.from(generar(), { objectMode: false });
}

/** One sheet with a bold header row. */
export function xlsxStream(nombreHoja: string, encabezado: readonly string[], filas: AsyncIterable<Celda[]>): Readable {
  const salida = new PassThrough();
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  const hoja = libro.addWorksheet(nombreHoja);
  void (async () => {
    const cabecera = hoja.addRow([...encabezado]);
    cabecera.font = { bold: true };
    cabecera.commit();
    for await (const f of filas) {
      // The download was abandoned: stop reading (leaving the loop returns the rows' generator).
      if (salida.destroyed) break;
      const fila = hoja.addRow(f.map((c) => (esPeso(c) ? c.gramos / 1000 : c)));
      f.forEach((c, i) => {
        if (esPeso(c)) fila.getCell(i + 1).numFmt = FORMATO_KILOS;
      });
      fila.commit();
    }
    if (salida.destroyed) return;
    hoja.commit();
    await libro.commit();
  })().catch((err) => salida.destroy(err));
  return salida;
}

export const TIPO_CSV = 'text/csv; charset=utf-8';
export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file to download: its name, its content type and its bytes as they are written. */
export interface Descarga {
  nombre: string;
  contentType: string;
  contenido: Readable;
}

export function descarga(
  formato: 'csv' | 'xlsx',
  base: string,
  nombreHoja: string,
  encabezado: readonly string[],
  filas: AsyncIterable<Celda[]>,
): Descarga {
  return formato === 'csv'
    ? { nombre: `${base}.csv`, contentType: TIPO_CSV, contenido: csvStream(encabezado, filas) }
    : { nombre: `${base}.xlsx`, contentType: TIPO_XLSX, contenido: xlsxStream(nombreHoja, encabezado, filas) };
}
