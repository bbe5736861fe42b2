// Shops live in Chile: dates people type or read are America/Santiago wall time,
// the database keeps UTC instants.
export const ZONA_HORARIA = 'America/Santiago';

function offsetMinutes(instant: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * '2026-11-20T00:00:00' read as Santiago wall time → the UTC instant. A string that
 * carries its own offset or 'Z' is taken as it is.
 */
export function zonedToUtc(value: string, timeZone = ZONA_HORARIA): Date {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return new Date(value);
  const asUtc = Date.parse(`${value.replace(' ', 'T')}Z`);
  const first = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  // Around a DST change the offset at the guess can differ from the one at the answer.
  return new Date(asUtc - offsetMinutes(first, timeZone) * 60_000);
}

/** 'YYYY-MM' of an instant in Santiago. */
export function mesEnZona(date: Date, timeZone = ZONA_HORARIA): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(date);
  const y = parts.find((p) => p.type === 'year')?.value;
  const m = parts.find((p) => p.type === 'month')?.value;
  return `${y}-${m}`;
}
