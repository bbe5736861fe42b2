// The rejected rows of an upload as a file to fix and upload again: the same columns
// and cells as the original, plus `motivo`. The importer ignores columns it does not
// know, so the corrected file goes back in as it is. Both formats stream.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export interface FilaRechazadaSalida {
  celdas: string[];
  motivo: string;
}

export const COLUMNA_MOTIVO = 'motivo';
const BOM = '\uFEFF';
const SEPARADOR = ';';

function celdaCsv(valor: string): string {
  return /[";\r\n]|^\s|\s$/.test(valor) ? `"${valor.replace(/"/g, '""')}"` : valor;
}

const lineaCsv = (celdas: readonly string[]) => `${celdas.map(celdaCsv).join(SEPARADOR)}\r\n`;

/** CSV as a Chilean Excel opens it with a double click: UTF-8 with BOM, ';', CRLF. */
export function csvRechazados(encabezado: readonly string[], filas: AsyncIterable<FilaRechazadaSalida>): Readable {
  async function* generar() {
    yield BOM + lineaCsv([...encabezado, COLUMNA_MOTIVO]);
    for await (const f of filas) yield lineaCsv([...encabezado.map((_, i) => f.celdas[i] ?? ''), f.motivo]);
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
