// The money parser's table: the web's inputs, the API's schemas and the import all read
// amounts with this one function, so this is the one place the accepted forms are pinned.
import { describe, expect, it } from 'vitest';
import { leerEntero, leerEnteroEntre } from './numeros.js';
import { ingresoStockSchema, precioVentaSchema } from './productos.js';

const precio = (t: string) => leerEntero(t, { campo: 'El precio', pesos: true });

describe('pesos as a Chilean types them', () => {
  it.each([
    ['1990', 1990],
    ['1.990', 1990],
    ['$1.990', 1990],
    ['$ 1.990', 1990],
    ['$1990', 1990],
    [' 12.345.678 ', 12_345_678],
    ['13.000', 13_000],
    ['990', 990],
    ['0', 0],
  ])('"%s" → %i', (texto, valor) => {
    expect(precio(texto)).toEqual({ ok: true, valor });
  });

  it.each(['1.990,50', '1990,5', '1990.5', '1,99', '1.99', '1.9900', '19.90', '1,990'])(
    '"%s" is refused (pesos have no decimals), never rounded',
    (texto) => {
      expect(precio(texto)).toEqual({
        ok: false,
        mensaje: `El precio debe ser un número entero de pesos, sin decimales (ej: 1990 o $1.990); se encontró "${texto}".`,
      });
    },
  );

  it.each(['abc', '$', '', '12a', '1e3', '$$1', 'US$5'])('"%s" is not an amount', (texto) => {
    expect(precio(texto)).toEqual({
      ok: false,
      mensaje: `El precio debe ser un monto en pesos (ej: 1990 o $1.990); se encontró "${texto}".`,
    });
  });

  it('reads a minus sign before or after the $ (the range is the caller’s)', () => {
    expect(precio('-1.990')).toEqual({ ok: true, valor: -1990 });
    expect(precio('$-5')).toEqual({ ok: true, valor: -5 });
  });

  it('units: thousands dots yes, "$" and decimals no', () => {
    const unidades = (t: string) => leerEntero(t, { campo: 'La cantidad' });
    expect(unidades('1.000')).toEqual({ ok: true, valor: 1000 });
    expect(unidades('2,5')).toEqual({ ok: false, mensaje: 'La cantidad debe ser un número entero, sin decimales; se encontró "2,5".' });
    expect(unidades('$5')).toEqual({ ok: false, mensaje: 'La cantidad debe ser un número entero; se encontró "$5".' });
  });
});

describe('with a range (the import’s cells)', () => {
  const entre = (t: string) =>
    leerEnteroEntre(t, { campo: 'El precio', pesos: true, minimo: 1, maximo: 100_000_000, mensajeMinimo: 'mínimo' });

  it('below, above and inside', () => {
    expect(entre('-1.990')).toEqual({ ok: false, mensaje: 'mínimo' });
    expect(entre('0')).toEqual({ ok: false, mensaje: 'mínimo' });
    expect(entre('100.000.001')).toEqual({ ok: false, mensaje: 'El precio es demasiado alto (máximo 100.000.000).' });
    expect(entre('$100.000.000')).toEqual({ ok: true, valor: 100_000_000 });
  });
});

describe('the API schemas read text with the same parser', () => {
  it.each([
    ['1.990', 1990],
    ['$ 1.990', 1990],
    [1990, 1990],
  ])('precio_venta %j → %i', (entrada, valor) => {
    expect(precioVentaSchema.parse(entrada)).toBe(valor);
  });

  it('refuses a decimal in text or in a number, and zero, in the contract’s words', () => {
    expect(precioVentaSchema.safeParse('1.990,50').error?.issues[0]?.message).toBe(
      'El precio debe ser un número entero de pesos, sin decimales (ej: 1990 o $1.990); se encontró "1.990,50".',
    );
    expect(precioVentaSchema.safeParse(1990.5).error?.issues[0]?.message).toBe(
      'El precio debe ser un número entero de pesos, sin decimales.',
    );
    expect(precioVentaSchema.safeParse('0').error?.issues[0]?.message).toBe('El precio debe ser un número mayor a 0');
    expect(precioVentaSchema.safeParse(undefined).error?.issues[0]?.message).toBe('El precio debe ser un número mayor a 0');
  });

  it('a delivery of 12 units costing "13.000" is 13000 pesos, not 13', () => {
    expect(ingresoStockSchema.parse({ cantidad: '12', costo_total: '13.000' })).toEqual({ cantidad: 12, costo_total: 13_000 });
    expect(ingresoStockSchema.parse({ cantidad: '1.000', costo_total: '$ 250.000' })).toEqual({ cantidad: 1000, costo_total: 250_000 });
  });
});
