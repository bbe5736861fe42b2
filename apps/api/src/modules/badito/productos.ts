// Which of the shop's products a question names (pure). Word by word: the same word, a prefix
// (coca → Coca-Cola), the same Spanish stem (panes → pan) or a typo (cocacola, lehce) all count,
// less than an exact word. A name that covers every word asked and little else ranks first.
import { normalizar, parecida, raiz } from './normalizar.js';

export interface ProductoCatalogo {
  id_producto: number;
  nombre_producto: string;
  stock: number;
  precio_venta_actual: number;
}

export interface Candidato<P extends ProductoCatalogo = ProductoCatalogo> {
  producto: P;
  /** 0–1: how well the name covers the words asked (mostly) and how much of the name they cover. */
  puntaje: number;
  /** Share of the words asked that the name matches (1 = all of them). */
  cobertura: number;
}

export type Busqueda<P extends ProductoCatalogo = ProductoCatalogo> =
  | { tipo: 'ninguno' }
  | { tipo: 'uno'; producto: P }
  /** `completos`: some candidate matches every word asked (else they are only near misses). */
  | { tipo: 'varios'; candidatos: P[]; completos: boolean };

/** How many candidates Badito offers when a name is ambiguous. */
export const MAX_CANDIDATOS = 3;
/** A clear winner leads the next candidate by at least this much. */
const VENTAJA_CLARA = 0.1;
/** Below this share of the words asked, a product is not a candidate. */
const COBERTURA_MINIMA = 0.5;
const PESO_COBERTURA = 0.85;
/** A prefix must be this long to count (p would match half the shop). */
const LARGO_MINIMO_PREFIJO = 3;

function parecido(q: string, n: string): number {
  if (q === n) return 1;
  if (q.length >= LARGO_MINIMO_PREFIJO && n.startsWith(q)) return 0.9;
  if (q.length >= 4 && n.length >= 4 && raiz(q) === raiz(n)) return 0.9;
  if (n.length >= LARGO_MINIMO_PREFIJO && q.startsWith(n)) return 0.8;
  if (parecida(q, n)) return 0.8;
  return 0;
}

/** Each candidate with its score, best first (ties: shorter name, then lower id). */
export function puntuar<P extends ProductoCatalogo>(consulta: readonly string[], catalogo: readonly P[]): Candidato<P>[] {
  if (consulta.length === 0) return [];
  const junta = consulta.join('');
  const candidatos: Candidato<P>[] = [];
  for (const producto of catalogo) {
    const nombre = normalizar(producto.nombre_producto).split(' ').filter(Boolean);
    if (nombre.length === 0) continue;
    const pegado = nombre.join('');
    // Each word asked pairs with at most one word of the name, best pairs first ("coca cola" does
    // not match "Bebida cola" twice through a typo).
    const pares = consulta.flatMap((q, i) => nombre.map((w, j) => ({ i, j, p: parecido(q, w) }))).filter((x) => x.p > 0);
    pares.sort((a, b) => b.p - a.p || a.i - b.i || a.j - b.j);
    const mejor = new Map<number, number>();
    const usadas = new Set<number>();
    for (const { i, j, p } of pares) {
      if (mejor.has(i) || usadas.has(j)) continue;
      mejor.set(i, p);
      usadas.add(j);
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
    if (junta === pegado) [suma, cubiertas] = [consulta.length, consulta.length];
    const cobertura = cubiertas / consulta.length;
    if (cobertura < COBERTURA_MINIMA) continue;
    const puntaje = PESO_COBERTURA * (suma / consulta.length) + (1 - PESO_COBERTURA) * Math.min(1, usadas.size / nombre.length);
    candidatos.push({ producto, puntaje, cobertura });
  }
  return candidatos.sort(
    (a, b) =>
      b.puntaje - a.puntaje ||
      a.producto.nombre_producto.length - b.producto.nombre_producto.length ||
      a.producto.id_producto - b.producto.id_producto,
  );
}

/** One product when a name clearly wins, the best few when several fit, none when nothing does. */
export function buscarProducto<P extends ProductoCatalogo>(consulta: readonly string[], catalogo: readonly P[]): Busqueda<P> {
  const candidatos = puntuar(consulta, catalogo);
  const [primero, segundo] = candidatos;
  if (!primero) return { tipo: 'ninguno' };
  const exacto = candidatos.filter((c) => normalizar(c.producto.nombre_producto) === consulta.join(' '));
  if (exacto.length === 1) return { tipo: 'uno', producto: exacto[0]!.producto };
  // Only a name that covers every word asked is an answer by itself; a partial one is a suggestion.
  if (primero.cobertura === 1 && (!segundo || primero.puntaje - segundo.puntaje >= VENTAJA_CLARA))
    return { tipo: 'uno', producto: primero.producto };
  return { tipo: 'varios', candidatos: candidatos.slice(0, MAX_CANDIDATOS).map((c) => c.producto), completos: primero.cobertura === 1 };
}
