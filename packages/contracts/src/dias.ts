// Calendar days written 'YYYY-MM-DD', as pure arithmetic with no time zone: a day is a date on
// Santiago's calendar and moving it by whole days never meets a clock change. The server, the web
// and Badito count days with these, so a range means the same everywhere. Years below 100 stay
// themselves (Date.UTC would read 0099 as 1999).

const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;

const dos = (n: number) => String(n).padStart(2, '0');

/** A UTC midnight for any year 0–9999 (setUTCFullYear takes the year as written). */
function medianoche(anio: number, mes: number, dia: number): Date {
  const f = new Date(0);
  f.setUTCFullYear(anio, mes - 1, dia);
  return f;
}

const texto = (f: Date) => `${String(f.getUTCFullYear()).padStart(4, '0')}-${dos(f.getUTCMonth() + 1)}-${dos(f.getUTCDate())}`;

function partes(dia: string): [number, number, number] {
  const m = DIA.exec(dia);
  if (!m) throw new Error(`No es un día AAAA-MM-DD: ${dia}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** 'YYYY-MM-DD' of a day that exists (2026-02-30 does not). */
export function esDia(v: unknown): v is string {
  if (typeof v !== 'string' || !DIA.test(v)) return false;
  const [anio, mes, dia] = partes(v);
  return texto(medianoche(anio, mes, dia)) === v;
}

/** The day `dias` calendar days after `dia` (negative: before). */
export function desplazarDia(dia: string, dias: number): string {
  const [anio, mes, d] = partes(dia);
  return texto(medianoche(anio, mes, d + dias));
}

/** Days from `desde` to `hasta`, both counted (1 for a single day; 0 or less when reversed). */
export function diasEntre(desde: string, hasta: string): number {
  const a = medianoche(...partes(desde)).getTime();
  const b = medianoche(...partes(hasta)).getTime();
  return Math.round((b - a) / 86_400_000) + 1;
}

/** ISO weekday of a day: 1 = lunes … 7 = domingo. */
export function diaSemanaIso(dia: string): number {
  return medianoche(...partes(dia)).getUTCDay() || 7;
}

/** The last day of the month of `dia`. */
export function finDeMes(dia: string): string {
  const [anio, mes] = partes(dia);
  return texto(medianoche(anio, mes + 1, 0));
}

/** The first day of the month of `dia`. */
export const inicioDeMes = (dia: string) => `${dia.slice(0, 8)}01`;

/** The year of a day. */
export const anioDe = (dia: string) => partes(dia)[0];
