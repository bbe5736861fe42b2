// Which concepts each word of a question matches, and how well: the reading every slot and rule starts from.
import { TERMINOS, type Concepto } from './conceptos/index.js';
import { CALIDAD_MINIMA, CONFIANZA_MINIMA, MAX_LARGO_PALABRA } from './limites.js';
import { calidad, palabra } from './terminos.js';

/** The concepts of a question's words, and the questions every rule asks of them. */
export interface Coincidencias {
  /** The words of the question (palabrasPregunta). */
  ws: string[];
  /** word index → concept → quality. */
  porPalabra: Map<Concepto, number>[];
  /** concept → best quality. */
  mejor: Map<Concepto, number>;
  /** Found at all (through a typo too). */
  tiene: (c: Concepto) => boolean;
  /** Found well enough to decide an intent (not through a typo). */
  fuerte: (c: Concepto) => boolean;
  /** The i-th word matches the concept. */
  en: (i: number, c: Concepto) => boolean;
  /** Every word that is part of a match of the concept. */
  indices: (c: Concepto) => number[];
}

/**
 * Every concept each word matches (best quality), and where each phrase was found. A word that
 * surely is one term (exact, stem, prefix, as it sounds) is not also read as a typo of another:
 * "agotó" is not "agosto", "parado" not "pasado".
 */
function coincidencias(ws: readonly string[]) {
  const leidas = ws.map((w) => (w.length <= MAX_LARGO_PALABRA ? palabra(w) : null));
  const todas: Array<{ concepto: Concepto; i: number; largo: number; q: number }> = [];
  const mejorDePalabra = ws.map(() => 0);
  for (const { concepto, partes } of TERMINOS) {
    for (let i = 0; i + partes.length <= ws.length; i++) {
      let q = 1;
      for (let k = 0; k < partes.length && q > 0; k++) {
        const w = leidas[i + k];
        q = w ? Math.min(q, calidad(w, partes[k]!)) : 0;
      }
      if (q < CALIDAD_MINIMA) continue;
      todas.push({ concepto, i, largo: partes.length, q });
      for (let k = 0; k < partes.length; k++) mejorDePalabra[i + k] = Math.max(mejorDePalabra[i + k]!, q);
    }
  }
  /** word index → concept → quality. */
  const porPalabra = ws.map(() => new Map<Concepto, number>());
  /** concept → best quality. */
  const mejor = new Map<Concepto, number>();
  /** concept → [start, length] of each match. */
  const donde = new Map<Concepto, Array<[number, number]>>();
  for (const { concepto, i, largo, q } of todas) {
    const tipeo = q < CONFIANZA_MINIMA;
    if (tipeo && Array.from({ length: largo }, (_, k) => mejorDePalabra[i + k]!).some((m) => m >= CONFIANZA_MINIMA)) continue;
    mejor.set(concepto, Math.max(mejor.get(concepto) ?? 0, q));
    donde.set(concepto, [...(donde.get(concepto) ?? []), [i, largo]]);
    for (let k = 0; k < largo; k++) {
      const m = porPalabra[i + k]!;
      m.set(concepto, Math.max(m.get(concepto) ?? 0, q));
    }
  }
  return { porPalabra, mejor, donde };
}

export function coincidir(ws: string[]): Coincidencias {
  const { porPalabra, mejor, donde } = coincidencias(ws);
  const tiene = (c: Concepto) => mejor.has(c);
  /** Found well enough to decide an intent (not through a typo). */
  const fuerte = (c: Concepto) => (mejor.get(c) ?? 0) >= CONFIANZA_MINIMA;
  const en = (i: number, c: Concepto) => porPalabra[i]?.has(c) ?? false;
  const indices = (c: Concepto) => (donde.get(c) ?? []).flatMap(([i, largo]) => Array.from({ length: largo }, (_, k) => i + k));
  return { ws, porPalabra, mejor, tiene, fuerte, en, indices };
}
