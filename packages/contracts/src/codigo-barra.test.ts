import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, isValidEan13, makeEan13 } from './codigo-barra.js';

// A code from a Chilean package and the reference examples used by GS1 and Wikipedia.
const REAL_CODES = ['7801610001196', '4006381333931', '5901234123457'];

describe('ean13', () => {
  it('computes the check digit of real barcodes', () => {
    expect(ean13CheckDigit('780161000119')).toBe(6);
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
  });

  it('accepts real barcodes', () => {
    for (const code of REAL_CODES) expect(isValidEan13(code), code).toBe(true);
  });

  it('rejects every wrong check digit', () => {
    for (const code of REAL_CODES) {
      const good = Number(code[12]);
      for (let d = 0; d <= 9; d++) {
        if (d === good) continue;
        expect(isValidEan13(code.slice(0, 12) + d), `${code} con ${d}`).toBe(false);
      }
    }
  });

  it('rejects a swapped pair of digits and malformed input', () => {
    expect(isValidEan13('7801610001169')).toBe(false);
    expect(isValidEan13('780161000119')).toBe(false);
    expect(isValidEan13('78016100011966')).toBe(false);
    expect(isValidEan13('78016100O1196')).toBe(false);
    expect(isValidEan13(' 7801610001196')).toBe(false);
    expect(isValidEan13('')).toBe(false);
  });

  it('makes valid codes from a 12-digit prefix', () => {
    expect(makeEan13('780161000119')).toBe('7801610001196');
    expect(isValidEan13(makeEan13('780000000001'))).toBe(true);
    expect(() => makeEan13('78016100011')).toThrow();
    expect(() => ean13CheckDigit('78016100011a')).toThrow();
  });
});
