import { describe, expect, it } from 'vitest';
import { diaLocal, fechaLocal, localAUtc, localAUtcRapido, mesLocal, sumarDias, zonedToUtc } from './tiempo.js';

describe('Santiago wall time', () => {
  it('reads a local time in summer (UTC-3) and in winter (UTC-4)', () => {
    expect(zonedToUtc('2026-01-15T10:00:00').toISOString()).toBe('2026-01-15T13:00:00.000Z');
    expect(zonedToUtc('2026-07-15T10:00:00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
    expect(zonedToUtc('2026-07-15 10:00:00').toISOString()).toBe('2026-07-15T14:00:00.000Z');
    expect(zonedToUtc('2026-07-15T23:59:59.999').toISOString()).toBe('2026-07-16T03:59:59.999Z');
  });

  it('keeps a time that carries its own offset', () => {
    expect(zonedToUtc('2026-07-15T10:00:00Z').toISOString()).toBe('2026-07-15T10:00:00.000Z');
    expect(zonedToUtc('2026-07-15T10:00:00-03:00').toISOString()).toBe('2026-07-15T13:00:00.000Z');
  });

  it('names the day and the month as Santiago sees them', () => {
    // 02:00 UTC on 1 March is still 28 February in Santiago.
    expect(mesLocal(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02');
    expect(diaLocal(new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
    expect(fechaLocal(new Date('2026-03-01T04:00:00Z'))).toEqual({ anio: 2026, mes: 3, dia: 1 });
  });

  it('the fast per-hour path agrees with the exact one, around both clock changes of 2026', () => {
    // Chile: back one hour on 5 April, forward on 6 September (at midnight).
    for (const [mes, dia] of [
      [4, 4],
      [4, 5],
      [9, 5],
      [9, 6],
      [9, 7],
    ] as const) {
      for (let hora = 0; hora < 24; hora++) {
        expect(localAUtcRapido(2026, mes, dia, hora, 30, 15).toISOString(), `${mes}-${dia} ${hora}:30`).toBe(
          localAUtc(2026, mes, dia, hora, 30, 15).toISOString(),
        );
      }
    }
  });

  it('counts days on the calendar, with the weekday', () => {
    expect(sumarDias({ anio: 2026, mes: 3, dia: 1 }, -1)).toEqual({ anio: 2026, mes: 2, dia: 28, diaSemana: 6 });
    expect(sumarDias({ anio: 2026, mes: 12, dia: 31 }, 1)).toEqual({ anio: 2027, mes: 1, dia: 1, diaSemana: 5 });
  });
});
