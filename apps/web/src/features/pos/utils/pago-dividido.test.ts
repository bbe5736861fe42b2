import { describe, expect, it } from 'vitest';
import { leerPartes, metodoLibre, montosPartes } from './pago-dividido';

describe('the split payment as typed', () => {
  it('an empty last row is what is left', () => {
    const partes = [
      { metodo: 'Efectivo' as const, monto: '3.000' },
      { metodo: 'Fiado' as const, monto: '' },
    ];
    expect(montosPartes(partes, 10_000)).toEqual([3000, 7000]);
    expect(leerPartes(partes, 10_000)).toEqual({
      ok: true,
      pagos: [
        { metodo_pago: 'Efectivo', monto: 3000 },
        { metodo_pago: 'Fiado', monto: 7000 },
      ],
    });
  });

  it('says why, in the server words, when the parts do not add up or one is $0', () => {
    expect(
      leerPartes(
        [
          { metodo: 'Efectivo', monto: '$3.000' },
          { metodo: 'Tarjeta de Débito', monto: '2000' },
        ],
        10_000,
      ),
    ).toEqual({ ok: false, mensaje: 'Las partes del pago suman $5.000 y el total de la venta es $10.000.' });
    expect(
      leerPartes(
        [
          { metodo: 'Efectivo', monto: '10.000' },
          { metodo: 'Tarjeta de Débito', monto: '' },
        ],
        10_000,
      ),
    ).toEqual({ ok: false, mensaje: 'Cada parte del pago debe ser mayor a $0.' });
    expect(
      leerPartes(
        [
          { metodo: 'Efectivo', monto: 'tres mil' },
          { metodo: 'Fiado', monto: '' },
        ],
        10_000,
      ).ok,
    ).toBe(false);
  });

  it('a new row takes a method no row uses', () => {
    expect(metodoLibre([{ metodo: 'Efectivo', monto: '' }])).toBe('Tarjeta de Débito');
  });
});
