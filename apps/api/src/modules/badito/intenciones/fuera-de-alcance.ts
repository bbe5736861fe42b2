// What Badito does not do (advice and the world outside, the shift's drawer, profit, changing a price), said before anything else.
import type { Clasificacion } from './clasificacion.js';
import type { Lectura } from './lectura.js';

/** The honest answer to a question Badito does not do; null for any other question. */
export function fueraDeAlcance({ ws, fuerte, fallback }: Lectura): Clasificacion | null {
  if (fuerte('fuera') || (ws[0] === 'por' && ws[1] === 'que')) return fallback('fuera_de_alcance');
  if (fuerte('caja')) return fallback('caja');
  if (fuerte('ganancia')) return fallback('ganancia');
  if (fuerte('cambioPrecio') && fuerte('precio')) return fallback('cambio_precio');
  return null;
}
