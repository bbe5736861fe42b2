import { describe, expect, it } from 'vitest';
import { redondearEfectivo, redondeoEfectivo } from './redondeo.js';

describe('cash rounding (Ley 20.956)', () => {
  it('rounds every final digit as the law says: 1–5 down, 6–9 up', () => {
    const tabla: Array<[number, number]> = [
      [3140, 3140],
      [3141, 3140],
      [3142, 3140],
      [3143, 3140],
      [3144, 3140],
      [3145, 3140],
      [3146, 3150],
      [3147, 3150],
      [3148, 3150],
      [3149, 3150],
      [135, 130],
      [786, 790],
      [0, 0],
      [5, 0],
      [6, 10],
    ];
    for (const [monto, pagado] of tabla) expect([monto, redondearEfectivo(monto)]).toEqual([monto, pagado]);
  });

  it("the issue's pinned figures", () => {
    expect(redondeoEfectivo(3147)).toBe(3);
    expect(redondeoEfectivo(3145)).toBe(-5);
    expect(redondeoEfectivo(3141)).toBe(-1);
    expect(redondeoEfectivo(3149)).toBe(1);
    expect(redondeoEfectivo(3150)).toBe(0);
    expect(redondeoEfectivo(2005)).toBe(-5);
    expect(redondeoEfectivo(3146)).toBe(4);
  });

  it('refuses what is not a whole amount of pesos', () => {
    for (const malo of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => redondearEfectivo(malo)).toThrow(RangeError);
  });
});
