import { describe, expect, it } from 'vitest';
import { esMes, mesesHasta, nombreMes } from './meses';

describe('meses', () => {
  it('lists the months back from today across a year end', () => {
    expect(mesesHasta('2026-02-10', 3)).toEqual(['2026-02', '2026-01', '2025-12']);
  });
  it('names a month in Spanish and refuses what is not one', () => {
    expect(nombreMes('2026-11')).toBe('noviembre de 2026');
    expect(esMes('2026-13')).toBe(false);
    expect(esMes('2026-09')).toBe(true);
  });
});
