// .xlsx through exceljs's streaming WorkbookReader: only the first sheet (in the order
// of the tabs), row by row. The zip is checked first (zip-seguro.ts), so a zip bomb is
// refused before anything is inflated for real.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { ErrorArchivo } from '../errores.js';
import type { Lector } from './tipos.js';
import { MENSAJE_XLSX_INVALIDO, verificarZip, type LimitesZip } from './zip-seguro.js';

const FIRMA_ZIP = [0x50, 0x4b, 0x03, 0x04];

interface HojaLeida extends AsyncIterable<ExcelJS.Row> {
  id?: number;
  name?: string;
}

const dos = (n: number) => String(n).padStart(2, '0');

/** A date cell as the text a person would type: exceljs hands Excel's wall time as a UTC Date. */
function fechaComoTexto(d: Date): string {
  const t = new Date(Math.round(d.getTime() / 1000) * 1000);
  return `${t.getUTCFullYear()}-${dos(t.getUTCMonth() + 1)}-${dos(t.getUTCDate())} ${dos(t.getUTCHours())}:${dos(t.getUTCMinutes())}:${dos(t.getUTCSeconds())}`;
}

/** Any cell value exceljs gives (number, text, date, rich text, formula, link, error) as text. */
export function celdaComoTexto(valor: ExcelJS.CellValue | undefined): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'number') return Number.isFinite(valor) ? String(valor) : '';
  if (typeof valor === 'boolean') return valor ? 'VERDADERO' : 'FALSO';
  if (valor instanceof Date) return Number.isNaN(valor.getTime()) ? '' : fechaComoTexto(valor);
  if (typeof valor === 'object') {
    if ('richText' in valor && Array.isArray(valor.richText)) return valor.richText.map((r) => r.text ?? '').join('');
    if ('result' in valor || 'formula' in valor || 'sharedFormula' in valor) {
      return celdaComoTexto((valor as { result?: ExcelJS.CellValue }).result);
    }
    if ('text' in valor) return celdaComoTexto((valor as { text: ExcelJS.CellValue }).text);
    if ('error' in valor) return String((valor as { error: unknown }).error);
  }
  return '';
}

async function empiezaComoZip(ruta: string): Promise<boolean> {
  const fh = await fs.promises.open(ruta, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 0);
    return bytesRead === 4 && FIRMA_ZIP.every((b, i) => buf[i] === b);
  } finally {
    await fh.close();
  }
}

export async function* leerXlsx(
  ruta: string,
  opciones: { limitesZip: LimitesZip; maxColumnas: number; signal?: AbortSignal },
): Lector {
  const { size } = await fs.promises.stat(ruta);
  if (size === 0) throw new ErrorArchivo('El archivo está vacío.');
  if (!(await empiezaComoZip(ruta))) throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
  await verificarZip(ruta, opciones.limitesZip);

  const entrada = fs.createReadStream(ruta, { signal: opciones.signal });
  const libro = new ExcelJS.stream.xlsx.WorkbookReader(entrada, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers; hyperlinks and the rest are not needed.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const modelo = libro as unknown as { model?: { sheets?: Array<{ id: number; name: string }> } };
  let leida = false;
  try {
    for await (const hoja of libro as AsyncIterable<HojaLeida>) {
      const primera = modelo.model?.sheets?.[0];
      const esPrimera = !leida && (!primera || hoja.name === undefined || hoja.name === primera.name);
      if (!esPrimera) {
        // Another tab: its entry still has to be read through for the zip stream to go on.
        for await (const _fila of hoja) void _fila;
        continue;
      }
      leida = true;
      for await (const row of hoja) {
        const valores = row.values as ExcelJS.CellValue[];
        const hasta = Math.min(valores.length - 1, opciones.maxColumnas);
        const celdas: string[] = new Array(Math.max(hasta, 0));
        for (let c = 1; c <= hasta; c++) celdas[c - 1] = celdaComoTexto(valores[c]);
        yield { fila: row.number, celdas };
      }
      // Only the first sheet counts; the rest of the zip is not read.
      break;
    }
  } catch (err) {
    if (err instanceof ErrorArchivo || (err as Error).name === 'AbortError') throw err;
    throw new ErrorArchivo(MENSAJE_XLSX_INVALIDO);
  } finally {
    entrada.destroy();
  }
  if (!leida) throw new ErrorArchivo('El archivo Excel no tiene ninguna hoja con datos.');
}
