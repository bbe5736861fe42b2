import { describe, expect, it } from 'vitest';
import { filasCsv, nombreArchivo } from './tabla-exportable';

describe('tabla exportable', () => {
  it('names the file without accents or spaces, with the range', () => {
    expect(nombreArchivo('Ventas por método de pago', '2026-10-01', '2026-10-31')).toBe('ventas-por-metodo-de-pago_2026-10-01_2026-10-31');
    expect(nombreArchivo('Clasificación ABC')).toBe('clasificacion-abc');
  });

  it('writes numbers as numbers (a spreadsheet adds them up), typed cells by their value and nulls as empty', () => {
    const filas = filasCsv({
      nombre: 'x',
      columnas: [
        { titulo: 'Indicador', tipo: 'texto' },
        { titulo: 'Valor', tipo: 'entero' },
        { titulo: 'Margen', tipo: 'pesos' },
      ],
      filas: [
        ['Ingresos', { n: 13686220, tipo: 'pesos' }, null],
        ['Ventas', 1637, -50],
      ],
    });
    expect(filas).toEqual([
      ['Indicador', 'Valor', 'Margen'],
      ['Ingresos', '13686220', ''],
      ['Ventas', '1637', '-50'],
    ]);
  });
});
