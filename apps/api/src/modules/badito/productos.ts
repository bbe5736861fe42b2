// Which of the shop's products a question names (pure). It scores a bounded set of candidates that
// the database picked (data/producto-lecturas.ts productosParecidos: at most MAX_CANDIDATOS_SQL, through the shop's index),
// never the whole catalogue. Word by word: the same word, the same Spanish stem (panes → pan), a
// prefix (coca → Coca-Cola) or a typo (cocacola, lehce) all count, less than an exact word. Every
// product that covers every word asked is an answer: "precio de la coca cola" lists all of them.
import type { UnidadVenta } from '@minimarket/contracts/granel';
import { normalizar, parecida, raiz } from './normalizar.js';

export interface ProductoCatalogo {
  id_producto: number;
  nombre_producto: string;
  /** 'kg': stock in grams, prices per kilo (said in kilos: respuestas.ts). Left out: by the unit. */
  unidad?: UnidadVenta;
  stock: number;
  precio_venta_actual: number;
  precio_compra_actual?: number | null;
  marca?: string | null;
}

export interface Candidato<P extends ProductoCatalogo = ProductoCatalogo> {
  producto: P;
  /** 0–1: how well the name covers the words asked (mostly) and how much of the name they cover. */
  puntaje: number;
  /** Share of the words asked that the name matches (1 = all of them). */
  cobertura: number;
  /** The worst match among the words matched (1 = every one exact). */
  minimo: number;
  /** Every word asked matched in the name itself, not only in the brand (Sprite's brand is Coca-Cola). */
  porNombre: boolean;
}

export type Busqueda<P extends ProductoCatalogo = ProductoCatalogo> =
  | { tipo: 'ninguno' }
  /** One product covers every word asked (or is named exactly); `tambien`: others that cover them too. */
  | { tipo: 'uno'; producto: P; tambien: P[] }
  /**
   * `completos`: every one of `candidatos` covers every word asked (all of them, best first); else
   * they are only the best near misses (at most MAX_CANDIDATOS).
   */
  | { tipo: 'varios'; candidatos: P[]; completos: boolean };

/** How many near misses Badito offers when no name covers the words asked. */
export const MAX_CANDIDATOS = 3;
/** Below this share of the words asked, a product is not a candidate. */
const COBERTURA_MINIMA = 0.5;
const PESO_COBERTURA = 0.85;
/** A prefix must be this long to count (p would match half the shop). */
const LARGO_MINIMO_PREFIJO = 3;
/** A word matched this well is the word itself (or its plural); less is a prefix or a typo. */
const CALIDAD_SEGURA = 0.95;

function parecido(q: string, n: string): number {
  if (q === n) return 1;
  if (q.length >= 4 && n.length >= 4 && raiz(q) === raiz(n)) return 0.95;
  if (q.length >= LARGO_MINIMO_PREFIJO && n.startsWith(q)) return 0.9;
  if (n.length >= LARGO_MINIMO_PREFIJO && q.startsWith(n)) return 0.8;
  if (parecida(q, n)) return 0.8;
  return 0;
}

/** The words of a product's name, then those of its brand the name does not already say, and how many are the name's. */
function palabrasNombre(p: ProductoCatalogo): { palabras: string[]; delNombre: number } {
  const nombre = normalizar(p.nombre_producto).split(' ').filter(Boolean);
  const marca = p.marca ? normalizar(p.marca).split(' ').filter(Boolean) : [];
  return { palabras: [...nombre, ...marca.filter((w) => !nombre.includes(w))], delNombre: nombre.length };
}

/** Each candidate with its score, best first (ties: shorter name, then lower id). */
export function puntuar<P extends ProductoCatalogo>(consulta: readonly string[], catalogo: readonly P[]): Candidato<P>[] {
  if (consulta.length === 0) return [];
  const junta = consulta.join('');
  const candidatos: Candidato<P>[] = [];
  for (const producto of catalogo) {
    const { palabras: nombre, delNombre } = palabrasNombre(producto);
    if (nombre.length === 0) continue;
    const pegado = nombre.join('');
    // Each word asked pairs with at most one word of the name, best pairs first ("coca cola" does
    // not match "Bebida cola" twice through a typo).
    const pares = consulta.flatMap((q, i) => nombre.map((w, j) => ({ i, j, p: parecido(q, w) }))).filter((x) => x.p > 0);
    pares.sort((a, b) => b.p - a.p || a.i - b.i || a.j - b.j);
    const mejor = new Map<number, number>();
    const usadas = new Set<number>();
    let enMarca = false;
    for (const { i, j, p } of pares) {
      if (mejor.has(i) || usadas.has(j)) continue;
      mejor.set(i, p);
      usadas.add(j);
      if (j >= delNombre) enMarca = true;
    }
    // "cocacola" for "Coca-Cola": the name's words written together.
    consulta.forEach((q, i) => {
      if (!mejor.has(i) && q.length >= 5 && (pegado.startsWith(q) || parecida(q, pegado))) {
        mejor.set(i, 0.85);
        nombre.forEach((_, j) => usadas.add(j));
      }
    });
    let suma = [...mejor.values()].reduce((s, p) => s + p, 0);
    let cubiertas = mejor.size;
    let minimo = Math.min(...mejor.values());
    if (junta === pegado) [suma, cubiertas, minimo] = [consulta.length, consulta.length, 1];
    const cobertura = cubiertas / consulta.length;
    if (cobertura < COBERTURA_MINIMA) continue;
    const puntaje = PESO_COBERTURA * (suma / consulta.length) + (1 - PESO_COBERTURA) * Math.min(1, usadas.size / nombre.length);
    candidatos.push({ producto, puntaje, cobertura, minimo, porNombre: !enMarca });
  }
  return candidatos.sort(
    (a, b) =>
      b.puntaje - a.puntaje ||
      a.producto.nombre_producto.length - b.producto.nombre_producto.length ||
      a.producto.id_producto - b.producto.id_producto,
  );
}

/**
 * Every product that covers every word asked (only those matching them surely, when some do:
 * "pan" lists the breads, not the Panqueques), or the best near misses, or none. Never one product
 * picked among several that fit. `soloSeguros`: only names matched word by word (exact or plural).
 */
export function buscarProducto<P extends ProductoCatalogo>(
  consulta: readonly string[],
  catalogo: readonly P[],
  { soloSeguros = false }: { soloSeguros?: boolean } = {},
): Busqueda<P> {
  const candidatos = puntuar(consulta, catalogo);
  if (candidatos.length === 0) return { tipo: 'ninguno' };
  const seguros = candidatos.filter((c) => c.cobertura === 1 && c.minimo >= CALIDAD_SEGURA);
  // A message that only may be a name ("coca cola", "te amo") counts only names it surely says.
  if (soloSeguros && seguros.length === 0) return { tipo: 'ninguno' };
  const completos = candidatos.filter((c) => c.cobertura === 1);
  const elegibles = seguros.length > 0 ? seguros : completos;
  // Names that say the words themselves before products that only carry them as their brand.
  const enElNombre = elegibles.filter((c) => c.porNombre);
  const fieles = (enElNombre.length > 0 ? enElNombre : elegibles).map((c) => c.producto);
  // A name written out exactly is that product; the others that also fit are still mentioned.
  const exacto = fieles.filter((p) => normalizar(p.nombre_producto) === consulta.join(' '));
  if (exacto.length === 1) return { tipo: 'uno', producto: exacto[0]!, tambien: fieles.filter((p) => p !== exacto[0]) };
  if (fieles.length === 1) return { tipo: 'uno', producto: fieles[0]!, tambien: [] };
  if (fieles.length > 1) return { tipo: 'varios', candidatos: fieles, completos: true };
  return { tipo: 'varios', candidatos: candidatos.slice(0, MAX_CANDIDATOS).map((c) => c.producto), completos: false };
}
