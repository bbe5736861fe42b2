// What every analytics question shares beyond the summaries' own reads: sums as numbers, the
// ticket and the margin, the cut of a compared period. The question (Consulta), the SQL pieces that
// read the per-hour summaries and the figures of a period (cifras, also Badito's) are
// data/resumen-ventas.ts's; the reports over them (the peak hours among them),
// data/resumenes-analitica.ts's.
import { n, type Cifras, type Corte } from '../../data/resumen-ventas.js';

/** A sum as a number (bigint from Prisma, a decimal string from pg). */
export { n };
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
