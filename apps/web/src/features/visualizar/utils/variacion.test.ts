import { describe, expect, it } from 'vitest';
import { fraseVariacion, variacionPct } from './variacion';

describe('variación', () => {
  it('is a percentage with one decimal against the previous figure', () => {
    expect(variacionPct(1637, 1733)).toBe(-5.5);
    expect(variacionPct(150, 100)).toBe(50);
    expect(variacionPct(5, 0)).toBeNull();
  });

  it('says in words how a figure moved', () => {
    expect(fraseVariacion(150, 100)).toBe('Subió 50 % frente al período anterior.');
    expect(fraseVariacion(1637, 1733)).toBe('Bajó 5,5 % frente al período anterior.');
    expect(fraseVariacion(7, 7)).toBe('Igual que en el período anterior.');
    expect(fraseVariacion(7, 0)).toMatch(/no hay con qué comparar/);
  });
});
