import { describe, expect, it } from 'vitest';
import { computeRutDv, formatRut, normalizeRut, rutSchema } from './rut.js';

describe('RUT', () => {
  it('computes the módulo 11 check digit, K and 0 included', () => {
    expect(computeRutDv(11111111)).toBe('1');
    expect(computeRutDv(12345678)).toBe('5');
    expect(computeRutDv(10000013)).toBe('K');
    expect(computeRutDv(76086428)).toBe('5');
    expect(computeRutDv(12345675)).toBe('0');
    expect(computeRutDv(12345689)).toBe('0');
  });

  it('normalises the ways people type it, and refuses a wrong check digit', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    expect(normalizeRut('123456785')).toBe('12345678-5');
    expect(normalizeRut(' 10.000.013-k ')).toBe('10000013-K');
    expect(normalizeRut('12.345.675-0')).toBe('12345675-0');
    expect(normalizeRut('12.345.675-1')).toBeNull();
    expect(normalizeRut('12.345.678-9')).toBeNull();
    expect(normalizeRut('hola')).toBeNull();
  });

  it('formats with dots for display', () => {
    expect(formatRut('12345678-5')).toBe('12.345.678-5');
  });

  it('gives a Spanish message naming the field', () => {
    const r = rutSchema('El RUT del usuario').safeParse('12.345.678-9');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('El RUT del usuario no es válido (revisa el dígito verificador).');
  });
});
