// The days an analytics question is about (/api/analitica): its range, checked once resolved, and the
// period it is compared with. Days are Santiago's calendar days ('YYYY-MM-DD').
import { z } from 'zod';
import { anioDe, desplazarDia, diasEntre, esDia, finDeMes } from './dias.js';

export const MENSAJE_FECHA_DIA = 'La fecha debe tener el formato AAAA-MM-DD (por ejemplo 2026-11-23).';
export const MENSAJE_RANGO_INVERTIDO = 'La fecha de inicio no puede ser posterior a la fecha de término.';
/**
 * The longest range one call takes: three years and a month, enough to put a month beside the same
 * month two years back, and still a bounded read (a daily series of 1,100 points; the heaviest
 * read, the cube, groups about 100,000 hourly rows: bench/README.md).
 */
export const MAX_DIAS_RANGO = 1100;
export const MENSAJE_RANGO_LARGO = `El rango puede tener a lo más ${MAX_DIAS_RANGO} días.`;
/** The years a range may touch: no shop sold before 2000, and a typo such as 0001 or 9999 is refused, not searched. */
export const ANIO_MINIMO = 2000;
export const ANIO_MAXIMO = 2100;
export const MENSAJE_FECHA_FUERA_DE_RANGO = `Las fechas deben estar entre el año ${ANIO_MINIMO} y el ${ANIO_MAXIMO}.`;
/** Without desde/hasta: the last 30 days ending today. */
export const DIAS_POR_DEFECTO = 30;

/** 'YYYY-MM-DD' of a day that exists. */
export const diaSchema = z
  .string({ error: MENSAJE_FECHA_DIA })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MENSAJE_FECHA_DIA })
  .refine(esDia, { error: MENSAJE_FECHA_DIA });

export interface Rango {
  desde: string;
  hasta: string;
}

/**
 * The days a question is about, after the defaults: without dates the last 30 days ending today;
 * with only `desde`, 30 days from it; with only `hasta`, the 30 that end on it. Checked once
 * resolved, whichever way it came: both ends between the years 2000 and 2100, not reversed, at most
 * MAX_DIAS_RANGO days. The error names the field the person wrote.
 */
export function resolverRango(q: { desde?: string; hasta?: string }, hoy: string): Rango | { campo: 'desde' | 'hasta'; mensaje: string } {
  const fueraDeRango = (dia: string) => {
    const anio = anioDe(dia);
    return anio < ANIO_MINIMO || anio > ANIO_MAXIMO;
  };
  // A day outside the years is refused before any arithmetic on it.
  for (const campo of ['desde', 'hasta'] as const) {
    const dia = q[campo];
    if (dia !== undefined && fueraDeRango(dia)) return { campo, mensaje: MENSAJE_FECHA_FUERA_DE_RANGO };
  }
  const hasta = q.hasta ?? (q.desde ? desplazarDia(q.desde, DIAS_POR_DEFECTO - 1) : hoy);
  const desde = q.desde ?? desplazarDia(hasta, -(DIAS_POR_DEFECTO - 1));
  const campo = q.desde !== undefined ? 'desde' : 'hasta';
  if (fueraDeRango(desde) || fueraDeRango(hasta)) return { campo, mensaje: MENSAJE_FECHA_FUERA_DE_RANGO };
  if (desde > hasta) return { campo: 'desde', mensaje: MENSAJE_RANGO_INVERTIDO };
  if (diasEntre(desde, hasta) > MAX_DIAS_RANGO) return { campo: 'desde', mensaje: MENSAJE_RANGO_LARGO };
  return { desde, hasta };
}

export const COMPARACIONES = ['periodo_anterior', 'mismos_dias_mes_anterior'] as const;
export type Comparacion = (typeof COMPARACIONES)[number];

/**
 * The period a range is compared with. A range that starts on a 1st and stays in its month is put
 * beside the same days of the month before (1–24 Nov with 1–24 Oct; a whole month with the whole
 * month before: 1–30 Apr with 1–31 Mar, 1–31 Mar with 1–28 Feb); any other beside as many days right before it. A range that
 * ends today is still going on, so the other's last day counts only up to the current minute (to
 * HH:MM:59): today until now against yesterday until this same minute, not against all of yesterday
 * (nor against yesterday until the end of this hour: at 15:05 that gave yesterday 55 minutes more).
 */
export function periodoAnterior(
  r: Rango,
  hoy: string,
  ahora: { hora: number; minuto: number },
): Rango & { hasta_hora: number | null; hasta_minuto: number | null; comparacion: Comparacion } {
  const enCurso = r.hasta === hoy;
  const corte = { hasta_hora: enCurso ? ahora.hora : null, hasta_minuto: enCurso ? ahora.minuto : null };
  if (r.desde.endsWith('-01') && r.hasta.slice(0, 7) === r.desde.slice(0, 7)) {
    const desde = desplazarDia(r.desde, -1).slice(0, 8) + '01';
    const ultimo = finDeMes(desde);
    // A whole month against the whole month before; part of one against the same days of it.
    const hasta = r.hasta === finDeMes(r.hasta) ? ultimo : `${desde.slice(0, 8)}${r.hasta.slice(8)}`;
    return { desde, hasta: esDia(hasta) && hasta <= ultimo ? hasta : ultimo, ...corte, comparacion: 'mismos_dias_mes_anterior' };
  }
  const largo = diasEntre(r.desde, r.hasta);
  return { desde: desplazarDia(r.desde, -largo), hasta: desplazarDia(r.desde, -1), ...corte, comparacion: 'periodo_anterior' };
}
