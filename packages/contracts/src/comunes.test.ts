import { describe, expect, it } from 'vitest';
import { passwordSchema } from './comunes.js';
import { formatClp } from './formato.js';
import { costoUnitarioCompra } from './costo-promedio.js';

describe('one password rule everywhere', () => {
  it('wants 8 characters, a capital letter and a digit', () => {
    expect(passwordSchema.safeParse('Pyme1234').success).toBe(true);
    const corta = passwordSchema.safeParse('Ab1');
    expect(corta.error?.issues[0]?.message).toBe('La contraseña debe tener al menos 8 caracteres');
    const sinMayuscula = passwordSchema.safeParse('pyme12345');
    expect(sinMayuscula.error?.issues[0]?.message).toBe('La contraseña debe incluir una letra mayúscula y un número');
    expect(passwordSchema.safeParse('PymeSinNumero').success).toBe(false);
  });
});

describe('money', () => {
  it('formats whole pesos the Chilean way', () => {
    expect(formatClp(1990)).toBe('$1.990');
    expect(formatClp(1234567)).toBe('$1.234.567');
  });

  it("rounds a delivery's unit cost to the nearest peso (costo-promedio.test.ts has the whole rule)", () => {
    expect(costoUnitarioCompra(1000, 3)).toBe(333);
    expect(costoUnitarioCompra(900, 3)).toBe(300);
  });
});
