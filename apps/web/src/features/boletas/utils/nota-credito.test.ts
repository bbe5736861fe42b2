import { describe, expect, it } from 'vitest';
import { formatClp } from '../../../utils/format';
import { avisoNotaAnulacion, avisoNotaDevolucion, referenciaNota, tituloNota } from './nota-credito';

const devolucion = (subtotales: number[]) => ({
  id_devolucion: 1,
  id_venta: 1,
  fecha: '2026-11-24T18:00:00Z',
  motivo: 'x',
  total: subtotales.reduce((s, x) => s + x, 0),
  pagos: [],
  redondeo: 0,
  detalles: subtotales.map((subtotal, i) => ({
    id_producto: i + 1,
    nombre_producto: 'P',
    num_unidades: 1,
    precio_unitario: subtotal,
    subtotal,
    unidad: 'unidad' as const,
  })),
});

describe('a nota de crédito’s words', () => {
  it('its title and the boleta it references', () => {
    expect(tituloNota({ folio: 88 })).toBe('Nota de crédito N° 88');
    expect(tituloNota({ folio: null })).toBe('Nota de crédito (en proceso)');
    expect(referenciaNota({ referencia: { tipo: 39, folio: 456, fecha: '2026-11-24T18:00:00Z' } })).toBe(
      'Referencia: Boleta electrónica N° 456 del 24-11-2026',
    );
    expect(referenciaNota({ referencia: { tipo: 41, folio: null, fecha: '2026-11-24T18:00:00Z' } })).toBe(
      'Referencia: Boleta exenta electrónica de esta venta (aún sin folio)',
    );
  });

  it('a void annuls the boleta when nothing came back before; after returns it corrects it with what was left', () => {
    const boleta = { tipo: 39, folio: 456, total: 5570 };
    expect(avisoNotaAnulacion({ devoluciones: [] }, boleta)).toBe(
      `Se emitirá una nota de crédito por ${formatClp(5570)} que anula la boleta electrónica N° 456.`,
    );
    expect(avisoNotaAnulacion({ devoluciones: [devolucion([1190])] }, boleta)).toBe(
      `Se emitirá una nota de crédito por ${formatClp(5570 - 1190)} que corrige la boleta electrónica N° 456.`,
    );
    // Everything came back already: nothing left to credit, no nota.
    expect(avisoNotaAnulacion({ devoluciones: [devolucion([5570])] }, boleta)).toBeNull();
    // No electronic boleta: nothing said.
    expect(avisoNotaAnulacion({ devoluciones: [] }, null)).toBeNull();
  });

  it('a return corrects the boleta by what comes back', () => {
    expect(avisoNotaDevolucion(1190, { tipo: 39, folio: null })).toBe(
      `Se emitirá una nota de crédito por ${formatClp(1190)} que corrige la boleta electrónica de esta venta (aún sin folio).`,
    );
    expect(avisoNotaDevolucion(0, { tipo: 39, folio: 1 })).toBeNull();
    expect(avisoNotaDevolucion(1190, null)).toBeNull();
  });
});
