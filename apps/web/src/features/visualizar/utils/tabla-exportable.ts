// A table as the screen shows it, ready to be written to CSV or XLSX: the same titles and the same
// numbers (whole pesos and units as numbers, so a spreadsheet can add them up; never '$1.990' text).
import type { PorCategoria } from '@minimarket/contracts/analitica';
import { kilosEnCelda } from '@minimarket/contracts/cantidad';
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { variacionPct } from './variacion';

/** 'kilos': the cell holds GRAMS (a kg product's quantity), written as kilos with 3 decimals. */
export type TipoColumna = 'texto' | 'pesos' | 'entero' | 'decimal' | 'porcentaje' | 'kilos';

export interface ColumnaExportable {
  titulo: string;
  tipo: TipoColumna;
}

/** A number written as its column says, or with its own type when a column mixes pesos and counts. */
export type Celda = string | number | null | { n: number; tipo: TipoColumna };

/** The raw value a file holds for a cell (kilos for a weight: the XLSX keeps a number a sheet can add up). */
export const valorCelda = (c: Celda): string | number | null =>
  c !== null && typeof c === 'object' ? (c.tipo === 'kilos' ? c.n / 1000 : c.n) : c;

/** A product's quantity as a cell: units as a number, a kg product's grams as kilos. */
export const celdaCantidad = (cantidad: number, unidad: UnidadVenta): Celda =>
  unidad === 'kg' ? { n: cantidad, tipo: 'kilos' } : cantidad;

export interface TablaExportable {
  /** The file's name without extension (letters, digits, dashes). */
  nombre: string;
  columnas: ColumnaExportable[];
  filas: Celda[][];
}

/** 'Ventas por categoría 2026-10-01 2026-10-31' → 'ventas-por-categoria_2026-10-01_2026-10-31'. */
export function nombreArchivo(titulo: string, desde?: string, hasta?: string): string {
  const base = titulo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return [base, desde, hasta].filter(Boolean).join('_');
}

/** The rows of the CSV: the titles, then each row with empty cells for nulls. */
export function filasCsv(tabla: TablaExportable): string[][] {
  return [
    tabla.columnas.map((c) => c.titulo),
    ...tabla.filas.map((f) =>
      f.map((c) => {
        // A weight as a Chilean Excel reads it: '0,350' (the unit is in its own column or title).
        if (c !== null && typeof c === 'object' && c.tipo === 'kilos') return kilosEnCelda(c.n);
        const v = valorCelda(c);
        return v === null ? '' : String(v);
      }),
    ),
  ];
}

/** Sales by category as Gráficos and Listas both offer it for download. */
export function tablaPorCategoria(filas: Readonly<PorCategoria>, desde: string, hasta: string): TablaExportable {
  return {
    nombre: nombreArchivo('ventas por categoria', desde, hasta),
    columnas: [
      { titulo: 'Categoría', tipo: 'texto' },
      { titulo: 'Ventas', tipo: 'entero' },
      { titulo: 'Unidades', tipo: 'entero' },
      { titulo: 'Kilos (a granel)', tipo: 'kilos' },
      { titulo: 'Ingresos', tipo: 'pesos' },
    ],
    filas: filas.map((f) => [f.categoria, f.ventas, f.unidades, { n: f.gramos, tipo: 'kilos' }, f.ingresos]),
  };
}

/** The columns of a split of the sales: what it is split by, the sales and what they brought in. */
export const columnasVentas = (titulo: string): ColumnaExportable[] => [
  { titulo, tipo: 'texto' },
  { titulo: 'Ventas', tipo: 'entero' },
  { titulo: 'Ingresos', tipo: 'pesos' },
];

/** One figure of a comparison: its name, this period's value, the other's, and how to write them. */
export type FilaComparacion = readonly [titulo: string, actual: number, anterior: number, tipo: TipoColumna];

/** Each figure beside the period it is compared with, and the change (Dashboards, the monthly report). */
export function tablaComparacion(nombre: string, titulos: readonly [string, string], filas: readonly FilaComparacion[]): TablaExportable {
  return {
    nombre,
    columnas: [
      { titulo: 'Indicador', tipo: 'texto' },
      { titulo: titulos[0], tipo: 'entero' },
      { titulo: titulos[1], tipo: 'entero' },
      { titulo: 'Variación', tipo: 'porcentaje' },
    ],
    filas: filas.map(([t, x, y, tipo]) => [t, { n: x, tipo }, { n: y, tipo }, variacionPct(x, y)]),
  };
}
