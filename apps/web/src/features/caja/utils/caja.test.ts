import { describe, expect, it } from 'vitest';
import { esConteoCiego, filasEfectivo, tipoDiferencia } from './caja';

describe('tipoDiferencia', () => {
  it('names a count over, short or exact', () => {
    expect(tipoDiferencia(500)).toBe('sobrante');
    expect(tipoDiferencia(-1)).toBe('faltante');
    expect(tipoDiferencia(0)).toBe('cuadra');
  });
});

describe('filasEfectivo', () => {
  it('lists the cash lines with refunds and withdrawals as negatives, adding up to the expected cash', () => {
    const turno = {
      monto_inicial: 20000,
      // What the cash sales charged (a card sale of 3.000 is not cash).
      ventas_efectivo: 4190,
      // A customer's cash abono is cash in the till (a fiado sale is not).
      abonos_efectivo: 3000,
      devoluciones_efectivo: 1000,
      ingresos: 5000,
      retiros: 2000,
      esperado_efectivo: 29190,
    };
    const filas = filasEfectivo(turno);
    expect(filas.map((f) => [f.etiqueta, f.monto])).toEqual([
      ['Efectivo inicial', 20000],
      ['Ventas en efectivo', 4190],
      ['Abonos de clientes en efectivo', 3000],
      ['Devoluciones en efectivo', -1000],
      ['Ingresos de efectivo', 5000],
      ['Retiros de efectivo', -2000],
      ['Efectivo esperado', 29190],
    ]);
    // The card sale is not cash: the lines before the total add up to it.
    expect(filas.slice(0, -1).reduce((s, f) => s + f.monto, 0)).toBe(turno.esperado_efectivo);
  });

  it('a shift without cash sales shows them as zero', () => {
    const filas = filasEfectivo({
      monto_inicial: 0,
      ventas_efectivo: 0,
      abonos_efectivo: 0,
      devoluciones_efectivo: 0,
      ingresos: 0,
      retiros: 0,
      esperado_efectivo: 0,
    });
    expect(filas[1]).toEqual({ etiqueta: 'Ventas en efectivo', monto: 0 });
  });
});

describe("a cashier's blind count", () => {
  it('leaves out every figure the server kept back: no expected cash, nothing shown as $0', () => {
    const turno = {
      monto_inicial: 20000,
      ventas_efectivo: null,
      abonos_efectivo: null,
      devoluciones_efectivo: null,
      ingresos: 0,
      retiros: 5000,
      esperado_efectivo: null,
    };
    expect(filasEfectivo(turno).map((f) => [f.etiqueta, f.monto])).toEqual([
      ['Efectivo inicial', 20000],
      ['Ingresos de efectivo', 0],
      ['Retiros de efectivo', -5000],
    ]);
    expect(esConteoCiego(turno)).toBe(true);
    expect(esConteoCiego({ esperado_efectivo: 0 })).toBe(false);
  });
});

describe('the cash rounding in the count (Ley 20.956)', () => {
  it('is a line of its own before the expected cash, with its sign, for whoever may see it', () => {
    const turno = {
      monto_inicial: 20000,
      ventas_efectivo: 3147,
      abonos_efectivo: 0,
      devoluciones_efectivo: 0,
      ingresos: 0,
      retiros: 0,
      redondeo: 3,
      esperado_efectivo: 23150,
    };
    expect(filasEfectivo(turno).map((f) => [f.etiqueta, f.monto])).toEqual([
      ['Efectivo inicial', 20000],
      ['Ventas en efectivo', 3147],
      ['Abonos de clientes en efectivo', 0],
      ['Devoluciones en efectivo', -0],
      ['Ingresos de efectivo', 0],
      ['Retiros de efectivo', -0],
      ['Redondeo (Ley 20.956)', 3],
      ['Efectivo esperado', 23150],
    ]);
    // A cashier's blind count: null, left out.
    expect(filasEfectivo({ ...turno, redondeo: null }).some((f) => f.etiqueta === 'Redondeo (Ley 20.956)')).toBe(false);
  });
});
