import { describe, expect, it } from 'vitest';
import { capitalizar, formatClp, formatFecha, formatFechaHora, formatKb, formatMes, formatTamano, hoyEnSantiago } from './format';

describe('formatClp', () => {
  it('formats whole pesos with the es-CL thousands separator and no decimals', () => {
    expect(formatClp(12990)).toMatch(/^\$\s?12\.990$/);
    expect(formatClp(0)).toMatch(/^\$\s?0$/);
    expect(formatClp(1_250_000)).toMatch(/^\$\s?1\.250\.000$/);
  });
});

describe('dates in America/Santiago', () => {
  it('shows a UTC instant in Chilean local time', () => {
    // 02:30 UTC on the 21st is still the 20th in Santiago (UTC-3 in summer).
    expect(formatFecha('2026-11-21T02:30:00.000Z')).toBe('20-11-2026');
    expect(formatFechaHora('2026-11-21T02:30:00.000Z')).toContain('23:30');
  });
  it('gives today as YYYY-MM-DD for date inputs', () => {
    expect(hoyEnSantiago(new Date('2026-11-21T02:30:00.000Z'))).toBe('2026-11-20');
  });
  it('names months', () => {
    expect(formatMes('2026-03')).toMatch(/mar/i);
  });
});

describe('small helpers', () => {
  it('capitalises a role', () => {
    expect(capitalizar('ADMINISTRADOR')).toBe('Administrador');
    expect(capitalizar('pyme')).toBe('Pyme');
  });
  it('shows sizes in KB, and in MB from a megabyte up', () => {
    expect(formatKb(2048)).toBe('2,0 KB');
    expect(formatTamano(2048)).toBe('2,0 KB');
    expect(formatTamano(12_200_000)).toBe('11,6 MB');
  });
});
