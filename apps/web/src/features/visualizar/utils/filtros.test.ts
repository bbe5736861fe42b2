import { describe, expect, it } from 'vitest';
import { errorDeRango, escribirFiltros, leerFiltros, rangoUltimosDias } from './filtros';

const HOY = '2026-11-23';

describe('leerFiltros', () => {
  it('defaults to the last 30 days ending today, with no category or method', () => {
    expect(leerFiltros(new URLSearchParams(), HOY)).toEqual({
      desde: '2026-10-25',
      hasta: HOY,
      categoria: undefined,
      metodo_pago: undefined,
    });
  });

  it('reads a valid range, category and payment method', () => {
    const p = new URLSearchParams('desde=2026-03-01&hasta=2026-03-31&categoria=Panader%C3%ADa&metodo_pago=Efectivo');
    expect(leerFiltros(p, HOY)).toEqual({ desde: '2026-03-01', hasta: '2026-03-31', categoria: 'Panadería', metodo_pago: 'Efectivo' });
  });

  it('drops what is not a valid value instead of sending it to the API', () => {
    const p = new URLSearchParams('desde=2026-02-30&hasta=2026-03-31&categoria=Juguetes&metodo_pago=Bitcoin');
    expect(leerFiltros(p, HOY)).toEqual({ desde: '2026-10-25', hasta: HOY, categoria: undefined, metodo_pago: undefined });
  });

  it('refuses a range that ends before it starts', () => {
    expect(leerFiltros(new URLSearchParams('desde=2026-04-02&hasta=2026-04-01'), HOY).desde).toBe('2026-10-25');
  });
});

describe('escribirFiltros', () => {
  it('writes the filters, removes the empty ones and keeps the page’s own params', () => {
    const p = escribirFiltros(new URLSearchParams('mes=2026-10&categoria=Limpieza'), {
      desde: '2026-10-01',
      hasta: '2026-10-31',
      metodo_pago: 'Transferencia Bancaria',
    });
    expect(p.get('mes')).toBe('2026-10');
    expect(p.get('categoria')).toBeNull();
    expect(p.get('metodo_pago')).toBe('Transferencia Bancaria');
    expect(leerFiltros(p, HOY)).toMatchObject({ desde: '2026-10-01', hasta: '2026-10-31' });
  });
});

describe('rangos', () => {
  it('counts days back from today', () => {
    expect(rangoUltimosDias(HOY, 7)).toEqual({ desde: '2026-11-17', hasta: HOY });
  });

  it('says why a range cannot be asked for', () => {
    expect(errorDeRango('2026-11-01', '2026-11-30')).toBeNull();
    expect(errorDeRango('2026-11-30', '2026-11-01')).toMatch(/posterior/);
    expect(errorDeRango('23-11-2026', '2026-11-30')).toMatch(/dd-mm-aaaa/);
    expect(errorDeRango('2020-01-01', '2026-11-30')).toMatch(/a lo más/);
    expect(errorDeRango('1999-01-01', '1999-01-30')).toBe('Las fechas deben estar entre el año 2000 y el 2100.');
  });
});
