import { describe, expect, it } from 'vitest';
import { montoADevolver } from '@minimarket/contracts/granel';
import {
  efectivoDevolucion,
  leerDevolucion,
  lineasDevolucion,
  MENSAJE_CANTIDAD_ENTERA,
  MENSAJE_SIN_UNIDADES,
  quedaPorDevolver,
} from './devolucion';

const detalle = (id_producto: number, nombre_producto: string, num_unidades: number, precio_unitario: number) => ({
  id_detalle_venta: id_producto * 10 + num_unidades,
  id_producto,
  nombre_producto,
  num_unidades,
  precio_unitario,
  subtotal: num_unidades * precio_unitario,
  unidad: 'unidad' as const,
  descuento: 0,
  codigo_etiqueta: null,
});
const devolucion = (detalles: Array<{ id_producto: number; num_unidades: number }>) => ({
  id_devolucion: 1,
  id_venta: 1,
  fecha: '2026-11-23T12:00:00.000Z',
  motivo: 'Vencido',
  total: 0,
  pagos: [],
  redondeo: 0,
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
    descuento: 0,
    codigo_etiqueta: null,
  };
  const dev = (gramos: number, subtotal: number) => ({
    id_devolucion: 2,
    id_venta: 1,
    fecha: '2026-11-23T12:00:00.000Z',
    motivo: 'Sobró',
    total: subtotal,
    pagos: [{ metodo_pago: 'Efectivo' as const, monto: subtotal }],
    redondeo: 0,
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

describe('returns of a line with a discount or from a label (issue 32): in proportion, as the server refunds', () => {
  // 3 units at $1.990 with $597 off: the line charged $5.373.
  const conDescuento = { ...detalle(3, 'Aceite', 3, 1990), subtotal: 5373, descuento: 597 };
  // A price label: 334 g of jamón charged its printed $3.000.
  const etiqueta = {
    id_detalle_venta: 80,
    id_producto: 8,
    nombre_producto: 'Jamón',
    num_unidades: 334,
    precio_unitario: 8990,
    subtotal: 3000,
    unidad: 'kg' as const,
    descuento: 0,
    codigo_etiqueta: '2000008030003',
  };

  it('refunds a unit at what was paid for it, never the catalogue price, and the last return settles the line', () => {
    const lineas = lineasDevolucion({ detalles: [conDescuento] });
    expect(lineas[0]!.proporcional).toBe(true);
    // 5.373 × 1 / 3 = 1.791: not the $1.990 of the price.
    expect(leerDevolucion(lineas, { 3: '1' })).toMatchObject({ ok: true, total: 1791 });
    // The same figure as the server's rule (contracts' montoADevolver with proporcional).
    expect(montoADevolver({ unidad: 'unidad', precio: 1990, cantidad: 1, quedan: 3, porReembolsar: 5373, proporcional: true })).toBe(1791);
    const despues = lineasDevolucion({
      detalles: [conDescuento],
      devoluciones: [
        {
          ...devolucion([{ id_producto: 3, num_unidades: 1 }]),
          detalles: [
            {
              ...devolucion([]).detalles[0]!,
              id_producto: 3,
              num_unidades: 1,
              nombre_producto: 'Aceite',
              precio_unitario: 1990,
              subtotal: 1791,
              unidad: 'unidad' as const,
            },
          ],
        },
      ],
    });
    expect(leerDevolucion(despues, { 3: '2' })).toMatchObject({ ok: true, total: 5373 - 1791 });
  });

  it('refunds part of a label line in proportion to the amount on the label', () => {
    const lineas = lineasDevolucion({ detalles: [etiqueta] });
    expect(lineas[0]!.proporcional).toBe(true);
    // 3.000 × 100 / 334 = 898,2 → $898, where montoPorPeso of 100 g would be $899.
    expect(leerDevolucion(lineas, { 8: '100 g' })).toMatchObject({ ok: true, total: 898 });
    expect(leerDevolucion(lineas, { 8: '334 g' })).toMatchObject({ ok: true, total: 3000 });
  });

  it('leaves out a loose sale: it has no product to return alone', () => {
    const libre = { ...detalle(0, 'Varios', 1, 1500), id_producto: null };
    expect(lineasDevolucion({ detalles: [libre, conDescuento] }).map((l) => l.nombre_producto)).toEqual(['Aceite']);
  });
});

describe('efectivoDevolucion: the cash of a refund, handed back rounded (Ley 20.956)', () => {
  it('a cash sale refunds in cash, to the ten', () => {
    expect(efectivoDevolucion({ metodo_pago: 'Efectivo', pagos: [], devoluciones: [] }, 3146)).toEqual({
      efectivo: 3146,
      redondeo: 4,
      entregar: 3150,
    });
    expect(efectivoDevolucion({ metodo_pago: 'Efectivo', pagos: [], devoluciones: [] }, 3145)).toEqual({
      efectivo: 3145,
      redondeo: -5,
      entregar: 3140,
    });
    expect(efectivoDevolucion({ metodo_pago: 'Tarjeta de Débito', pagos: [], devoluciones: [] }, 3146)).toEqual({
      efectivo: 0,
      redondeo: 0,
      entregar: 0,
    });
  });

  it('a split sale gives back its fiado part first, then cash, each at most what is left of it', () => {
    const venta = {
      metodo_pago: 'Mixto' as const,
      pagos: [
        { metodo_pago: 'Efectivo' as const, monto: 3000 },
        { metodo_pago: 'Tarjeta de Débito' as const, monto: 2000 },
        { metodo_pago: 'Fiado' as const, monto: 5000 },
      ],
      devoluciones: [],
    };
    // $6.503: $5.000 to the account, $1.503 in cash → $1.500.
    expect(efectivoDevolucion(venta, 6503)).toEqual({ efectivo: 1503, redondeo: -3, entregar: 1500 });
  });
});
