import { describe, expect, it } from 'vitest';
import { fraseComparacion, textoPeriodoAnterior } from './comparacion';

describe('the comparison a figure is made against', () => {
  it('says when the other period was cut at this hour, and when it is the same days of last month', () => {
    expect(
      fraseComparacion({
        desde: '2026-11-24',
        hasta: '2026-11-24',
        anterior: { desde: '2026-11-23', hasta: '2026-11-23', hasta_hora: 15, comparacion: 'periodo_anterior' },
      }),
    ).toBe('El 24-11-2026 hasta ahora, comparado con el 23-11-2026 hasta las 15:59.');
    expect(
      fraseComparacion({
        desde: '2026-11-01',
        hasta: '2026-11-24',
        anterior: { desde: '2026-10-01', hasta: '2026-10-24', hasta_hora: 9, comparacion: 'mismos_dias_mes_anterior' },
      }),
    ).toBe(
      'Del 01-11-2026 al 24-11-2026 hasta ahora, comparado con los mismos días del mes anterior (del 01-10-2026 al 24-10-2026 hasta las 09:59).',
    );
    expect(textoPeriodoAnterior({ desde: '2026-11-03', hasta: '2026-11-09', hasta_hora: null, comparacion: 'periodo_anterior' })).toBe(
      'del 03-11-2026 al 09-11-2026',
    );
  });
});
