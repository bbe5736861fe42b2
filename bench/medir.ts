// Timing helpers the benches share.

/** The p-th percentile (0–100) of a list of times, nearest rank. */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** `veces` timings of `f` in ms, after 3 untimed calls (warm caches and connections). */
export async function cronometrar(f: () => Promise<unknown>, veces: number): Promise<number[]> {
  for (let i = 0; i < 3; i++) await f();
  const tiempos: number[] = [];
  for (let i = 0; i < veces; i++) {
    const t0 = performance.now();
    await f();
    tiempos.push(performance.now() - t0);
  }
  return tiempos;
}
