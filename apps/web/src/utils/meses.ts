// Calendar months ('YYYY-MM') as a Chilean reads them: the monthly report, the stock adjustments.

const largo = new Intl.DateTimeFormat('es-CL', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** '2026-11' → 'noviembre de 2026'. */
export function nombreMes(mes: string): string {
  const [a, m] = mes.split('-').map(Number);
  return largo.format(new Date(Date.UTC(a, m - 1, 1)));
}

/** The `cantidad` months ending with today's ('YYYY-MM'), newest first. */
export function mesesHasta(hoy: string, cantidad: number): string[] {
  const [a, m] = hoy.split('-').map(Number);
  return Array.from({ length: cantidad }, (_, i) => {
    const f = new Date(Date.UTC(a, m - 1 - i, 1));
    return `${f.getUTCFullYear()}-${String(f.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

export const esMes = (v: string | null): v is string => v !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
