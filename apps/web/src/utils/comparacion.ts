// How a figure's comparison period reads: the server picks it (periodoAnterior in the contracts) and
// the screen says which it is, so "+20 %" never hides that today is only half over.
import type { Resumen } from '@minimarket/contracts/analitica';
import { isoATexto } from './fechas';

type PeriodoAnterior = Pick<Resumen['anterior'], 'desde' | 'hasta' | 'hasta_hora' | 'comparacion'>;

const rango = (desde: string, hasta: string) =>
  desde === hasta ? `el ${isoATexto(desde)}` : `del ${isoATexto(desde)} al ${isoATexto(hasta)}`;

/** "el 23-11-2026 hasta las 15:59", "los mismos días del mes anterior (del 01-10-2026 al 24-10-2026 hasta las 15:59)". */
export function textoPeriodoAnterior(a: PeriodoAnterior): string {
  const hora = a.hasta_hora === null ? '' : ` hasta las ${String(a.hasta_hora).padStart(2, '0')}:59`;
  const dias = `${rango(a.desde, a.hasta)}${hora}`;
  return a.comparacion === 'mismos_dias_mes_anterior' ? `los mismos días del mes anterior (${dias})` : dias;
}

/** The sentence above a set of indicators: what they count and what they are compared with. */
export function fraseComparacion(r: Pick<Resumen, 'desde' | 'hasta'> & { anterior: PeriodoAnterior }): string {
  const actual = r.anterior.hasta_hora === null ? rango(r.desde, r.hasta) : `${rango(r.desde, r.hasta)} hasta ahora`;
  return `${actual.charAt(0).toUpperCase()}${actual.slice(1)}, comparado con ${textoPeriodoAnterior(r.anterior)}.`;
}
