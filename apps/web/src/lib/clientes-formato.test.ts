import { describe, expect, it } from 'vitest';
import { creditoDisponible, resumenCredito, superaLimite, totalesMovimientos } from './clientes-formato';

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
