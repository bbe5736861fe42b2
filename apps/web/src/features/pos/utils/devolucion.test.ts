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
