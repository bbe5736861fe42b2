import { describe, expect, it } from 'vitest';
import { cuandoFue } from './cuando-fue';

describe('cuandoFue', () => {
  // 26-11-2026 15:00 in Santiago (UTC-3 in summer).
  const ahora = new Date('2026-11-26T18:00:00Z');
  it('today and yesterday by name, in Santiago time', () => {
    expect(cuandoFue('2026-11-26T06:12:00Z', ahora)).toBe('hoy 03:12');
    expect(cuandoFue('2026-11-25T06:12:00Z', ahora)).toBe('ayer 03:12');
    // 01:30 UTC on the 26th is still the 25th in Santiago.
    expect(cuandoFue('2026-11-26T01:30:00Z', ahora)).toBe('ayer 22:30');
  });
  it('older ones with their date', () => {
    expect(cuandoFue('2026-11-23T06:12:00Z', ahora)).toBe('23-11-2026, 03:12');
  });
});
