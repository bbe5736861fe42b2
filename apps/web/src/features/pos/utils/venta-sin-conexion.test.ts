import { describe, expect, it } from 'vitest';
import { fechaConZona } from './venta-sin-conexion';

describe('fecha_venta of a sale made on the device', () => {
  it('is the device time to the second, with its UTC offset', () => {
    const ahora = new Date('2026-11-25T19:52:03.456Z');
    const texto = fechaConZona(ahora);
    expect(texto).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(texto)).toBe(Date.parse('2026-11-25T19:52:03Z'));
  });
});
