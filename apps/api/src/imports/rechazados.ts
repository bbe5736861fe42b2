// The rejected rows of an upload as a file to fix and upload again: the same columns
// and cells as the original, plus `motivo`. The importer ignores columns it does not
// know, so the corrected file goes back in as it is. Every cell is written as text, as it came.
import { descarga, type Descarga } from '../lib/exportar.js';

export interface FilaRechazadaSalida {
  celdas: string[];
  motivo: string;
}

export const COLUMNA_MOTIVO = 'motivo';

export function archivoRechazados(
  formato: 'csv' | 'xlsx',
  base: string,
  encabezado: readonly string[],
  filas: AsyncIterable<FilaRechazadaSalida>,
): Descarga {
  async function* celdas() {
    for await (const f of filas) yield [...encabezado.map((_, i) => f.celdas[i] ?? ''), f.motivo];
  }
  return descarga(formato, `${base}_rechazados`, 'Rechazados', [...encabezado, COLUMNA_MOTIVO], celdas());
}
