// A product's quantity in the analytics: units as units, a kg product's grams as kilos, in the screen
// and in the files (a CSV cell with a decimal comma, an XLSX number of kilos); never one added to the other.
import { describe, expect, it } from 'vitest';
import { archivoVendido, cantidadVendida, celdaVendida } from './cantidad';
import { filasCsv, valorCelda } from './tabla-exportable';

describe('cantidad vendida', () => {
  it('says units for a unit product and kilos for a kg product', () => {
    expect(cantidadVendida({ unidad: 'unidad', unidades: 12, gramos: 0 })).toBe('12 unidades');
    expect(cantidadVendida({ unidad: 'unidad', unidades: 1, gramos: 0 })).toBe('1 unidad');
    expect(cantidadVendida({ unidad: 'kg', unidades: 0, gramos: 12_350 })).toBe('12,350 kg');
    expect(celdaVendida({ unidad: 'kg', unidades: 0, gramos: 350 })).toBe('0,350 kg');
    expect(celdaVendida({ unidad: 'unidad', unidades: 1234, gramos: 0 })).toBe('1.234');
    // A product that changed unit shows both, apart.
    expect(cantidadVendida({ unidad: 'kg', unidades: 2, gramos: 500 })).toBe('0,500 kg · 2 unidades');
  });

  it('writes kilos to a file: "0,350" in the CSV, 0.35 in the XLSX', () => {
    const celda = archivoVendido({ unidad: 'kg', unidades: 0, gramos: 350 });
    expect(valorCelda(celda)).toBe(0.35);
    const tabla = {
      nombre: 'x',
      columnas: [{ titulo: 'Cantidad', tipo: 'entero' as const }],
      filas: [[celda], [archivoVendido({ unidad: 'unidad', unidades: 3, gramos: 0 })]],
    };
    expect(filasCsv(tabla)).toEqual([['Cantidad'], ['0,350'], ['3']]);
  });
});
