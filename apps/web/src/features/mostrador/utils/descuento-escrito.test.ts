import { describe, expect, it } from 'vitest';
import { leerDescuento, MENSAJE_DESCUENTO_CERO, MENSAJE_PORCENTAJE_DESCUENTO } from './descuento-escrito';

describe('a discount as typed', () => {
  it('reads pesos as a Chilean writes them, and a whole percentage turned into pesos, half a peso up', () => {
    expect(leerDescuento('pesos', '$1.000', 7117)).toEqual({ ok: true, descuento: { tipo: 'pesos', valor: 1000 }, pesos: 1000 });
    // 10 % of $7.117 = $711,7 → $712.
    expect(leerDescuento('porcentaje', '10', 7117)).toEqual({ ok: true, descuento: { tipo: 'porcentaje', valor: 10 }, pesos: 712 });
  });

  it('refuses $0, a percentage out of 1–100, and a discount that leaves nothing to pay', () => {
    expect(leerDescuento('pesos', '0', 1000)).toEqual({ ok: false, mensaje: MENSAJE_DESCUENTO_CERO });
    expect(leerDescuento('porcentaje', '101', 1000)).toEqual({ ok: false, mensaje: MENSAJE_PORCENTAJE_DESCUENTO });
    expect(leerDescuento('porcentaje', '100', 1000)).toEqual({ ok: false, mensaje: 'El descuento debe ser menor que $1.000.' });
    expect(leerDescuento('pesos', '$1.000', 1000)).toEqual({ ok: false, mensaje: 'El descuento debe ser menor que $1.000.' });
    expect(leerDescuento('pesos', '1,5', 1000).ok).toBe(false);
  });
});
