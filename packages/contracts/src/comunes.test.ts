import { describe, expect, it } from 'vitest';
import { id64Schema, idSchema, passwordSchema } from './comunes.js';
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

describe('ids', () => {
  it('a 32-bit id stops at 2,147,483,647; a 64-bit one goes to 2^53 − 1, the last a JSON number carries exactly', () => {
    expect(idSchema.safeParse('2147483648').error?.issues[0]?.message).toBe('El número es demasiado grande.');
    expect(id64Schema.parse('5000000001')).toBe(5_000_000_001);
    expect(id64Schema.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(id64Schema.safeParse('9007199254740993').error?.issues[0]?.message).toBe('El número es demasiado grande.');
    expect(id64Schema.safeParse('0').error?.issues[0]?.message).toBe('Debe ser un número mayor a 0.');
    expect(id64Schema.safeParse('1.5').error?.issues[0]?.message).toBe('Debe ser un número entero.');
  });
});
