// How a concept's term matches a word of the question, and how well (exact, stem, prefix, as it sounds, a typo).
import { calidadTipeo, pliegue, raiz } from '../normalizar.js';

/**
 * A term, written in plain words:
 * - 'hoy': that word, spelt as it sounds or with the typos its length allows;
 * - '=hola': that word exactly (hola and hora are one typo apart);
 * - '~vender': any word with the same Spanish stem (vendí, vendimos, vende), or as above;
 * - 'agot*': any word starting so;
 * - 'sin stock': consecutive words, each a term as above (the phrase matches as its worst word).
 */
export type Termino = string;

interface Parte {
  tipo: 'palabra' | 'exacta' | 'raiz' | 'prefijo';
  base: string;
  pliegue: string;
  raiz: string;
}

export const parte = (t: string): Parte => {
  const tipo = t.startsWith('=') ? 'exacta' : t.startsWith('~') ? 'raiz' : t.endsWith('*') ? 'prefijo' : 'palabra';
  const base = tipo === 'exacta' || tipo === 'raiz' ? t.slice(1) : tipo === 'prefijo' ? t.slice(0, -1) : t;
  return { tipo, base, pliegue: pliegue(base), raiz: raiz(base) };
};

/** A word of the question with what its matching needs, computed once. */
interface Palabra {
  texto: string;
  pliegue: string;
  raiz: string;
  raizPliegue: string;
}

export const palabra = (texto: string): Palabra => {
  const p = pliegue(texto);
  return { texto, pliegue: p, raiz: raiz(texto), raizPliegue: raiz(p) };
};

/** How well a word reads as one part of a term: 0 when it does not. */
export function calidad(w: Palabra, t: Parte): number {
  if (w.texto === t.base) return 1;
  switch (t.tipo) {
    case 'exacta':
      return 0;
    case 'prefijo':
      return w.texto.startsWith(t.base) ? 0.9 : 0;
    case 'raiz':
      if (w.raiz === t.raiz) return 0.95;
      if (w.raizPliegue === t.raiz) return 0.9;
      break;
  }
  if (w.texto.length >= 3 && w.pliegue === t.pliegue) return 0.9;
  return calidadTipeo(w.texto, t.base);
}
