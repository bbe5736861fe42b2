import { describe, expect, it } from 'vitest';
import { fraseComparacion, frenteA, igualQue, textoPeriodoAnterior } from './comparacion';

describe('the comparison a figure is made against', () => {
  it('says when the other period was cut at this minute, and when it is the same days of last month', () => {
    expect(
      fraseComparacion({
        desde: '2026-11-24',
        hasta: '2026-11-24',
        anterior: { desde: '2026-11-23', hasta: '2026-11-23', hasta_hora: 15, hasta_minuto: 42, comparacion: 'periodo_anterior' },
      }),
    ).toBe('El 24-11-2026 hasta ahora, comparado con el 23-11-2026 hasta las 15:42.');
    expect(
      fraseComparacion({
        desde: '2026-11-01',
        hasta: '2026-11-24',
        anterior: { desde: '2026-10-01', hasta: '2026-10-24', hasta_hora: 9, hasta_minuto: 5, comparacion: 'mismos_dias_mes_anterior' },
      }),
    ).toBe(
      'Del 01-11-2026 al 24-11-2026 hasta ahora, comparado con los mismos días del mes anterior (del 01-10-2026 al 24-10-2026 hasta las 09:05).',
    );
    expect(
      textoPeriodoAnterior({
        desde: '2026-11-03',
        hasta: '2026-11-09',
        hasta_hora: null,
        hasta_minuto: null,
        comparacion: 'periodo_anterior',
      }),
    ).toBe('del 03-11-2026 al 09-11-2026');
  });

  it('joins «a» with «el» as Spanish does: «frente al 23-11-2026», never «frente a el»', () => {
    const ayer = { desde: '2026-11-23', hasta: '2026-11-23', hasta_hora: 15, hasta_minuto: 42, comparacion: 'periodo_anterior' } as const;
    expect(frenteA(ayer)).toBe('frente al 23-11-2026 hasta las 15:42');
    expect(igualQue(ayer)).toBe('igual que el 23-11-2026 hasta las 15:42');
    expect(
      frenteA({ desde: '2026-11-03', hasta: '2026-11-09', hasta_hora: null, hasta_minuto: null, comparacion: 'periodo_anterior' }),
    ).toBe('frente al período del 03-11-2026 al 09-11-2026');
    expect(
      frenteA({ desde: '2026-10-01', hasta: '2026-10-24', hasta_hora: 9, hasta_minuto: 5, comparacion: 'mismos_dias_mes_anterior' }),
    ).toBe('frente a los mismos días del mes anterior (del 01-10-2026 al 24-10-2026 hasta las 09:05)');
  });
});
