import { describe, expect, it } from 'vitest';
import { leerDevolucion, lineasDevolucion, MENSAJE_CANTIDAD_ENTERA, MENSAJE_SIN_UNIDADES, quedaPorDevolver } from './devolucion';

const detalle = (id_producto: number, nombre_producto: string, num_unidades: number, precio_unitario: number) => ({
  id_detalle_venta: id_producto * 10 + num_unidades,
  id_producto,
  nombre_producto,
  num_unidades,
  precio_unitario,
  subtotal: num_unidades * precio_unitario,
  unidad: 'unidad' as const,
});
const devolucion = (detalles: Array<{ id_producto: number; num_unidades: number }>) => ({
  id_devolucion: 1,
  id_venta: 1,
  fecha: '2026-11-23T12:00:00.000Z',
  motivo: 'Vencido',
  total: 0,
  pagos: [],
  detalles: detalles.map((d) => ({ ...d, nombre_producto: '', precio_unitario: 0, subtotal: 0, unidad: 'unidad' as const })),
});

const venta = {
  detalles: [detalle(1, 'Arroz', 3, 1290), detalle(2, 'Leche', 2, 990), detalle(1, 'Arroz', 1, 1290)],
  devoluciones: [
    devolucion([{ id_producto: 1, num_unidades: 1 }]),
    devolucion([
      { id_producto: 1, num_unidades: 2 },
      { id_producto: 2, num_unidades: 2 },
    ]),
  ],
};

describe('lineasDevolucion', () => {
  it('adds up a product sold in two lines and subtracts every earlier return', () => {
    expect(lineasDevolucion(venta).map((l) => [l.nombre_producto, l.vendidas, l.devueltas, l.porDevolver])).toEqual([
      ['Arroz', 4, 3, 1],
      ['Leche', 2, 2, 0],
    ]);
    expect(quedaPorDevolver(venta)).toBe(true);
    expect(quedaPorDevolver({ ...venta, devoluciones: [...venta.devoluciones, devolucion([{ id_producto: 1, num_unidades: 1 }])] })).toBe(
      false,
    );
  });

  it('a sale without returns has everything left', () => {
    expect(lineasDevolucion({ detalles: venta.detalles }).map((l) => l.porDevolver)).toEqual([4, 2]);
  });
});

describe('leerDevolucion', () => {
  const lineas = lineasDevolucion({ detalles: venta.detalles });

  it('reads the units to return and the refund at the price paid; blank and zero lines are left out', () => {
    expect(leerDevolucion(lineas, { 1: '2', 2: '' })).toEqual({
      ok: true,
      detalles: [{ id_producto: 1, num_unidades: 2 }],
      unidades: 2,
      gramos: 0,
      total: 2580,
    });
    expect(leerDevolucion(lineas, { 1: '0', 2: '1' })).toMatchObject({ ok: true, detalles: [{ id_producto: 2, num_unidades: 1 }] });
  });

  it('refuses more than what is left, with the same words as the server', () => {
    expect(leerDevolucion(lineas, { 2: '3' })).toEqual({ ok: false, errores: { 2: 'De "Leche" quedan 2 unidades por devolver.' } });
    const una = lineasDevolucion(venta);
    expect(leerDevolucion(una, { 1: '2' })).toEqual({ ok: false, errores: { 1: 'De "Arroz" queda 1 unidad por devolver.' } });
  });

  it('refuses decimals and text, and an empty return', () => {
    expect(leerDevolucion(lineas, { 1: '1,5' })).toEqual({ ok: false, errores: { 1: MENSAJE_CANTIDAD_ENTERA } });
    expect(leerDevolucion(lineas, { 1: 'dos' })).toEqual({ ok: false, errores: { 1: MENSAJE_CANTIDAD_ENTERA } });
    expect(leerDevolucion(lineas, {})).toEqual({ ok: false, errores: {}, mensaje: MENSAJE_SIN_UNIDADES });
  });
});

describe('returns of a kg line (grams, typed as a weight)', () => {
  // 0,350 kg of jamón at $8.990/kg: $3.147 (3.146,5 rounded half up).
  const jamon = {
    id_detalle_venta: 70,
    id_producto: 7,
    nombre_producto: 'Jamón',
    num_unidades: 350,
    precio_unitario: 8990,
    subtotal: 3147,
    unidad: 'kg' as const,
  };
  const dev = (gramos: number, subtotal: number) => ({
    id_devolucion: 2,
    id_venta: 1,
    fecha: '2026-11-23T12:00:00.000Z',
    motivo: 'Sobró',
    total: subtotal,
    pagos: [{ metodo_pago: 'Efectivo' as const, monto: subtotal }],
    detalles: [{ id_producto: 7, nombre_producto: 'Jamón', num_unidades: gramos, precio_unitario: 8990, subtotal, unidad: 'kg' as const }],
  });

  it('reads kilos with a comma or grams and refunds montoPorPeso of them', () => {
    const lineas = lineasDevolucion({ detalles: [jamon], devoluciones: [] });
    expect(lineas[0]).toMatchObject({ unidad: 'kg', vendidas: 350, porDevolver: 350 });
    const r = leerDevolucion(lineas, { 7: '0,100' });
    expect(r).toEqual({ ok: true, detalles: [{ id_producto: 7, num_unidades: 100 }], unidades: 0, gramos: 100, total: 899 });
    expect(leerDevolucion(lineas, { 7: '100 g' }).ok && leerDevolucion(lineas, { 7: '100 g' })).toMatchObject({ gramos: 100 });
  });

  it('shows leerPeso message as it is and never more than what is left, in kilos', () => {
    const lineas = lineasDevolucion({ detalles: [jamon], devoluciones: [dev(100, 899)] });
    const punto = leerDevolucion(lineas, { 7: '0.1' });
    expect(!punto.ok && punto.errores[7]).toMatch(/^Escribe los decimales del peso con coma/);
    const mucho = leerDevolucion(lineas, { 7: '0,300' });
    expect(!mucho.ok && mucho.errores[7]).toBe('De "Jamón" quedan 0,250 kg por devolver.');
    expect(leerDevolucion(lineas, { 7: '0,000' })).toEqual({ ok: false, errores: {}, mensaje: MENSAJE_SIN_UNIDADES });
  });

  it('refunds exactly what is left of the subtotal when the rest comes back', () => {
    // 175 g came back first: 8.990 × 0,175 = 1.573,25 → $1.573. The other 175 g alone would also
    // be $1.573, but the line charged $3.147: the last return refunds what is left, $1.574.
    const lineas = lineasDevolucion({ detalles: [jamon], devoluciones: [dev(175, 1573)] });
    expect(leerDevolucion(lineas, { 7: '175 g' })).toMatchObject({ ok: true, total: 1574 });
    // Part of what is left is montoPorPeso of its grams: 100 g → $899.
    expect(leerDevolucion(lineas, { 7: '0,1' })).toMatchObject({ ok: true, total: 899 });
  });
});
