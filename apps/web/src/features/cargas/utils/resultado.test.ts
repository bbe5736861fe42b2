import { describe, expect, it } from 'vitest';
import { extensionValida, parsearResultado, totalFilas } from './resultado';

describe('upload helpers', () => {
  it('accepts only .csv, .xlsx and .xml', () => {
    expect(extensionValida('ventas.CSV')).toBe(true);
    expect(extensionValida('productos.xlsx')).toBe(true);
    expect(extensionValida('datos.xml')).toBe(true);
    expect(extensionValida('datos.xls')).toBe(false);
    expect(extensionValida('foto.png')).toBe(false);
  });
  it('reads the result JSON and its row count', () => {
    const texto = JSON.stringify({
      total_filas: 12,
      errores: 1,
      detalle_errores: [{ fila: 3, campo: 'precio_venta', mensaje: 'x' }],
      status: 'ok',
      message: 'Listo',
    });
    const r = parsearResultado(texto);
    expect(r.ok && r.resultado.detalle_errores[0].fila).toBe(3);
    expect(totalFilas(texto)).toBe('12');
  });
  it('says so when the result cannot be read', () => {
    expect(parsearResultado('{no es json').ok).toBe(false);
    expect(totalFilas(null)).toBe('-');
  });
});
