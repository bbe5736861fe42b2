import { describe, expect, it } from 'vitest';
import {
  creditoDisponible,
  destinoAbono,
  lineaCompra,
  parteFiada,
  resumenCredito,
  superaLimite,
  totalesMovimientos,
} from './clientes-formato';

describe('resumenCredito', () => {
  it('says what is owed and the limit in one line', () => {
    expect(resumenCredito({ saldo: 5000, limite_credito: 20000 })).toBe('Debe $5.000 · Límite $20.000');
    expect(resumenCredito({ saldo: 0, limite_credito: null })).toBe('No debe · Sin límite');
    expect(resumenCredito({ saldo: 12990, limite_credito: 0 })).toBe('Debe $12.990 · Límite $0');
  });
});

describe('creditoDisponible', () => {
  it('is the limit minus the balance, never below zero; no limit is null', () => {
    expect(creditoDisponible({ saldo: 5000, limite_credito: 20000 })).toBe(15000);
    expect(creditoDisponible({ saldo: 25000, limite_credito: 20000 })).toBe(0);
    expect(creditoDisponible({ saldo: 5000, limite_credito: null })).toBeNull();
  });
});

describe('superaLimite', () => {
  it('counts as the server does: saldo + total over the limit, reaching it exactly is allowed', () => {
    expect(superaLimite({ saldo: 15000, limite_credito: 20000 }, 5000)).toBe(false);
    expect(superaLimite({ saldo: 15000, limite_credito: 20000 }, 5001)).toBe(true);
    expect(superaLimite({ saldo: 1_000_000, limite_credito: null }, 999_999)).toBe(false);
  });
});

describe('totalesMovimientos', () => {
  it('adds the charges and the credits of a statement', () => {
    const movimientos = [
      { cargo: 4980, abono: 0 },
      { cargo: 0, abono: 2000 },
      { cargo: 1990, abono: 0 },
      { cargo: 0, abono: 1990 },
    ];
    expect(totalesMovimientos(movimientos)).toEqual({ cargos: 6970, abonos: 3990 });
    expect(totalesMovimientos([])).toEqual({ cargos: 0, abonos: 0 });
  });
});

describe('destinoAbono', () => {
  it('says which shift the cash goes to, or that none is open; other methods never pass through the till', () => {
    expect(destinoAbono('Efectivo', { numero_turno: 3 })).toBe('Hay caja abierta: el efectivo entra al turno N° 3.');
    expect(destinoAbono('Efectivo', null)).toBe('No hay caja abierta: este abono no quedará en ningún turno.');
    expect(destinoAbono('Efectivo', undefined)).toBe('Un abono en efectivo entra al turno de caja abierto, si hay uno.');
    expect(destinoAbono('Transferencia Bancaria', null)).toBe('Solo un abono en efectivo entra a la caja.');
  });
});

describe('a purchase’s items on the statement', () => {
  it('name, quantity (kilos for a product sold by weight) and amount; a split sale says its part on credit', () => {
    const aceite = { nombre_producto: 'Aceite maravilla 1 L', num_unidades: 2, unidad: 'unidad' as const, subtotal: 5000 };
    const queso = { nombre_producto: 'Queso gauda', num_unidades: 350, unidad: 'kg' as const, subtotal: 3497 };
    expect(lineaCompra(aceite)).toBe('2 × Aceite maravilla 1 L · $5.000');
    expect(lineaCompra(queso)).toBe('0,350 kg × Queso gauda · $3.497');
    expect(parteFiada({ cargo: 8497, detalles: [aceite, queso] })).toBeNull();
    expect(parteFiada({ cargo: 3000, detalles: [aceite, queso] })).toBe('Fiado $3.000 de una compra de $8.497');
    expect(parteFiada({ cargo: 0, detalles: [] })).toBeNull();
  });
});
