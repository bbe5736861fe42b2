// Formatting for what the user reads: whole Chilean pesos and dates in Chile's time zone.
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';

const LOCALE = 'es-CL';

const entero = new Intl.NumberFormat(LOCALE);

/** 12990 → '$12.990': the contracts' one money formatter, shared with the server's messages. */
export { contar, formatClp } from '@minimarket/contracts/formato';

/** 1234 → '1.234'. */
export function formatEntero(n: number): string {
  return entero.format(n);
}

const fechaHora = new Intl.DateTimeFormat(LOCALE, {
  timeZone: ZONA_HORARIA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const fecha = new Intl.DateTimeFormat(LOCALE, {
  timeZone: ZONA_HORARIA,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const mesAnio = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', month: 'short', year: 'numeric' });
const partesDia = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONA_HORARIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** ISO timestamp → '20-11-2026, 14:05' in Chilean time. */
export function formatFechaHora(iso: string | Date): string {
  return fechaHora.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** ISO timestamp → '20-11-2026' in Chilean time. */
export function formatFecha(iso: string | Date): string {
  return fecha.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** '2026-03' → 'mar 2026'. */
export function formatMes(mes: string): string {
  const [anio, m] = mes.split('-').map(Number);
  return mesAnio.format(new Date(Date.UTC(anio, m - 1, 1)));
}

/** Today's date in Chile as 'YYYY-MM-DD' (an ISO day, what the date fields and the API speak). */
export function hoyEnSantiago(ahora: Date = new Date()): string {
  return partesDia.format(ahora);
}

/** A file's size as a person reads it: '850,0 KB' under a megabyte, '20,3 MB' above. */
export function formatTamano(bytes: number): string {
  if (bytes < 1024 * 1024) return formatKb(bytes);
  return `${(bytes / 1024 / 1024).toLocaleString(LOCALE, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}

/** Size in KB with one decimal, as the upload page shows it. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toLocaleString(LOCALE, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KB`;
}

/** 'administrador' → 'Administrador' (first letter capitalised, the rest lower case). */
export function capitalizar(texto: string): string {
  if (!texto) return texto;
  return texto.charAt(0).toLocaleUpperCase(LOCALE) + texto.slice(1).toLocaleLowerCase(LOCALE);
}
