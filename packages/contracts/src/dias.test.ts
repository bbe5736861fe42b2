import { describe, expect, it } from 'vitest';
import { desplazarDia, diaSemanaIso, diasEntre, esDia, finDeMes } from './dias.js';
import {
  MAX_DIAS_RANGO,
  MENSAJE_FECHA_FUERA_DE_RANGO,
  MENSAJE_RANGO_INVERTIDO,
  MENSAJE_RANGO_LARGO,
  periodoAnterior,
  resolverRango,
} from './analitica.js';

describe('calendar days', () => {
  it('moves days across months, years and leap days', () => {
    expect(desplazarDia('2026-03-01', -1)).toBe('2026-02-28');
    expect(desplazarDia('2028-03-01', -1)).toBe('2028-02-29');
    expect(desplazarDia('2026-12-31', 1)).toBe('2027-01-01');
    expect(diasEntre('2026-11-01', '2026-11-30')).toBe(30);
    expect(diasEntre('2026-11-24', '2026-11-24')).toBe(1);
    expect(diaSemanaIso('2026-11-23')).toBe(1);
    expect(diaSemanaIso('2026-11-29')).toBe(7);
    expect(finDeMes('2026-02-10')).toBe('2026-02-28');
  });

  it('keeps years before 100 as written, never the 1900s', () => {
    expect(desplazarDia('0001-01-01', 29)).toBe('0001-01-30');
    expect(desplazarDia('0099-12-31', 1)).toBe('0100-01-01');
    expect(esDia('0099-02-28')).toBe(true);
    expect(diasEntre('0001-01-01', '0001-01-30')).toBe(30);
  });

  it('knows which days exist', () => {
    expect(esDia('2026-02-29')).toBe(false);
    expect(esDia('2028-02-29')).toBe(true);
    expect(esDia('2026-13-01')).toBe(false);
    expect(esDia('26-11-01')).toBe(false);
  });
});

describe('resolverRango: a range is checked once resolved', () => {
  const hoy = '2026-11-24';
  const fuera = MENSAJE_FECHA_FUERA_DE_RANGO;
  it.each([
    // [desde, hasta, resolved or error]
    [undefined, undefined, { desde: '2026-10-26', hasta: '2026-11-24' }],
    ['2026-11-01', undefined, { desde: '2026-11-01', hasta: '2026-11-30' }],
    [undefined, '2026-11-10', { desde: '2026-10-12', hasta: '2026-11-10' }],
    ['2026-11-10', '2026-11-10', { desde: '2026-11-10', hasta: '2026-11-10' }],
    ['2000-01-01', '2000-01-01', { desde: '2000-01-01', hasta: '2000-01-01' }],
    ['2100-12-31', '2100-12-31', { desde: '2100-12-31', hasta: '2100-12-31' }],
    ['0001-01-01', undefined, { campo: 'desde', mensaje: fuera }],
    ['0099-06-01', '2026-01-01', { campo: 'desde', mensaje: fuera }],
    [undefined, '9999-12-31', { campo: 'hasta', mensaje: fuera }],
    ['1999-12-31', '2000-01-05', { campo: 'desde', mensaje: fuera }],
    // One-sided ranges that resolve past the bounds.
    ['2100-12-20', undefined, { campo: 'desde', mensaje: fuera }],
    [undefined, '2000-01-10', { campo: 'hasta', mensaje: fuera }],
    ['2026-11-10', '2026-11-01', { campo: 'desde', mensaje: MENSAJE_RANGO_INVERTIDO }],
    ['2023-01-01', '2026-11-24', { campo: 'desde', mensaje: MENSAJE_RANGO_LARGO }],
    [
      '2024-01-01',
      desplazarDia('2024-01-01', MAX_DIAS_RANGO - 1),
      { desde: '2024-01-01', hasta: desplazarDia('2024-01-01', MAX_DIAS_RANGO - 1) },
    ],
  ] as const)('desde=%s hasta=%s', (desde, hasta, esperado) => {
    expect(resolverRango({ desde, hasta }, hoy)).toEqual(esperado);
  });
});

describe('periodoAnterior: a partial period against the same elapsed part of the one before', () => {
  it.each([
    // Today until now against yesterday until this same minute.
    [
      { desde: '2026-11-24', hasta: '2026-11-24' },
      15,
      { desde: '2026-11-23', hasta: '2026-11-23', hasta_hora: 15, hasta_minuto: 42, comparacion: 'periodo_anterior' },
    ],
    // Month to date against the same days of last month, its last day until this minute.
    [
      { desde: '2026-11-01', hasta: '2026-11-24' },
      9,
      { desde: '2026-10-01', hasta: '2026-10-24', hasta_hora: 9, hasta_minuto: 42, comparacion: 'mismos_dias_mes_anterior' },
    ],
    // A whole past month against the whole month before (a shorter month ends at its end).
    [
      { desde: '2026-03-01', hasta: '2026-03-31' },
      9,
      { desde: '2026-02-01', hasta: '2026-02-28', hasta_hora: null, hasta_minuto: null, comparacion: 'mismos_dias_mes_anterior' },
    ],
    [
      { desde: '2026-04-01', hasta: '2026-04-30' },
      9,
      { desde: '2026-03-01', hasta: '2026-03-31', hasta_hora: null, hasta_minuto: null, comparacion: 'mismos_dias_mes_anterior' },
    ],
    [
      { desde: '2026-03-01', hasta: '2026-03-30' },
      9,
      { desde: '2026-02-01', hasta: '2026-02-28', hasta_hora: null, hasta_minuto: null, comparacion: 'mismos_dias_mes_anterior' },
    ],
    [
      { desde: '2026-01-01', hasta: '2026-01-15' },
      9,
      { desde: '2025-12-01', hasta: '2025-12-15', hasta_hora: null, hasta_minuto: null, comparacion: 'mismos_dias_mes_anterior' },
    ],
    // The last 30 days ending today: the 30 before, the last one until this minute.
    [
      { desde: '2026-10-26', hasta: '2026-11-24' },
      0,
      { desde: '2026-09-26', hasta: '2026-10-25', hasta_hora: 0, hasta_minuto: 42, comparacion: 'periodo_anterior' },
    ],
    // Past ranges: as many whole days right before.
    [
      { desde: '2026-11-10', hasta: '2026-11-16' },
      9,
      { desde: '2026-11-03', hasta: '2026-11-09', hasta_hora: null, hasta_minuto: null, comparacion: 'periodo_anterior' },
    ],
  ] as const)('%o at %i:42', (rango, hora, esperado) => {
    expect(periodoAnterior(rango, '2026-11-24', { hora, minuto: 42 })).toEqual(esperado);
  });
});
