// The by-weight rules' tables (docs/granel.md): the web's cart and the API's sale both call these,
// so these rows are what both charge and read.
import { describe, expect, it } from 'vitest';
import {
  formatCantidad,
  formatPeso,
  gramosPorMonto,
  leerCantidadUnidad,
  leerPeso,
  lineaGranel,
  MAX_GRAMOS_LINEA,
  montoADevolver,
  montoPorPeso,
} from './granel.js';

describe('montoPorPeso: price per kilo × grams / 1000, to the nearest peso, half up', () => {
  it.each([
    // $/kg, grams → pesos (hand-computed)
    { caso: '$1.000/kg × 1 g = 1 exactly', precio: 1000, gramos: 1, monto: 1 },
    { caso: '$999/kg × 1 g = 0,999 → 1', precio: 999, gramos: 1, monto: 1 },
    { caso: '$500/kg × 1 g = 0,5 → 1 (half up)', precio: 500, gramos: 1, monto: 1 },
    { caso: '$499/kg × 1 g = 0,499 → 0', precio: 499, gramos: 1, monto: 0 },
    { caso: '$1/kg × 1 g = 0,001 → 0', precio: 1, gramos: 1, monto: 0 },
    { caso: '$8.990/kg × 350 g = 3.146,5 → 3.147 (half up)', precio: 8990, gramos: 350, monto: 3147 },
    { caso: '$8.990/kg × 1 kg = 8.990', precio: 8990, gramos: 1000, monto: 8990 },
    { caso: '$8.990/kg × 1 g = 8,99 → 9', precio: 8990, gramos: 1, monto: 9 },
    { caso: '$1.290/kg × 250 g = 322,5 → 323', precio: 1290, gramos: 250, monto: 323 },
    { caso: '$3.333/kg × 3 g = 9,999 → 10', precio: 3333, gramos: 3, monto: 10 },
    { caso: '$4.990/kg × 123 g = 613,77 → 614', precio: 4990, gramos: 123, monto: 614 },
    { caso: '$2.590/kg × 1.499 g = 3.882,41 → 3.882', precio: 2590, gramos: 1499, monto: 3882 },
    { caso: '$25.990/kg × 99.999 g = 2.598.974,01 → 2.598.974', precio: 25_990, gramos: 99_999, monto: 2_598_974 },
    { caso: '$100.000.000/kg × 99.999 g: the largest, exact', precio: 100_000_000, gramos: 99_999, monto: 9_999_900_000 },
    { caso: '0 g → $0', precio: 8990, gramos: 0, monto: 0 },
    { caso: '$0/kg → $0', precio: 0, gramos: 350, monto: 0 },
  ])('$caso', ({ precio, gramos, monto }) => {
    expect(montoPorPeso(precio, gramos)).toBe(monto);
  });

  it('refuses negatives and fractions (a quantity is whole grams)', () => {
    expect(() => montoPorPeso(8990, 0.35)).toThrow(RangeError);
    expect(() => montoPorPeso(8990, -1)).toThrow(RangeError);
    expect(() => montoPorPeso(-1, 350)).toThrow(RangeError);
    expect(() => montoPorPeso(8990.5, 350)).toThrow(RangeError);
  });
});

describe('gramosPorMonto: the grams a price label stands for, to the nearest gram, half up', () => {
  it.each([
    // $/kg, pesos → grams (hand-computed)
    { caso: '$3.147 at $8.990/kg = 350,06 → 350', precio: 8990, monto: 3147, gramos: 350 },
    { caso: '$8.990 at $8.990/kg = 1.000', precio: 8990, monto: 8990, gramos: 1000 },
    { caso: '$1 at $500/kg = 2', precio: 500, monto: 1, gramos: 2 },
    { caso: '$1 at $2.000/kg = 0,5 → 1 (half up)', precio: 2000, monto: 1, gramos: 1 },
    { caso: '$1 at $3.000/kg = 0,33 → 0', precio: 3000, monto: 1, gramos: 0 },
    { caso: '$1.000 at $3.000/kg = 333,33 → 333', precio: 3000, monto: 1000, gramos: 333 },
    { caso: '$2.000 at $3.000/kg = 666,67 → 667', precio: 3000, monto: 2000, gramos: 667 },
    { caso: '$99.999 at $1.290/kg = 77.518,6 → 77.519', precio: 1290, monto: 99_999, gramos: 77_519 },
    { caso: '$0 → 0 g', precio: 8990, monto: 0, gramos: 0 },
  ])('$caso', ({ precio, monto, gramos }) => {
    expect(gramosPorMonto(precio, monto)).toBe(gramos);
  });

  it('a price of $0/kg cannot be divided by', () => {
    expect(() => gramosPorMonto(0, 1000)).toThrow(RangeError);
    expect(() => gramosPorMonto(8990, -1)).toThrow(RangeError);
  });

  it('round trip: the grams give back the label’s amount when a gram costs a peso or more', () => {
    for (const precio of [1000, 1290, 8990, 25_990]) {
      for (const gramos of [1, 7, 350, 1234, 99_999]) {
        const monto = montoPorPeso(precio, gramos);
        expect(montoPorPeso(precio, gramosPorMonto(precio, monto)), `${precio} ${gramos}`).toBe(monto);
      }
    }
  });
});

describe('leerPeso: a weight as a Chilean types it', () => {
  it.each([
    ['0,350', 350],
    ['1,5', 1500],
    ['2', 2000],
    ['2,', 2000],
    [',5', 500],
    ['0,001', 1],
    ['1,25', 1250],
    ['350 g', 350],
    ['350g', 350],
    ['350 gr', 350],
    ['350 grs', 350],
    ['350 gramos', 350],
    ['1 gramo', 1],
    ['1.250 g', 1250],
    ['99.999 g', 99_999],
    ['1,5 kg', 1500],
    ['1,5kg', 1500],
    ['0,350 KG', 350],
    ['2 kilos', 2000],
    ['1 kilo', 1000],
    ['  0,350  ', 350],
    ['99,999', 99_999],
    ['99,999 kg', 99_999],
  ])('"%s" → %i g', (texto, gramos) => {
    expect(leerPeso(texto)).toEqual({ ok: true, gramos });
  });

  const noEsPeso = (t: string) => `El peso debe ser un número de kilos o de gramos (ej: 0,350 o 350 g); se encontró "${t}".`;
  const conComa = (t: string) =>
    `Escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "${t}".`;
  const MAYOR_A_0 = 'El peso debe ser mayor a 0.';
  const DEMASIADO_ALTO = 'El peso es demasiado alto (máximo 99,999 kg).';

  it.each([
    ['0,3505', `El peso tiene más de 3 decimales: la balanza pesa hasta el gramo (ej: 0,350 kg); se encontró "0,3505".`],
    ['1,0000', `El peso tiene más de 3 decimales: la balanza pesa hasta el gramo (ej: 0,350 kg); se encontró "1,0000".`],
    ['', 'Ingresa el peso (ej: 0,350 o 350 g).'],
    ['   ', 'Ingresa el peso (ej: 0,350 o 350 g).'],
    ['abc', noEsPeso('abc')],
    ['kg', noEsPeso('kg')],
    [',', noEsPeso(',')],
    ['1,5 lb', noEsPeso('1,5 lb')],
    ['1,2,3', noEsPeso('1,2,3')],
    ['1.5,3', noEsPeso('1.5,3')],
    ['-1', MAYOR_A_0],
    ['-0,350', MAYOR_A_0],
    ['0', MAYOR_A_0],
    ['0,000', MAYOR_A_0],
    ['0 g', MAYOR_A_0],
    ['100', DEMASIADO_ALTO],
    ['100.000 g', DEMASIADO_ALTO],
    ['99,9991', `El peso tiene más de 3 decimales: la balanza pesa hasta el gramo (ej: 0,350 kg); se encontró "99,9991".`],
    ['1.250,5 kg', DEMASIADO_ALTO],
    ['1.5', conComa('1.5')],
    ['0.350', conComa('0.350')],
    ['1.250', conComa('1.250')],
    ['1.250 kg', conComa('1.250 kg')],
    ['1,5 g', 'Los gramos se escriben enteros, sin decimales (ej: 350 g); se encontró "1,5 g".'],
    ['12.34 g', noEsPeso('12.34 g')],
  ])('"%s" is refused', (texto, mensaje) => {
    expect(leerPeso(texto)).toEqual({ ok: false, mensaje });
  });

  it('the bound is exactly 99,999 kg', () => {
    expect(leerPeso('99,999')).toEqual({ ok: true, gramos: MAX_GRAMOS_LINEA });
    expect(leerPeso('100,000')).toEqual({ ok: false, mensaje: DEMASIADO_ALTO });
    expect(leerPeso('100000 g')).toEqual({ ok: false, mensaje: DEMASIADO_ALTO });
    expect(leerPeso('9'.repeat(400))).toEqual({ ok: false, mensaje: DEMASIADO_ALTO });
  });
});

describe('formatPeso: kilos with 3 decimals, decimal comma, thousands dot', () => {
  it.each([
    [350, '0,350 kg'],
    [1, '0,001 kg'],
    [0, '0,000 kg'],
    [1500, '1,500 kg'],
    [12_000, '12,000 kg'],
    [99_999, '99,999 kg'],
    [1_250_000, '1.250,000 kg'],
    [1_234_567, '1.234,567 kg'],
    [-350, '-0,350 kg'],
    [-12_005, '-12,005 kg'],
  ])('%i g → "%s"', (gramos, texto) => {
    expect(formatPeso(gramos)).toBe(texto);
  });

  it('reads back what it writes', () => {
    for (const gramos of [1, 350, 1500, 12_000, 99_999]) expect(leerPeso(formatPeso(gramos))).toEqual({ ok: true, gramos });
  });

  it('refuses a fraction of a gram', () => {
    expect(() => formatPeso(0.5)).toThrow(RangeError);
  });

  it('a kg line: weight × price per kilo', () => {
    expect(lineaGranel(350, 8990)).toBe('0,350 kg × $8.990/kg');
    expect(lineaGranel(1500, 25_990)).toBe('1,500 kg × $25.990/kg');
    expect(lineaGranel(12_000, 990)).toBe('12,000 kg × $990/kg');
  });
});

describe('leerCantidadUnidad: a unit product comes in whole units', () => {
  const POR_UNIDAD = (t: string) =>
    `Este producto se vende por unidad: la cantidad va en unidades enteras, sin decimales (ej: 2); se encontró "${t}".`;

  it.each([
    ['1', 1],
    ['2', 2],
    [' 12 ', 12],
    ['1.000', 1000],
    ['100.000', 100_000],
  ])('"%s" → %i', (texto, valor) => {
    expect(leerCantidadUnidad(texto)).toEqual({ ok: true, valor });
  });

  it.each([
    ['1,5', POR_UNIDAD('1,5')],
    ['0,350', POR_UNIDAD('0,350')],
    ['1.5', POR_UNIDAD('1.5')],
    ['2,0', POR_UNIDAD('2,0')],
    ['', 'Ingresa la cantidad (ej: 2).'],
    ['abc', 'La cantidad debe ser un número entero; se encontró "abc".'],
    ['350 g', 'La cantidad debe ser un número entero; se encontró "350 g".'],
    ['0', 'La cantidad debe ser mayor a 0.'],
    ['-1', 'La cantidad debe ser mayor a 0.'],
    ['100.001', 'La cantidad es demasiado alta (máximo 100.000).'],
  ])('"%s" is refused', (texto, mensaje) => {
    expect(leerCantidadUnidad(texto)).toEqual({ ok: false, mensaje });
  });
});

describe('montoADevolver: una devolución parcial nunca devuelve más de lo pagado', () => {
  // Una línea de 350 g a $8.990/kg costó $3.147 (3.146,5 → 3.147).
  const linea = { unidad: 'kg' as const, precio: 8990 };
  it.each([
    { cantidad: 100, quedan: 350, porReembolsar: 3147, monto: 899 }, // 899 exacto
    { cantidad: 250, quedan: 250, porReembolsar: 2248, monto: 2248 }, // lo que queda de la línea, al peso
    { cantidad: 175, quedan: 350, porReembolsar: 3147, monto: 1573 }, // 1.573,25 → 1.573
    { cantidad: 175, quedan: 175, porReembolsar: 1574, monto: 1574 }, // la última paga el peso que faltaba
    { cantidad: 1, quedan: 2, porReembolsar: 1, monto: 1 }, // $8.990/kg × 1 g = 8,99 → 9, pero queda $1
  ])('$cantidad g de $quedan g por devolver, $porReembolsar por reembolsar → $monto', ({ monto, ...l }) => {
    expect(montoADevolver({ ...linea, ...l })).toBe(monto);
  });
  it('por unidad: precio × unidades, y la última devolución, lo que queda', () => {
    expect(montoADevolver({ unidad: 'unidad', precio: 990, cantidad: 2, quedan: 3, porReembolsar: 2970 })).toBe(1980);
    expect(montoADevolver({ unidad: 'unidad', precio: 990, cantidad: 1, quedan: 1, porReembolsar: 990 })).toBe(990);
  });
});

describe('formatCantidad', () => {
  it.each([
    [1, 'unidad', '1 unidad'],
    [1200, 'unidad', '1.200 unidades'],
    [350, 'kg', '0,350 kg'],
  ] as const)('%i %s → %s', (n, u, texto) => expect(formatCantidad(n, u)).toBe(texto));
});

describe('leerPeso con otro máximo (un stock, no una línea)', () => {
  it('un stock de 250 kg pasa con el límite de productos y no como línea', () => {
    expect(leerPeso('250')).toEqual({ ok: false, mensaje: 'El peso es demasiado alto (máximo 99,999 kg).' });
    expect(leerPeso('250', { maximo: 1_000_000 })).toEqual({ ok: true, gramos: 250_000 });
    expect(leerPeso('1.000,001', { maximo: 1_000_000 })).toEqual({
      ok: false,
      mensaje: 'El peso es demasiado alto (máximo 1.000,000 kg).',
    });
  });
});
