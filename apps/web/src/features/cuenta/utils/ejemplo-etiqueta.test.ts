import { describe, expect, it } from 'vitest';
import { ejemploEtiqueta } from './ejemplo-etiqueta';

describe('the example label of a layout', () => {
  it('is the docs example for prefix 20, a 5-digit PLU and the weight (check digit by hand)', () => {
    // 2 0 0 0 0 4 2 0 0 3 5 0: odd places 2+0+0+2+0+5 = 9, even 0+0+4+0+3+0 = 7 × 3 = 21; 30 → 0.
    expect(ejemploEtiqueta({ prefijo: '20', digitos_plu: 5, contenido: 'peso' })).toEqual({
      codigo: '2000042003500',
      partes: ['20', '00042', '00350', '0'],
      dice: 'PLU 00042, 0,350 kg',
    });
  });

  it('carries the price to pay in the digits left by a 4-digit PLU', () => {
    // 2 3 0 0 4 2 0 0 3 1 4 7: odd 2+0+4+0+3+4 = 13, even 3+0+2+0+1+7 = 13 × 3 = 39; 52 → 8.
    expect(ejemploEtiqueta({ prefijo: '23', digitos_plu: 4, contenido: 'precio' })).toEqual({
      codigo: '2300420031478',
      partes: ['23', '0042', '003147', '8'],
      dice: 'PLU 0042, $3.147 a pagar',
    });
  });
});
