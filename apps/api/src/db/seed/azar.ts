// Deterministic randomness for the demo: every draw comes from a fixed seed per shop, so two runs
// with the same `ahora` write the same rows.

export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for demo data; the same seed gives the same sequence. */
export function mulberry32(semilla: number): Rng {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function entero(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Picks an index with probability proportional to its weight (binary search on the running sums). */
export class Ponderado {
  private readonly acumulado: number[] = [];
  constructor(pesos: readonly number[]) {
    let suma = 0;
    for (const p of pesos) this.acumulado.push((suma += p));
  }
  elegir(rng: Rng): number {
    const objetivo = rng() * this.acumulado[this.acumulado.length - 1];
    let lo = 0;
    let hi = this.acumulado.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.acumulado[mid] > objetivo) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

export function barajar<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
