import { describe, expect, it } from 'vitest';
import { colorCalor, franjaHora, luminancia, nombreDia, textoSobreCalor } from './calendario';

const contraste = (a: number[], b: number[]) => {
  const [x, y] = [luminancia(a), luminancia(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
const rgb = (css: string) => (css.match(/\d+/g) ?? []).map(Number);
const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

describe('calendario', () => {
  it('names the API’s weekday and hour', () => {
    expect(nombreDia(1)).toBe('Lunes');
    expect(nombreDia(7)).toBe('Domingo');
    expect(franjaHora(23)).toBe('23:00 a 00:00');
  });

  it('keeps every heat cell’s number readable (WCAG AA, 4.5:1)', () => {
    for (let i = 0; i <= 100; i++) {
      const t = i / 100;
      expect(contraste(rgb(colorCalor(t)), hex(textoSobreCalor(t)))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
