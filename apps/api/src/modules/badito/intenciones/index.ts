// Badito's intents: what a question asks, worked out from its words alone, each concept in its own file and composed here in order.
//
// Pure (no database, unit-tested in ../intenciones.test.ts) and bounded: a message of more than
// MAX_PALABRAS_PREGUNTA words is not read word by word at all.
//
// Badito never bluffs: it answers a question only when it understood all of it. Each concept is a
// list of terms (conceptos/); a term matches a word with a quality (exact 1, same stem 0.95, prefix
// or spelt as it sounds 0.9, a typo less: terminos.ts, ../normalizar.ts). Then:
// 1. the slots (lectura.ts): the period (periodos.ts: hoy, ayer, semana, mes), the payment methods
//    (pagos.ts: efectivo, tarjeta…, or "sin tarjeta"), the negations (negaciones.ts: "no", "sin",
//    "nunca") and what each one negates;
// 2. the intent, in a fixed order of precedence (clasificar below: what Badito does not do, la libreta,
//    how-to questions, then figures in cifras.ts's own order, then conversation), chosen only by words
//    that match well (CONFIANZA_MINIMA: never by a typo alone);
// 3. the check: every word must be explained by the intent (its concepts, its slots, or words that
//    say nothing: vacias.ts). A word left over changes the meaning ("¿cuánto vendí de pan?" is not
//    "¿cuánto vendí?"), so the answer is the honest fallback, never another question's figure. Only a
//    product question takes its left-over words: they are the product's name (productos.ts).
import { ayuda } from './ayuda.js';
import { cifra, elegirCifra } from './cifras.js';
import { sinClasificar, type Clasificacion } from './clasificacion.js';
import { conversacion } from './conversacion.js';
import { deuda } from './fiado.js';
import { fueraDeAlcance } from './fuera-de-alcance.js';
import { leer } from './lectura.js';
import { MAX_PALABRAS_PREGUNTA } from './limites.js';
import { palabrasPregunta } from './sinonimos.js';

export type { Clasificacion, Motivo, Periodo } from './clasificacion.js';
export {
  CALIDAD_MINIMA,
  CONFIANZA_MINIMA,
  MAX_LARGO_PALABRA,
  MAX_PALABRAS_CLIENTE,
  MAX_PALABRAS_PREGUNTA,
  MAX_PALABRAS_PRODUCTO,
} from './limites.js';
export { palabrasPregunta } from './sinonimos.js';

export function clasificar(texto: string): Clasificacion {
  const ws = palabrasPregunta(texto);
  const base = sinClasificar();
  if (ws.length === 0) return base;
  // Bounded before any matching: a long message is not read word by word.
  if (ws.length > MAX_PALABRAS_PREGUNTA) return { ...base, motivo: 'larga' };

  const l = leer(ws, base);
  // "Sin efectivo, tarjeta ni transferencia" leaves nothing to count.
  if (l.ninguno) return l.fallback('negacion');

  // The order decides which wins when a question's words mention several: what Badito does not do,
  // said before anything else; la libreta, said outright; how-to questions, which win over the
  // figures their words also mention; then the figures; and last the conversation or a product's bare name.
  const antes = fueraDeAlcance(l) ?? deuda(l) ?? ayuda(l);
  if (antes) return antes;
  const eleccion = elegirCifra(l);
  return eleccion ? cifra(l, eleccion) : conversacion(l);
}
