import { describe, expect, it } from 'vitest';
import { repartirDevolucion } from './reparto-devolucion.js';

describe('repartirDevolucion', () => {
  const partes = [
    { metodo_pago: 'Efectivo' as const, monto: 3000 },
    { metodo_pago: 'Fiado' as const, monto: 5000 },
    { metodo_pago: 'Tarjeta de Débito' as const, monto: 2000 },
  ];

  it('gives back to the account first, then cash, then the card', () => {
    expect(repartirDevolucion(4000, partes, [])).toEqual([{ metodo_pago: 'Fiado', monto: 4000 }]);
    expect(repartirDevolucion(6500, partes, [])).toEqual([
      { metodo_pago: 'Fiado', monto: 5000 },
      { metodo_pago: 'Efectivo', monto: 1500 },
    ]);
    expect(repartirDevolucion(10000, partes, [])).toEqual([
      { metodo_pago: 'Fiado', monto: 5000 },
      { metodo_pago: 'Efectivo', monto: 3000 },
      { metodo_pago: 'Tarjeta de Débito', monto: 2000 },
    ]);
  });

  it('takes into account what earlier returns gave back from each part', () => {
    const antes = [
      { metodo_pago: 'Fiado' as const, monto: 5000 },
      { metodo_pago: 'Efectivo' as const, monto: 1000 },
    ];
    expect(repartirDevolucion(3000, partes, antes)).toEqual([
      { metodo_pago: 'Efectivo', monto: 2000 },
      { metodo_pago: 'Tarjeta de Débito', monto: 1000 },
    ]);
  });

  it('refuses to give back more than was paid', () => {
    expect(() => repartirDevolucion(10001, partes, [])).toThrow();
  });
});
