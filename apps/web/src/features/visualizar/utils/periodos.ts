// How a series' period reads on an axis: a day '23-11', a week 'sem. 17-11', a month 'nov 2026'.
import type { Agrupacion } from '../../../lib/analitica';
import { formatMes } from '../../../utils/format';
import { isoATexto } from '../../../utils/fechas';

export function etiquetaPeriodo(periodo: string, agrupar: Agrupacion): string {
  if (agrupar === 'mes') return formatMes(periodo.slice(0, 7));
  const [, m, d] = periodo.split('-');
  return agrupar === 'semana' ? `sem. ${d}-${m}` : `${d}-${m}`;
}

/**
 * The long form for a table or a tooltip: '23-11-2026', 'semana del 17-11-2026', 'nov 2026'; a
 * period still going on says so ('24-11-2026 (en curso)').
 */
export function periodoLargo(periodo: string, agrupar: Agrupacion, enCurso = false): string {
  const texto =
    agrupar === 'mes' ? formatMes(periodo.slice(0, 7)) : agrupar === 'semana' ? `semana del ${isoATexto(periodo)}` : isoATexto(periodo);
  return enCurso ? `${texto} (en curso)` : texto;
}
