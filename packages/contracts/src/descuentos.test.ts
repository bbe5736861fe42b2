import { describe, expect, it } from 'vitest';
import { descuentoPorcentaje, repartirDescuento } from './descuentos.js';

describe('discounts', () => {
  it('a percentage is whole pesos, half a peso up', () => {
    expect(descuentoPorcentaje(1995, 10)).toBe(200);
    expect(descuentoPorcentaje(1994, 10)).toBe(199);
    expect(descuentoPorcentaje(3147, 0)).toBe(0);
    expect(descuentoPorcentaje(3147, 100)).toBe(3147);
    expect(() => descuentoPorcentaje(100, 101)).toThrow(RangeError);
    expect(() => descuentoPorcentaje(100, 2.5)).toThrow(RangeError);
  });

  it('a cart discount is spread to the peso by largest remainder', () => {
    // $1.000 off $1.990 + $990 + $3.147 = $6.127.
    const partes = repartirDescuento(1000, [1990, 990, 3147]);
    expect(partes.reduce((s, p) => s + p, 0)).toBe(1000);
    // Shares 324,79 · 161,58 · 513,63: the two pesos left go to the largest fractions (,79 and ,63).
    expect(partes).toEqual([325, 161, 514]);
    // Three equal lines and a peso that does not divide: the earlier line takes it.
    expect(repartirDescuento(100, [500, 500, 500])).toEqual([34, 33, 33]);
    expect(repartirDescuento(0, [100, 200])).toEqual([0, 0]);
    expect(repartirDescuento(300, [100, 200])).toEqual([100, 200]);
    expect(repartirDescuento(7, [0, 10, 0])).toEqual([0, 7, 0]);
  });

  it('never gives a line more than it costs, and refuses more than the cart', () => {
    for (let d = 0; d <= 21; d++) {
      const partes = repartirDescuento(d, [1, 19, 1]);
      expect(partes.reduce((s, p) => s + p, 0)).toBe(d);
      expect(partes.every((p, i) => p <= [1, 19, 1][i]!)).toBe(true);
    }
    expect(() => repartirDescuento(22, [1, 19, 1])).toThrow(RangeError);
    expect(() => repartirDescuento(-1, [10])).toThrow(RangeError);
  });
});
