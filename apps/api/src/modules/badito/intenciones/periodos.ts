// The period slot: hoy, ayer, esta semana, este mes ("del día" is today), and two periods named (a comparison).
import type { Periodo } from './clasificacion.js';
import type { Coincidencias } from './coincidencias.js';

export interface Periodos {
  /** The periods named, in this order of precedence. */
  periodos: Array<'ayer' | 'semana' | 'mes' | 'hoy'>;
  /** The period of the question; null when it names none. */
  periodo: Periodo | null;
  /** Two periods ("vendí más hoy que ayer"): a comparison, not answered. */
  comparacion: boolean;
}

export function leerPeriodo({ ws, tiene }: Coincidencias): Periodos {
  const periodos = (['ayer', 'semana', 'mes', 'hoy'] as const).filter((p) => tiene(p));
  const periodoDia = tiene('dia') && periodos.length === 0;
  const periodo: Periodo | null = periodos[0] ?? (periodoDia ? 'hoy' : null);
  const comparacion = periodos.length > 1 && !ws.includes('hasta');
  return { periodos, periodo, comparacion };
}
