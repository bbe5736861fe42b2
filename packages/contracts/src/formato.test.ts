import { describe, expect, it } from 'vitest';
import { contar, formatClp } from './formato.js';

describe('formatClp', () => {
  it.each([
    [1990, '$1.990'],
    [0, '$0'],
    [-0, '$0'],
    [-0.4, '$0'],
    [-2190, '-$2.190'],
    [-1, '-$1'],
    [1234567, '$1.234.567'],
    [-1234567, '-$1.234.567'],
  ])('%s pesos read %s', (pesos, texto) => {
    expect(formatClp(pesos)).toBe(texto);
  });
});

describe('contar', () => {
  it('puts the noun in the right number', () => {
    expect(contar(1, 'producto')).toBe('1 producto');
    expect(contar(1000, 'unidad', 'unidades')).toBe('1.000 unidades');
  });
});
