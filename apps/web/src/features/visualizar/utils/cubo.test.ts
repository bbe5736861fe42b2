import type { Cubo } from '@minimarket/contracts/analitica';
import { describe, expect, it } from 'vitest';
import { CARAS, caraAlFrente, cortar } from './cubo';

const cubo: Cubo = {
  desde: '2026-11-01',
  hasta: '2026-11-30',
  categorias: ['Panadería', 'Lácteos y Quesos'],
  celdas: [
    { categoria: 'Panadería', dia_semana: 1, hora: 8, ingresos: 1000, unidades: 2, gramos: 0, margen: 300 },
    { categoria: 'Panadería', dia_semana: 1, hora: 19, ingresos: 500, unidades: 1, gramos: 0, margen: 100 },
    { categoria: 'Panadería', dia_semana: 7, hora: 8, ingresos: 2000, unidades: 4, gramos: 0, margen: -50 },
    { categoria: 'Lácteos y Quesos', dia_semana: 1, hora: 8, ingresos: 700, unidades: 1, gramos: 0, margen: 70 },
  ],
};

describe('cortar', () => {
  it('sums the hours away on the categoría × día face', () => {
    const t = cortar(cubo, 'categoria-dia', 'ingresos');
    expect(t.filas).toEqual(['Panadería', 'Lácteos y Quesos']);
    expect(t.columnas).toHaveLength(7);
    expect(t.columnas[0]).toBe('Lunes');
    expect(t.valores[0][0]).toBe(1500);
    expect(t.valores[0][6]).toBe(2000);
    expect(t.valores[1][0]).toBe(700);
    expect(t.totalFila).toEqual([3500, 700]);
    expect(t.totalColumna[0]).toBe(2200);
    expect(t.total).toBe(4200);
  });

  it('sums the days away on the categoría × hora face, with the chosen measure', () => {
    const t = cortar(cubo, 'categoria-hora', 'unidades');
    expect(t.columnas).toHaveLength(24);
    expect(t.columnas[8]).toBe('08:00');
    expect(t.valores[0][8]).toBe(6);
    expect(t.valores[0][19]).toBe(1);
    expect(t.total).toBe(8);
  });

  it('sums the categories away on the día × hora face, negative margins included', () => {
    const t = cortar(cubo, 'dia-hora', 'margen');
    expect(t.filas).toHaveLength(7);
    expect(t.valores[0][8]).toBe(370);
    expect(t.valores[6][8]).toBe(-50);
    expect(t.total).toBe(420);
  });

  it('gives a face of zeros for an empty cube', () => {
    const t = cortar({ ...cubo, categorias: [], celdas: [] }, 'dia-hora', 'ingresos');
    expect(t.total).toBe(0);
    expect(t.valores.flat().every((v) => v === 0)).toBe(true);
  });
});

describe('caraAlFrente', () => {
  it('is the face each face button turns the cube to', () => {
    for (const c of CARAS) expect(caraAlFrente(c.giro).cara).toBe(c.cara);
  });

  it('follows a drag past the halfway point', () => {
    expect(caraAlFrente({ x: 0, y: -50 }).cara).toBe('derecha');
    expect(caraAlFrente({ x: -20, y: 30 }).cara).toBe('frente');
    expect(caraAlFrente({ x: 0, y: 400 }).cara).toBe('frente');
  });
});
