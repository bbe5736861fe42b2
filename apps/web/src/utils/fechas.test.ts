import { describe, expect, it } from 'vitest';
import { diaAIso, isoADia, isoATexto, textoAIso } from './fechas';

describe('dates as Chileans write them', () => {
  it.each([
    ['23-11-2026', '2026-11-23'],
    ['23/11/2026', '2026-11-23'],
    ['23.11.2026', '2026-11-23'],
    ['1-2-2026', '2026-02-01'],
    ['23112026', '2026-11-23'],
    [' 29-02-2024 ', '2024-02-29'],
    ['', ''],
  ])('"%s" → "%s"', (texto, iso) => {
    expect(textoAIso(texto)).toBe(iso);
  });

  it.each(['31-02-2026', '29-02-2026', '00-01-2026', '11-23-2026', '2026-11-23', '23-11-26', 'ayer'])('"%s" is not a day', (texto) => {
    expect(textoAIso(texto)).toBeNull();
  });

  it('shows an ISO day as dd-mm-aaaa and the picker’s days round-trip', () => {
    expect(isoATexto('2026-11-23')).toBe('23-11-2026');
    expect(diaAIso(isoADia('2026-01-05')!)).toBe('2026-01-05');
  });
});
