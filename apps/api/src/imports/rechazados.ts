// The rejected rows of an upload as a file to fix and upload again: the same columns
// and cells as the original, plus `motivo`. The importer ignores columns it does not
// know, so the corrected file goes back in as it is. Both formats stream.
//
// A cell that starts with =, +, -, @ (or a tab or carriage return) would run as a formula
// when the CSV is opened in Excel (CSV injection): papaparse writes it with a ' in front, so
// it opens as the text it was. The .xlsx needs nothing: its cells are written as text.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

export interface FilaRechazadaSalida {
  celdas: string[];
  motivo: string;
}

export const COLUMNA_MOTIVO = 'motivo';
const BOM = '\uFEFF';
/** Rows written per papaparse call: the download streams without a call per row. */
const LOTE_CSV = 500;

/**
 * What Excel would run: a cell starting with = + - @ tab or CR, unless it is a plain number
 * ('-3', a negative stock the owner is to fix, stays readable). papaparse's own pattern
 * (escapeFormulae: true) ends in `.*$`, which misses a formula followed by a line break.
 */
export const FORMULA = /^(?![+-]?[\d.,]+$)[=+\-@\t\r]/;

const lineasCsv = (filas: string[][]) => `${Papa.unparse(filas, { delimiter: ';', newline: '\r\n', escapeFormulae: FORMULA })}\r\n`;

/** CSV as a Chilean Excel opens it with a double click: UTF-8 with BOM, ';', CRLF. */
export function csvRechazados(encabezado: readonly string[], filas: AsyncIterable<FilaRechazadaSalida>): Readable {
  async function* generar() {
    yield BOM + lineasCsv([[...encabezado, COLUMNA_MOTIVO]]);
    let lote: string[][] = [];
    for await (const f of filas) {
      lote.push([...encabezado.map((_, i) => f.celdas[i] ?? ''), f.motivo]);
      if (lote.length === LOTE_CSV) {
        yield lineasCsv(lote);
        lote = [];
      }
    }
    if (lote.length > 0) yield lineasCsv(lote);
  }
  return Readable.from(generar(), { objectMode: false });
}

/** One sheet, every cell as text (a barcode keeps its leading zeros). */
export function xlsxRechazados(encabezado: readonly string[], filas: AsyncIterable<FilaRechazadaSalida>): Readable {
  const salida = new PassThrough();
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  const hoja = libro.addWorksheet('Rechazados');
  void (async () => {
    const cabecera = hoja.addRow([...encabezado, COLUMNA_MOTIVO]);
    cabecera.font = { bold: true };
    cabecera.commit();
    for await (const f of filas) hoja.addRow([...encabezado.map((_, i) => f.celdas[i] ?? ''), f.motivo]).commit();
    hoja.commit();
    await libro.commit();
  })().catch((err) => salida.destroy(err));
  return salida;
}
