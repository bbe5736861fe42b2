// The weighted-average cost rule's table (docs/stock.md): the web's preview and the API's write
// both call costoTrasIngreso, so these rows are what both do.
import { describe, expect, it } from 'vitest';
import { costoPromedioPonderado, costoTrasIngreso, costoUnitarioCompra, dividirRedondeando } from './costo-promedio.js';

describe('costoTrasIngreso: weighted average of the shelf and the delivery', () => {
  it.each([
    // stock, current cost, units in, total cost → delivery's unit cost, resulting cost, averaged?
    {
      caso: 'the issue: 12 at $1.100 + 24 for $13.000',
      stock: 12,
      costo: 1100,
      cantidad: 24,
      total: 13_000,
      compra: 542,
      res: 728,
      prom: true,
    },
    { caso: 'nothing on hand: the delivery alone', stock: 0, costo: 1100, cantidad: 24, total: 13_000, compra: 542, res: 542, prom: false },
    {
      caso: 'negative stock counts as nothing on hand',
      stock: -3,
      costo: 1100,
      cantidad: 24,
      total: 13_000,
      compra: 542,
      res: 542,
      prom: false,
    },
    {
      caso: 'unknown current cost: the delivery alone',
      stock: 12,
      costo: null,
      cantidad: 24,
      total: 13_000,
      compra: 542,
      res: 542,
      prom: false,
    },
    {
      caso: 'a known cost of $0 (a gift) is averaged',
      stock: 10,
      costo: 0,
      cantidad: 10,
      total: 10_000,
      compra: 1000,
      res: 500,
      prom: true,
    },
    { caso: 'same cost again: unchanged', stock: 5, costo: 1000, cantidad: 5, total: 5_000, compra: 1000, res: 1000, prom: true },
    { caso: 'a cheaper batch lowers it', stock: 10, costo: 2000, cantidad: 30, total: 30_000, compra: 1000, res: 1250, prom: true },
    {
      caso: 'half a peso goes up: (2 × 1.000 + 202) / 4 = 550,5 → 551',
      stock: 2,
      costo: 1000,
      cantidad: 2,
      total: 202,
      compra: 101,
      res: 551,
      prom: true,
    },
    {
      caso: 'under half goes down: 1.000 / 3 = 333,3 → 333',
      stock: 0,
      costo: null,
      cantidad: 3,
      total: 1000,
      compra: 333,
      res: 333,
      prom: false,
    },
    {
      caso: 'over half goes up: 2.000 / 3 = 666,7 → 667',
      stock: 0,
      costo: null,
      cantidad: 3,
      total: 2000,
      compra: 667,
      res: 667,
      prom: false,
    },
    {
      caso: '1 unit at $800 + 12 for $13.000 → 13.800 / 13 = 1.061,54 → 1.062',
      stock: 1,
      costo: 800,
      cantidad: 12,
      total: 13_000,
      compra: 1083,
      res: 1062,
      prom: true,
    },
    {
      caso: 'the largest figures stay exact',
      stock: 1_000_000,
      costo: 100_000_000,
      cantidad: 1,
      total: 1_000_000_000,
      compra: 1_000_000_000,
      res: 100_000_900,
      prom: true,
    },
  ])('$caso', ({ stock, costo, cantidad, total, compra, res, prom }) => {
    expect(costoTrasIngreso({ stockActual: stock, costoActual: costo, cantidad, costoTotal: total })).toEqual({
      costoCompra: compra,
      costoResultante: res,
      promediado: prom,
    });
    expect(costoPromedioPonderado({ stockActual: stock, costoActual: costo, cantidad, costoTotal: total })).toBe(res);
  });

  it('is not the last batch overwriting all (the old rule gave 542)', () => {
    expect(costoPromedioPonderado({ stockActual: 12, costoActual: 1100, cantidad: 24, costoTotal: 13_000 })).not.toBe(542);
  });
});

describe('dividirRedondeando: to the nearest peso, half up, in integers', () => {
  it.each([
    [7, 2, 4],
    [5, 2, 3],
    [1, 2, 1],
    [1, 3, 0],
    [2, 3, 1],
    [0, 5, 0],
    [26_200, 36, 728],
    // Near 2^53 a float quotient is one off; the remainder corrects it.
    [9_007_199_254_740_990, 3, 3_002_399_751_580_330],
    [9_007_199_254_740_991, 2, 4_503_599_627_370_496],
  ])('%i / %i → %i', (a, b, q) => {
    expect(dividirRedondeando(a, b)).toBe(q);
  });

  it('refuses a zero or negative divisor and non-integers', () => {
    expect(() => dividirRedondeando(10, 0)).toThrow(RangeError);
    expect(() => dividirRedondeando(10, -2)).toThrow(RangeError);
    expect(() => dividirRedondeando(10.5, 2)).toThrow(RangeError);
  });

  it("a delivery's own unit cost uses the same rounding", () => {
    expect(costoUnitarioCompra(13_000, 24)).toBe(542);
    expect(costoUnitarioCompra(1000, 3)).toBe(333);
  });
});

describe('costoTrasIngreso a granel (costo por kilo, cantidades en gramos)', () => {
  it.each([
    // 5 kg recibidos a $20.000 en total: $4.000/kg.
    { stockActual: 0, costoActual: null, cantidad: 5000, costoTotal: 20_000, costo: 4000, promediado: false },
    // 2 kg a $5.000/kg en la vitrina + 3 kg por $9.000: (2000 × 5000 + 9000 × 1000) / 5000 = 3.800.
    { stockActual: 2000, costoActual: 5000, cantidad: 3000, costoTotal: 9000, costo: 3800, promediado: true },
    // 350 g por $1.000: 1.000.000 / 350 = 2.857,14 → $2.857/kg.
    { stockActual: 0, costoActual: 4000, cantidad: 350, costoTotal: 1000, costo: 2857, promediado: false },
  ])('$stockActual g a $costoActual/kg + $cantidad g por $costoTotal → $costo/kg', ({ costo, promediado, ...i }) => {
    const r = costoTrasIngreso({ ...i, unidad: 'kg' });
    expect(r.costoResultante).toBe(costo);
    expect(r.promediado).toBe(promediado);
  });
});
