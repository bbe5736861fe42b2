// The boleta's amounts (docs/boleta.md, «Montos»): the outbox builds every document's totals with
// montosDte, so these rows are what SII receives.
import { describe, expect, it } from 'vitest';
import { ESTADOS_DTE, esEstadoDteFinal, montosDte, NOMBRE_TIPO_DTE, tipoBoleta, TIPOS_DTE } from './dte.js';

const afecta = (monto: number) => ({ monto, exento: false });
const exenta = (monto: number) => ({ monto, exento: true });

describe('montosDte: MntNeto = T / 1,19 to the peso, IVA = T − MntNeto, exempt lines apart', () => {
  it.each([
    // affected gross total T → neto, iva (hand-computed: T × 100 / 119)
    { caso: '$1: 0,84 → 1, no IVA left', total: 1, neto: 1, iva: 0 },
    { caso: '$2: 1,68 → 2', total: 2, neto: 2, iva: 0 },
    { caso: '$3: 2,52 → 3 (IVA 0, though 3 × 19 % would round to 1)', total: 3, neto: 3, iva: 0 },
    { caso: '$6: 5,04 → 5', total: 6, neto: 5, iva: 1 },
    { caso: '$119 exactly 100 + 19', total: 119, neto: 100, iva: 19 },
    { caso: '$1.000 (OpenFactura boleta example: 840 + 160)', total: 1000, neto: 840, iva: 160 },
    { caso: '$1.190 exactly 1.000 + 190', total: 1190, neto: 1000, iva: 190 },
    { caso: '$5.950 exactly 5.000 + 950', total: 5950, neto: 5000, iva: 950 },
    // LibreDTE's edge cases: neto × 19 % would not add back up to the total; the total wins.
    { caso: '$680: 571,43 → 571, IVA 109 (571 × 19 % = 108,49)', total: 680, neto: 571, iva: 109 },
    { caso: '$86.710: 72.865,5… → 72.866, IVA 13.844', total: 86_710, neto: 72_866, iva: 13_844 },
    { caso: 'the largest PostgreSQL integer', total: 2_147_483_647, neto: 1_804_608_107, iva: 342_875_540 },
    { caso: 'a hundred billion pesos', total: 99_999_999_999, neto: 84_033_613_445, iva: 15_966_386_554 },
  ])('$caso', ({ total, neto, iva }) => {
    expect(montosDte([afecta(total)])).toEqual({ neto, iva, exento: 0, total });
  });

  it('adds the gross lines first and rounds once (never line by line)', () => {
    // Six $1 lines: rounded one by one each is 1 + 0 (no IVA at all); the document's $6 is 5 + 1.
    expect(montosDte(Array.from({ length: 6 }, () => afecta(1)))).toEqual({ neto: 5, iva: 1, exento: 0, total: 6 });
  });

  it('keeps exempt lines out of the neto and IVA (OpenFactura boleta example: 39.990 affected + 2.990 exempt)', () => {
    expect(montosDte([afecta(39_990), exenta(2990)])).toEqual({ neto: 33_605, iva: 6385, exento: 2990, total: 42_980 });
  });

  it('an all-exempt document has no neto or IVA', () => {
    expect(montosDte([exenta(1500), exenta(990)])).toEqual({ neto: 0, iva: 0, exento: 2490, total: 2490 });
  });

  it('an empty document is all zeros', () => {
    expect(montosDte([])).toEqual({ neto: 0, iva: 0, exento: 0, total: 0 });
  });

  it('agrees with the exact fraction for every total up to $200.000 (off by at most half a peso, and neto + IVA = T)', () => {
    const fuera: number[] = [];
    for (let t = 0; t <= 200_000; t++) {
      const { neto, iva } = montosDte([afecta(t)]);
      // |T × 100 − neto × 119| ≤ 59 is «neto is T/1,19 to the nearest peso» in integers.
      if (Math.abs(t * 100 - neto * 119) > 59 || neto + iva !== t) fuera.push(t);
    }
    expect(fuera).toEqual([]);
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses a line amount of %s', (monto) => {
    expect(() => montosDte([afecta(monto)])).toThrow(RangeError);
  });
});

describe('tipoBoleta', () => {
  it('is 41 only when every line is exempt', () => {
    expect(tipoBoleta([exenta(100)])).toBe(41);
    expect(tipoBoleta([exenta(100), afecta(100)])).toBe(39);
    expect(tipoBoleta([afecta(100)])).toBe(39);
    expect(tipoBoleta([])).toBe(39);
  });
});

describe('types and states', () => {
  it('names each type as SII prints it', () => {
    expect(TIPOS_DTE.map((t) => NOMBRE_TIPO_DTE[t])).toEqual([
      'Boleta electrónica',
      'Boleta exenta electrónica',
      'Nota de crédito electrónica',
    ]);
  });

  it('has three final states', () => {
    expect(ESTADOS_DTE.filter(esEstadoDteFinal)).toEqual(['aceptado', 'reparos', 'rechazado']);
  });
});
