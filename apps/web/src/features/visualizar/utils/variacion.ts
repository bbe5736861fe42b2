// How a figure moved against the previous period, in words a shop owner reads at a glance.

/** Percentage change with one decimal; null when there is nothing to compare with (0 before). */
export function variacionPct(actual: number, anterior: number): number | null {
  if (anterior === 0) return null;
  return Math.round(((actual - anterior) / Math.abs(anterior)) * 1000) / 10;
}

const pct = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, minimumFractionDigits: 0 });

/** 12.5 → '12,5 %' (one decimal, Chilean comma). */
export const formatPct = (n: number) => `${pct.format(n)} %`;

export type Direccion = 'sube' | 'baja' | 'igual' | 'sin-base';

export function direccion(actual: number, anterior: number): Direccion {
  if (anterior === 0) return actual === 0 ? 'igual' : 'sin-base';
  if (actual === anterior) return 'igual';
  return actual > anterior ? 'sube' : 'baja';
}

/** 'Subió 12,5 % frente al período anterior.' and its siblings. */
export function fraseVariacion(actual: number, anterior: number): string {
  const v = variacionPct(actual, anterior);
  switch (direccion(actual, anterior)) {
    case 'igual':
      return 'Igual que en el período anterior.';
    case 'sin-base':
      return 'En el período anterior no hubo, así que no hay con qué comparar.';
    case 'sube':
      return `Subió ${formatPct(Math.abs(v ?? 0))} frente al período anterior.`;
    case 'baja':
      return `Bajó ${formatPct(Math.abs(v ?? 0))} frente al período anterior.`;
  }
}
