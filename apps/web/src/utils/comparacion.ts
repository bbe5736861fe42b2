// How a figure's comparison period reads: the server picks it (periodoAnterior in the contracts) and
// the screen says which it is, so "+20 %" never hides that today is only half over.
import type { Resumen } from '@minimarket/contracts/analitica';
import { isoATexto } from './fechas';

type PeriodoAnterior = Pick<Resumen['anterior'], 'desde' | 'hasta' | 'hasta_hora' | 'hasta_minuto' | 'comparacion'>;

const dos = (n: number) => String(n).padStart(2, '0');

const rango = (desde: string, hasta: string) =>
  desde === hasta ? `el ${isoATexto(desde)}` : `del ${isoATexto(desde)} al ${isoATexto(hasta)}`;

/** "el 23-11-2026 hasta las 15:42", "los mismos días del mes anterior (del 01-10-2026 al 24-10-2026 hasta las 15:42)". */
export function textoPeriodoAnterior(a: PeriodoAnterior): string {
  // The cut is that minute included: the figure of the other day up to the same minute as now.
  const hora = a.hasta_hora === null ? '' : ` hasta las ${dos(a.hasta_hora)}:${dos(a.hasta_minuto ?? 59)}`;
  const dias = `${rango(a.desde, a.hasta)}${hora}`;
  return a.comparacion === 'mismos_dias_mes_anterior' ? `los mismos días del mes anterior (${dias})` : dias;
}

/** The other period as a noun: «el 23-11-2026 …», «el período del 03-11-2026 al 09-11-2026», «los mismos días…». */
function periodoNombrado(a: PeriodoAnterior): string {
  const texto = textoPeriodoAnterior(a);
  return texto.startsWith('del ') ? `el período ${texto}` : texto;
}

/**
 * «frente al 23-11-2026 hasta las 15:42», «frente a los mismos días…»: the preposition joined to the
 * article as Spanish does (a + el = al), never «frente a el».
 */
export function frenteA(a: PeriodoAnterior): string {
  const periodo = periodoNombrado(a);
  return periodo.startsWith('el ') ? `frente al ${periodo.slice(3)}` : `frente a ${periodo}`;
}

/** «igual que el 23-11-2026 hasta las 15:42». */
export const igualQue = (a: PeriodoAnterior) => `igual que ${periodoNombrado(a)}`;

/** The sentence above a set of indicators: what they count and what they are compared with. */
export function fraseComparacion(r: Pick<Resumen, 'desde' | 'hasta'> & { anterior: PeriodoAnterior }): string {
  const actual = r.anterior.hasta_hora === null ? rango(r.desde, r.hasta) : `${rango(r.desde, r.hasta)} hasta ahora`;
  return `${actual.charAt(0).toUpperCase()}${actual.slice(1)}, comparado con ${textoPeriodoAnterior(r.anterior)}.`;
}
