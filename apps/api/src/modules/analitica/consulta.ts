// What every analytics question shares beyond the summaries' own reads: sums as numbers, the
// ticket and the margin, the cut of a compared period, the peak hours. The question (Consulta), the
// SQL pieces that read the per-hour summaries and the figures of a period (cifras, also Badito's)
// are data/resumen-ventas.ts's.
import type { Tx } from '../../db/client.js';
import { donde, porHora, type Cifras, type Consulta, type Corte, type Resumenes } from '../../data/resumen-ventas.js';

/** A sum as a number (bigint from Prisma, a decimal string from pg). */
export const n = (v: bigint | number | string | null | undefined) => Number(v ?? 0);
export const unDecimal = (x: number) => Math.round(x * 10) / 10;
export const dosDecimales = (x: number) => Math.round(x * 100) / 100;

/** The cut of a compared period as periodoAnterior gives it; null when it is whole. */
export const corteDe = (a: { hasta_hora: number | null; hasta_minuto: number | null }): Corte | null =>
  a.hasta_hora === null ? null : { hora: a.hasta_hora, minuto: a.hasta_minuto ?? 59 };

/** round(ingresos / ventas); 0 without sales. */
export const ticket = (x: Pick<Cifras, 'ventas' | 'ingresos'>) => (x.ventas > 0 ? Math.round(x.ingresos / x.ventas) : 0);
/** Margin of the lines that know their cost. */
export const margen = (x: Cifras) => x.ingresos_con_costo - x.costo;
/** That margin over those lines' revenue, in percent; null when no line has a cost. */
export const margenPct = (x: Cifras) => (x.ingresos_con_costo > 0 ? unDecimal((margen(x) * 100) / x.ingresos_con_costo) : null);

export interface CeldaHora {
  dia_semana: number;
  hora: number;
  ventas: number;
  ingresos: number;
}

/** The weekday-hour cells with most sales (then most pesos), only cells that sold. */
export async function horasPeak(tx: Tx, r: Resumenes, c: Consulta, cuantas = 3): Promise<CeldaHora[]> {
  const filas = await tx.$queryRaw<{ dia_semana: number; hora: number; ventas: bigint; ingresos: bigint }[]>`
    SELECT date_part('isodow', hora)::int AS dia_semana, date_part('hour', hora)::int AS hora,
           sum(ventas)::bigint AS ventas, sum(ingresos)::bigint AS ingresos
    FROM ${porHora(r, c)} WHERE ${donde(c)}
    GROUP BY 1, 2 HAVING sum(ventas) > 0
    ORDER BY 3 DESC, 4 DESC, 1, 2
    LIMIT ${cuantas}`;
  return filas.map((r) => ({ dia_semana: r.dia_semana, hora: r.hora, ventas: n(r.ventas), ingresos: n(r.ingresos) }));
}
