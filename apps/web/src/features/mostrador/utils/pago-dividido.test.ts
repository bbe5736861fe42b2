import { describe, expect, it } from 'vitest';
import { leerPartes, metodoLibre, montosPartes, cobroEfectivo } from './pago-dividido';

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

describe('the cash part as it is paid (Ley 20.956)', () => {
  it('a cash sale of $3.147 by weight paid with $5.000: $3.150 to pay, +$3, change $1.850', () => {
    expect(cobroEfectivo(3147, 5000)).toEqual({ aPagar: 3150, redondeo: 3, alcanza: true, vuelto: 1850 });
  });

  it('$3.145 goes down: it is paid with $3.140, and $3.140 covers it', () => {
    expect(cobroEfectivo(3145, 3140)).toEqual({ aPagar: 3140, redondeo: -5, alcanza: true, vuelto: 0 });
    expect(cobroEfectivo(3145, 3130).alcanza).toBe(false);
  });

  it('only the cash part of a split is rounded: $2.005 in cash is paid with $2.000', () => {
    expect(cobroEfectivo(2005, null)).toEqual({ aPagar: 2000, redondeo: -5, alcanza: false, vuelto: 0 });
    expect(cobroEfectivo(2000, 2000)).toEqual({ aPagar: 2000, redondeo: 0, alcanza: true, vuelto: 0 });
  });
});
