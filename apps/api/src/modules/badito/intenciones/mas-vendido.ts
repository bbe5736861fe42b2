// The best (and least) sellers asked without their own words: "más" or "menos" near a selling verb ("lo que más se vende").
import type { Lectura } from './lectura.js';
import { CONFIANZA_MINIMA } from './limites.js';
import { esVerboVenta } from './negaciones.js';

/** Ask for a list before "más" (lo que más se vende, qué salió más, cuál es el producto que más…), not "vendí más que ayer". */
const PIDEN_LISTA = new Set(['que', 'lo', 'cual', 'cuales', 'producto', 'productos', 'articulo', 'articulos', 'top']);
const DISTANCIA_MAS_VENDIDO = 3;

/** A selling verb a few words from position i, either side, both after a word that asks for a list ("lo que más…"). */
function cercaDeVerbo(l: Lectura, i: number): boolean {
  const { ws } = l;
  const verbo = ws.findIndex((_, j) => j !== i && Math.abs(j - i) <= DISTANCIA_MAS_VENDIDO && esVerboVenta(l, j));
  if (verbo < 0) return false;
  return ws.slice(0, Math.min(i, verbo)).some((w) => PIDEN_LISTA.has(w));
}

/** 'más' within a few words of a selling verb, either side, after a word that asks for a list. */
function preguntaMasVendido(l: Lectura): boolean {
  const { ws, en, mejor } = l;
  return ws.some((_, i) => en(i, 'mas') && (mejor.get('mas') ?? 0) >= CONFIANZA_MINIMA && cercaDeVerbo(l, i));
}

/** The best sellers: said outright ("lo más vendido", "producto estrella") or as "lo que más se vende". */
export const pideMasVendido = (l: Lectura): boolean => l.fuerte('masVendido') || preguntaMasVendido(l);

/** The least sold ("lo que menos se vende"): not ranked, an honest answer. A "menos" that excludes a method is not it. */
export const pideMenosVendido = (l: Lectura): boolean =>
  l.ws.some((_, i) => l.en(i, 'menos') && !l.consumidas.has(i) && cercaDeVerbo(l, i));
