// Writes a screen's table to a file in the browser. Loaded only when someone clicks a download
// button (import() in components/botones-exportar.tsx), and each format loads its own library:
// papaparse is small, exceljs is not, and neither belongs in a page's first download.
import { PATRON_FORMULA_CSV } from '@minimarket/contracts/reglas';
import { filasCsv, valorCelda, type TablaExportable, type TipoColumna } from './tabla-exportable';

function entregar(blob: Blob, nombre: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * CSV as Excel in Chile opens it: ';' between cells (the comma is the decimal mark), CRLF, a BOM
 * so the accents read as UTF-8, and formula-looking text escaped (a product named '=1+1').
 */
export async function descargarCsv(tabla: TablaExportable) {
  const { unparse } = await import('papaparse');
  const texto = unparse(filasCsv(tabla), { delimiter: ';', newline: '\r\n', escapeFormulae: PATRON_FORMULA_CSV });
  entregar(new Blob(['\ufeff', texto], { type: 'text/csv;charset=utf-8' }), `${tabla.nombre}.csv`);
}

const FORMATOS: Record<TipoColumna, string | undefined> = {
  texto: undefined,
  pesos: '"$"#,##0;-"$"#,##0',
  entero: '#,##0',
  decimal: '#,##0.00',
  porcentaje: '0.0" %"',
  kilos: '#,##0.000',
};

export async function descargarXlsx(tabla: TablaExportable) {
  const { default: ExcelJS } = await import('exceljs');
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Datos', { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = tabla.columnas.map((c) => ({
    header: c.titulo,
    width: Math.max(12, c.titulo.length + 4),
    style: FORMATOS[c.tipo] ? { numFmt: FORMATOS[c.tipo] } : {},
  }));
  hoja.getRow(1).font = { bold: true };
  for (const fila of tabla.filas) {
    const fila_ = hoja.addRow(fila.map(valorCelda));
    // A cell with its own type (a pesos figure in a mixed column) gets its own number format.
    fila.forEach((c, i) => {
      if (c !== null && typeof c === 'object' && FORMATOS[c.tipo]) fila_.getCell(i + 1).numFmt = FORMATOS[c.tipo]!;
    });
  }
  const bytes = await libro.xlsx.writeBuffer();
  entregar(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), `${tabla.nombre}.xlsx`);
}
