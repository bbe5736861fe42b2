import { describe, expect, it } from 'vitest';
import { pedidoAjuste, pesosConSigno, stockTrasAjuste, unidadesConSigno } from './ajustes';

describe('signed figures', () => {
  it.each([
    [3, '+3'],
    [-1200, '-1.200'],
    [0, '0'],
  ])('units %i → %s', (n, texto) => expect(unidadesConSigno(n)).toBe(texto));

  it.each([
    [-3500, '-$3.500'],
    [1000, '+$1.000'],
    [0, '$0'],
  ])('pesos %i → %s', (n, texto) => expect(pesosConSigno(n)).toBe(texto));
});

describe('what an adjustment leaves and sends', () => {
  it('a count leaves what was counted; a merma takes the units out', () => {
    expect(stockTrasAjuste('conteo', 12, 10)).toBe(10);
    expect(stockTrasAjuste('merma', 12, 3)).toBe(9);
    expect(stockTrasAjuste('merma', 12, null)).toBeNull();
  });

  it('a count sends the counted quantity with the stock the screen showed; a merma, a negative difference', () => {
    expect(pedidoAjuste({ idMinimarket: 1, tipo: 'conteo', cantidad: 10, stockSistema: 12, nota: ' ' })).toEqual({
      id_minimarket: 1,
      tipo: 'conteo',
      cantidad_contada: 10,
      stock_sistema: 12,
      nota: undefined,
    });
    expect(pedidoAjuste({ idMinimarket: 1, tipo: 'vencido', cantidad: 2, stockSistema: 12, nota: 'Leche cortada' })).toEqual({
      id_minimarket: 1,
      tipo: 'vencido',
      diferencia: -2,
      nota: 'Leche cortada',
    });
  });
});
