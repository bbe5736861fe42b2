import { describe, expect, it } from 'vitest';
import { colorCalor, franjaHora, HORA_APERTURA, horaInicioVista, luminancia, nombreDia, textoSobreCalor } from './calendario';

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

  it('opens a heat map at the shop’s morning, not at midnight', () => {
    const celda = (hora: number, ventas = 3) => ({ hora, ventas });
    expect(horaInicioVista([])).toBe(HORA_APERTURA);
    expect(horaInicioVista([celda(10), celda(14)])).toBe(HORA_APERTURA);
    // A bakery that sells from 6 opens there; a sale at 1 a.m. or a date-only import at 00:00 does not pull it to the night.
    expect(horaInicioVista([celda(6), celda(9)])).toBe(6);
    expect(horaInicioVista([celda(0), celda(1), celda(9)])).toBe(HORA_APERTURA);
    expect(horaInicioVista([celda(6, 0), celda(9)])).toBe(HORA_APERTURA);
  });
});
