import { describe, expect, it } from 'vitest';
import { formatCantidadBreve, formatPrecio, leerCantidad, leerPesoOCero, resumenCantidades } from './granel';

describe('quantities and prices by way of selling', () => {
  it('shows grams in kilos with a comma and units as whole numbers', () => {
    expect(formatCantidadBreve(350, 'kg')).toBe('0,350 kg');
    expect(formatCantidadBreve(1250000, 'kg')).toBe('1.250,000 kg');
    expect(formatCantidadBreve(1234, 'unidad')).toBe('1.234');
    // An old record without a unit is a unit one.
    expect(formatCantidadBreve(3, undefined)).toBe('3');
  });

  it('says a kg price is per kilo', () => {
    expect(formatPrecio(8990, 'kg')).toBe('$8.990/kg');
    expect(formatPrecio(1990, 'unidad')).toBe('$1.990');
  });

  it('reads a quantity in the product unit, with the contracts messages', () => {
    expect(leerCantidad('0,350', 'kg')).toEqual({ ok: true, valor: 350 });
    expect(leerCantidad('1.250 g', 'kg')).toEqual({ ok: true, valor: 1250 });
    expect(leerCantidad('2', 'unidad')).toEqual({ ok: true, valor: 2 });
    const r = leerCantidad('1,5', 'unidad');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.mensaje).toMatch(/^Este producto se vende por unidad/);
  });

  it('takes an explicit zero for a count or a stock, never a blank', () => {
    for (const cero of ['0', '0,000', '0 g', '0 kg', ',0']) expect(leerPesoOCero(cero)).toEqual({ ok: true, valor: 0 });
    expect(leerPesoOCero('').ok).toBe(false);
    expect(leerPesoOCero('12,5')).toEqual({ ok: true, valor: 12500 });
    expect(leerPesoOCero('-1').ok).toBe(false);
    // A shelf may hold more than one line (99,999 kg), up to the products' limit of 1.000 kg.
    expect(leerPesoOCero('150')).toEqual({ ok: true, valor: 150000 });
    expect(leerPesoOCero('1.000,001')).toEqual({ ok: false, mensaje: 'El peso es demasiado alto (máximo 1.000,000 kg).' });
  });

  it('never adds grams to units', () => {
    expect(resumenCantidades(3, 0)).toBe('3 unidades');
    expect(resumenCantidades(1, 0)).toBe('1 unidad');
    expect(resumenCantidades(0, 350)).toBe('0,350 kg');
    expect(resumenCantidades(2, 1250)).toBe('2 unidades y 1,250 kg');
    expect(resumenCantidades(0, 0)).toBe('0 unidades');
  });
});
