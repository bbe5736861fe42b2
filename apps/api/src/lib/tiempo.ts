// Santiago's calendar and clock, in one place. People type and read dates as America/Santiago wall
// time; the database keeps UTC instants. Chile moves its clocks twice a year (at midnight), so the
// conversion is done by @date-fns/tz (TZDate) with the zone's rules, never by a fixed offset.
import { TZDate } from '@date-fns/tz';
import { desplazarDia } from '@minimarket/contracts/dias';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';

/** Calendar arithmetic on 'YYYY-MM-DD' is the contracts' (the web and Badito count days with it too). */
export { desplazarDia };

export interface FechaLocal {
  anio: number;
  /** 1–12. */
  mes: number;
  dia: number;
}

const dos = (n: number) => String(n).padStart(2, '0');

/** The UTC instant of a wall time in Santiago (a time skipped by the spring change moves forward, as a clock does). */
export function localAUtc(anio: number, mes: number, dia: number, hora = 0, minuto = 0, segundo = 0): Date {
  const t = new TZDate(anio, mes - 1, dia, hora, minuto, segundo, ZONA_HORARIA);
  // Date's constructor reads the years 0–99 as 1900–1999; set the year as written.
  if (anio < 100) t.setFullYear(anio);
  return new Date(t.getTime());
}

/** Date.UTC for any year (Date.UTC too reads 0–99 as 1900–1999). */
function utcMs(anio: number, mes: number, dia: number, hora = 0): number {
  const f = new Date(0);
  f.setUTCFullYear(anio, mes - 1, dia);
  f.setUTCHours(hora);
  return f.getTime();
}

const HORA_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * '2026-11-20T00:00:00' (or with a space, or a date alone) read as Santiago wall time → the UTC
 * instant. A string that carries its own offset or 'Z' is taken as it is.
 */
export function zonedToUtc(valor: string): Date {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(valor)) return new Date(valor);
  const m = HORA_LOCAL.exec(valor);
  if (!m) return new Date(NaN);
  const [anio, mes, dia, hora, minuto, segundo, ms] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  return new Date(localAUtc(anio!, mes!, dia!, hora, minuto, segundo).getTime() + (ms ?? 0));
}

/**
 * Santiago's UTC offset of each wall-clock hour, cached: an import reads hundreds of thousands of
 * dates, and within an hour the offset never changes (Chile moves its clocks on the hour).
 */
const offsetPorHora = new Map<number, number>();
const MAX_HORAS_EN_CACHE = 200_000;

/** localAUtc for many rows (imports): the same answer, one zone lookup per distinct hour. */
export function localAUtcRapido(anio: number, mes: number, dia: number, hora: number, minuto: number, segundo: number): Date {
  const hora0 = utcMs(anio, mes, dia, hora);
  let offset = offsetPorHora.get(hora0);
  if (offset === undefined) {
    offset = localAUtc(anio, mes, dia, hora).getTime() - hora0;
    if (offsetPorHora.size >= MAX_HORAS_EN_CACHE) offsetPorHora.clear();
    offsetPorHora.set(hora0, offset);
  }
  return new Date(hora0 + minuto * 60_000 + segundo * 1000 + offset);
}

/** The calendar date in Santiago at an instant. */
export function fechaLocal(instante: Date): FechaLocal {
  const t = new TZDate(instante.getTime(), ZONA_HORARIA);
  return { anio: t.getFullYear(), mes: t.getMonth() + 1, dia: t.getDate() };
}

/** A calendar date as 'YYYY-MM-DD'. */
export const textoDia = (f: FechaLocal) => `${String(f.anio).padStart(4, '0')}-${dos(f.mes)}-${dos(f.dia)}`;

/** 'YYYY-MM-DD' of an instant in Santiago. */
export const diaLocal = (instante: Date) => textoDia(fechaLocal(instante));

const FORMATO_HORA_MINUTO = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONA_HORARIA,
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The hour (0–23) and minute (0–59) on Santiago's clock at an instant. */
export function horaMinutoLocal(instante: Date): { hora: number; minuto: number } {
  const partes = FORMATO_HORA_MINUTO.formatToParts(instante);
  const valor = (tipo: 'hour' | 'minute') => Number(partes.find((p) => p.type === tipo)?.value ?? 0);
  return { hora: valor('hour'), minuto: valor('minute') };
}

/** 'YYYY-MM' of an instant in Santiago. */
export const mesLocal = (instante: Date) => diaLocal(instante).slice(0, 7);

/** The month 'YYYY-MM' `meses` months after `mes` (negative: before); calendar only, no zone. */
export function desplazarMes(mes: string, meses: number): string {
  const indice = Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5, 7)) - 1 + meses;
  return `${String(Math.floor(indice / 12)).padStart(4, '0')}-${dos((indice % 12) + 1)}`;
}

/** How many months from `desde` to `hasta`, both counted (0 or less when reversed). */
export const mesesEntre = (desde: string, hasta: string) =>
  Number(hasta.slice(0, 4)) * 12 + Number(hasta.slice(5, 7)) - (Number(desde.slice(0, 4)) * 12 + Number(desde.slice(5, 7))) + 1;

/** The UTC instant a Santiago month 'YYYY-MM' begins (its first day's midnight there). */
export const inicioMesUtc = (mes: string) => localAUtc(Number(mes.slice(0, 4)), Number(mes.slice(5, 7)), 1);

/** The local date `dias` days after `fecha` (negative: before), with its weekday (0 = Sunday). */
export function sumarDias(fecha: FechaLocal, dias: number): FechaLocal & { diaSemana: number } {
  const d = new Date(utcMs(fecha.anio, fecha.mes, fecha.dia + dias));
  return { anio: d.getUTCFullYear(), mes: d.getUTCMonth() + 1, dia: d.getUTCDate(), diaSemana: d.getUTCDay() };
}
