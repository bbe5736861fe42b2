import { describe, expect, it } from 'vitest';
import { localAUtc } from '../../lib/tiempo.js';
import { respaldosAConservar, semanaIso } from './retencion.js';

/** A backup at a Santiago wall time, named after it. */
const r = (dia: string, hora = 3) => {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return { archivo: `${dia}T${String(hora).padStart(2, '0')}`, fecha: localAUtc(a, m, d, hora) };
};

/** One backup a day at 03:00 from `desde` for `n` days. */
function diarios(desde: string, n: number) {
  const [a, m, d] = desde.split('-').map(Number) as [number, number, number];
  return Array.from({ length: n }, (_, i) => {
    const f = new Date(Date.UTC(a, m - 1, d + i));
    return r(f.toISOString().slice(0, 10));
  });
}

describe('semanaIso', () => {
  it('counts weeks from Monday, week 1 holding the first Thursday', () => {
    expect(semanaIso({ anio: 2026, mes: 11, dia: 26 })).toBe('2026-W48');
    expect(semanaIso({ anio: 2026, mes: 11, dia: 23 })).toBe('2026-W48'); // Monday
    expect(semanaIso({ anio: 2026, mes: 11, dia: 22 })).toBe('2026-W47'); // Sunday
    // 2027-01-01 is a Friday: it belongs to 2026's last week; 2026-01-01, a Thursday, to 2026-W01.
    expect(semanaIso({ anio: 2027, mes: 1, dia: 1 })).toBe('2026-W53');
    expect(semanaIso({ anio: 2026, mes: 1, dia: 1 })).toBe('2026-W01');
    expect(semanaIso({ anio: 2024, mes: 12, dia: 30 })).toBe('2025-W01');
  });
});

describe('respaldosAConservar', () => {
  it('keeps everything while there are fewer than 7 days', () => {
    const lista = diarios('2026-11-20', 5);
    expect(respaldosAConservar(lista)).toEqual(new Set(lista.map((x) => x.archivo)));
  });

  it('keeps the last 7 days and, among older ones, the newest of each of the last 4 ISO weeks', () => {
    // 2026-09-28 (Monday) … 2026-11-26 (Thursday): 60 days, one a day.
    const lista = diarios('2026-09-28', 60);
    const conservar = [...respaldosAConservar(lista)].sort();
    expect(conservar).toEqual(
      [
        // Daily: 20 to 26 November.
        ...['20', '21', '22', '23', '24', '25', '26'].map((d) => `2026-11-${d}T03`),
        // Weekly, older than the 20th: W47 (its Thursday 19 is the newest left), W46, W45, W44 (Sundays).
        '2026-11-19T03',
        '2026-11-15T03',
        '2026-11-08T03',
        '2026-11-01T03',
      ].sort(),
    );
  });

  it('of several backups a day keeps the last one of the day', () => {
    const lista = [r('2026-11-26', 3), r('2026-11-26', 15), r('2026-11-26', 9), r('2026-11-25', 3)];
    expect(respaldosAConservar(lista)).toEqual(new Set(['2026-11-26T15', '2026-11-25T03']));
  });

  it("reads days by Santiago's calendar, not UTC's", () => {
    // 22:30 in Santiago on the 25th is already the 26th in UTC: still the 25th's backup.
    const tarde = r('2026-11-25', 22);
    const manana = r('2026-11-26', 3);
    expect(respaldosAConservar([tarde, manana], { diarios: 2, semanales: 0 })).toEqual(new Set([tarde.archivo, manana.archivo]));
  });

  it('keeps the daily days even when they skip (a shop closed for a holiday)', () => {
    const lista = [...diarios('2026-11-01', 3), ...diarios('2026-11-10', 3), ...diarios('2026-11-20', 3)];
    const conservar = respaldosAConservar(lista);
    // The 7 newest days with a backup: 20–22, 10–12, and the 3rd; then weeks for the 1st and 2nd (W44, Sunday 1st; W45 has the 2nd).
    expect([...conservar].sort()).toEqual(lista.map((x) => x.archivo).sort());
  });
});
